"""A club's own rules for a game: saved as versions (``services``), typed as the game's data
(``forms``), and the club's house rules page."""
