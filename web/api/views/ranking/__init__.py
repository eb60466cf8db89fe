"""Ratings and figures over time: a club's ratings and a player's history (``ratings``), season
standings (``season``), a player's statistics (``stats``), and the lists that are CSV files too
(``csv_lists``)."""
