"""Rounds and their tables: seating a round (``services``), rounds, tables and seats by hand
and the locks every seat change takes (``tables``), closing and reopening rounds and events
(``lifecycle``), the round's timer (``timer``), the sets of a night (``night_sets``), a
substitute at a table (``substitutes``) and a round that is seated again (``reseating``)."""
