"""The league's public pages (namespace ``leagues``)."""

from django.urls import path

from leagues import views

app_name = "leagues"

urlpatterns = [
    path("<slug:slug>/", views.league_page, name="league"),
    path("<slug:slug>/ratings/", views.ratings_page, name="ratings"),
    path("<slug:slug>/nights/", views.nights_page, name="nights"),
    path("<slug:slug>/nights/<int:event_id>/", views.night_page, name="night"),
    path("<slug:slug>/players/<int:number>/", views.player_page, name="player"),
]
