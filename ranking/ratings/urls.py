"""Public pages of the ratings and season standings (namespace ``ratings``)."""

from django.urls import path

from ranking.ratings import views

app_name = "ratings"

urlpatterns = [
    path("clubs/<slug:slug>/ratings/", views.club_ratings_page, name="club_ratings_page"),
    path("clubs/<slug:slug>/season/", views.season_page, name="season_page"),
    path("players/<int:player_id>/ratings/", views.player_ratings_page, name="player_ratings_page"),
]
