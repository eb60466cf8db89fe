"""Bonken: its rules (``rules``, pure), its Django side (``plugin``) and the reader of the Bonken
app's backups (``sunmar``, pure), one folder."""
