"""The club's players on the organizer's pages: two records of one person merged (``merge``),
a player renamed or retired (through ``clubs``)."""
