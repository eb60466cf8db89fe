"""Zero-repeat starts for the `balanced` method: schedules in which no two players share a table
twice, where one is known for the players present.

* ``constructions``: the finite-field and cyclic schedules, built from algebra (``fields``: the
  finite fields GF(q) they need);
* ``extras``: the players past a design's size in the seats of those on a bye;
* ``ghost``: three sitting out every round, from the design one point larger;
* ``stored``: the schedules found offline for sizes no design builds (18 and 22 players).
"""
