"""The statistics pages (namespace ``stats``)."""

from django.urls import path

from ranking.stats import views

app_name = "stats"

urlpatterns = [
    path("players/<int:player_id>/stats/", views.player_stats_page, name="player_stats_page"),
    path(
        "clubs/<slug:slug>/season/picture/", views.season_picture_page, name="season_picture_page"
    ),
]
