"""What is derived from the results: the standings, the ratings and the statistics.

* ``standings``: an event's standings from its sessions, the recompute service and its tasks
  (app label ``standings``);
* ``ratings``: the rating pools, ratings and their history, season standings, their pages
  (app label ``ratings``);
* ``stats``: statistics per player and a club's season in a picture (app label ``stats``);
* ``arithmetic``: the pure arithmetic of the standings and the ratings (no Django, no app);
* ``charts``: the pure geometry of the SVG line charts the ratings and the statistics draw.

The standings and the statistics read the ratings, never the other way; the arithmetic and the
charts import no Django and no app. Not a Django app itself: each of the three apps keeps the
label it had before it moved here, so its tables, migrations, templates, URL namespaces and task
names stay.
"""
