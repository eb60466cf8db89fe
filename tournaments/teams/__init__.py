"""Teams for the night of a team game: pair two players, pair at random, take a team apart
(``services``), and the organizer's teams page."""
