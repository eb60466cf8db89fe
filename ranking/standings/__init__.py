"""The standings of events, derived from their sessions (above ``results`` in the layers).

* ``rules``: the ``EventRules`` an event's stored configuration describes;
* ``event_standings``: an event's standings lines from its counted sessions, byes and
  configuration, and the service that changes the configuration;
* ``services``: the stored standings computed again (``standings_recompute``) and the events
  whose standings are behind;
* ``tasks``: the Celery tasks (queued by name from ``tournaments.tasks``).

The arithmetic itself is pure and lives in ``ranking.arithmetic.standings``. The stored rows
(``Standing``, ``StandingsComputation``) and the configuration fields are models of
``tournaments``, which never imports this package: seating a swiss or progressive round reaches
the standings through ``tournaments.provided``, registered here at start-up.
"""
