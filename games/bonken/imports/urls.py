"""The organizer's import pages, in the ``manage`` namespace (``config.urls``)."""

from django.urls import path

from games.bonken.imports import views

import_patterns = [
    path("clubs/<slug:slug>/import/", views.sunmar_upload, name="sunmar_upload"),
    path("clubs/<slug:slug>/import/<int:upload_id>/", views.sunmar_review, name="sunmar_review"),
]
