"""The pages that show sessions: the public event, table and player pages (``public``), a
player's evening, blank score sheets and CSV exports."""
