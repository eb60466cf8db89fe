"""Public pages of the ratings and season standings (namespace ``ratings``)."""

from django.urls import path

from ratings import pages

app_name = "ratings"

urlpatterns = [
    path("clubs/<slug:slug>/ratings/", pages.club_ratings_page, name="club"),
    path("clubs/<slug:slug>/season/", pages.season_page, name="season"),
    path("players/<int:player_id>/ratings/", pages.player_ratings_page, name="player"),
]
