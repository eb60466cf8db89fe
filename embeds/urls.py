"""The embeds (namespace ``embeds``, under ``/embed/``) and the organizer's page of the club's
embeds (``manage_patterns``, included by ``config.urls``)."""

from django.urls import path

from embeds import settings_page, views

app_name = "embeds"

manage_patterns = [
    path("clubs/<slug:slug>/embeds/", settings_page.embed_settings, name="embed-settings"),
]

urlpatterns = [
    path("clubs/<slug:slug>/", views.club_embed, name="club"),
    path("events/<int:event_id>/", views.event_embed, name="event"),
]
