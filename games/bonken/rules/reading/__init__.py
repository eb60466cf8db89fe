"""Reading one game of a Bonken session document, every problem reported.

* ``deal``: what was recorded about one deal, at any of the three levels (``counts``,
  ``points``, ``net``), and the totals;
* ``doubles``: the doubles checked, and scored;
* ``outcomes``: the scores after doubling a deal of a contract can give (a ``net`` row is
  checked against them);
* ``game_checks``: one game read in play order, the rotation state kept up to date;
* ``sheet_level``: a session copied from a paper score sheet, one row per contract.

The session loop that calls them is ``games.bonken.rules.scoring``; ``engine`` reads the
document as a whole.
"""
