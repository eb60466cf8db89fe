"""Bonanza's pages: the table page (``table``) and paper entry (``paper``)."""
