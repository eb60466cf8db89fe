from django.urls import path

from results.views import correct, offline, scoring, signoff
from tournaments.game_plugins import plugin_urlpatterns

app_name = "scoring"

urlpatterns = [
    path("t/sw.js", offline.service_worker, name="service_worker"),
    path("t/<str:token>/manifest.webmanifest", offline.manifest, name="manifest"),
    path("t/<str:token>/", scoring.table_page, name="table_page"),
    path("t/<str:token>/check/", scoring.check, name="check"),
    path("t/<str:token>/undo/", scoring.undo, name="undo"),
    path("t/<str:token>/paper/", scoring.paper_page, name="paper_page"),
    path("t/<str:token>/signoff/", signoff.signoff, name="signoff"),
    path("manage/tables/<int:table_id>/signoff/", signoff.signoff_manage, name="signoff_manage"),
    path("manage/tables/<int:table_id>/correct/<int:number>/", correct.correct, name="correct"),
]
# Each installed game's own addresses of a table (Bonko: the bell), tournaments.game_plugins.
urlpatterns += plugin_urlpatterns("scoring")
