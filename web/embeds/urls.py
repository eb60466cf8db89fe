"""The embeds (namespace ``embeds``, under ``/embed/``) and the organizer's page of the club's
embeds (``manage_patterns``, included by ``config.urls``)."""

from django.urls import path

from web.embeds.views import frames, settings

app_name = "embeds"

manage_patterns = [
    path("clubs/<slug:slug>/embeds/", settings.embed_settings, name="embed_settings"),
]

urlpatterns = [
    path("clubs/<slug:slug>/", frames.club_embed, name="club_embed"),
    path("events/<int:event_id>/", frames.event_embed, name="event_embed"),
]
