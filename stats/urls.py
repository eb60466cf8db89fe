"""The statistics pages (namespace ``stats``)."""

from django.urls import path

from stats import pages

app_name = "stats"

urlpatterns = [
    path("players/<int:player_id>/stats/", pages.player_stats_page, name="player"),
    path("clubs/<slug:slug>/season/picture/", pages.season_picture_page, name="season-picture"),
]
