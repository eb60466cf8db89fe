"""The link previews' pictures (namespace ``sharing``): one URL per object and language, so a
picture's address is stable and a chat app may keep it."""

from django.urls import path

from web.sharing import views

app_name = "sharing"

urlpatterns = [
    path("events/<int:event_id>/<str:language>.png", views.event_picture, name="event_picture"),
    path(
        "events/<int:event_id>/players/<int:player_id>/<str:language>.png",
        views.evening_picture,
        name="evening_picture",
    ),
    path(
        "players/<int:player_id>/ratings/<int:club_id>/<slug:game>/<str:language>.png",
        views.rating_picture,
        name="rating_picture",
    ),
]
