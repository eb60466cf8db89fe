"""The organizer's import pages, in the ``manage`` namespace (``config.urls``)."""

from django.urls import path

from games.bonken.imports import views

import_patterns = [
    path("clubs/<slug:slug>/import/", views.upload_page, name="sunmar-upload"),
    path("clubs/<slug:slug>/import/<int:upload_id>/", views.review_page, name="sunmar-review"),
]
