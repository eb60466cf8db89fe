"""Bonanza Rummy: its rules (``rules``, pure) and its Django side (``plugin``), one folder."""
