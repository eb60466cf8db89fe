"""Events and how they are played, one sub-package a concept:

- ``events``: an event and its entries (create, change, publish; check-in and walk-ins; the
  event's own scorers), the organizer's event pages and what the public pages see of an event;
- ``rounds``: its rounds and their tables: seating, tables and seats by hand, closing and
  reopening, the round's timer, the sets of a night, substitutes, the organizer's round pages;
- ``door``: players checking themselves in at the door, how often it may be written to, the
  door's pages and ``/me/``;
- ``teams``: teams for the night of a team game;
- ``house_rules``: a club's own rulesets for a game;
- ``players``: the club's players on the organizer's pages (rename, merge, retire);
- ``screen``: the room's screen;
- ``models`` and ``admin``: the models, one module a group, and their admin.

Each keeps its writes in ``services.py`` (or a module named after what it writes) and its pages
in ``views/``. Beside them, what the whole app shares: ``selectors`` (who may see what, the
stored standings), ``announce`` (club events told to the outside), ``tasks`` (derived work,
queued by task name) and ``provided`` (what it needs from the apps above).
"""
