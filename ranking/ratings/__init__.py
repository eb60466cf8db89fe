"""The ratings, a Django app above the sessions: rating pools, their history and current
ratings in the database, kept up to date from complete sessions; season standings over a club's
sessions.

* ``models`` (tables named ``ratings_*``), ``admin``, ``urls``;
* ``order``: the play order of sessions (one definition, used everywhere);
* ``store``: lean bulk reads (``store.loading``), and writes with COPY on PostgreSQL
  (``store.writing``);
* ``services``: ``ratings_update``, ``ratings_rebuild`` and friends (writes); ``config``: a
  pool's configuration as the arithmetic reads it (read by services and selectors alike);
* ``selectors``: rating lists (now or as of a date), a player's explained history, stale
  pools (reads);
* ``season``: season standings of a club over a date range;
* ``views`` and ``chart``: the server-rendered pages, the chart drawn with ``ranking.charts.lines``;
* ``tasks``: the Celery tasks, queued by name from ``tournaments.tasks``;
* the speed benchmark with PostgreSQL is ``python -m bench.ratings_db``.

The arithmetic lives in ``ranking.arithmetic.ratings`` and knows nothing of Django.
"""
