"""Bonko nights in the service: the bell of a round, and the seating that follows the results
(the Django side of the pure rules in ``games.bonko``)."""
