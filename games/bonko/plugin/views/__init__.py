"""Bonko's pages: the table page (``table``), the bell (``bell``; through the API: ``api``)
and the score cards (``cards``)."""
