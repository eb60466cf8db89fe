from django.urls import path

from games.views import bell, offline, paper, scoring, signoff

app_name = "scoring"

urlpatterns = [
    path("t/sw.js", offline.service_worker, name="service-worker"),
    path("t/<str:token>/manifest.webmanifest", offline.manifest, name="manifest"),
    path("t/<str:token>/", scoring.score_page, name="table"),
    path("t/<str:token>/check/", scoring.check, name="check"),
    path("t/<str:token>/undo/", scoring.undo, name="undo"),
    path("t/<str:token>/paper/", paper.paper_page, name="paper"),
    path("t/<str:token>/bell/", bell.bell, name="bell"),
    path("t/<str:token>/signoff/", signoff.signoff, name="signoff"),
    path("manage/tables/<int:table_id>/signoff/", signoff.signoff_manage, name="signoff-manage"),
]
