"""The organizer's webhook pages (namespace ``manage``, included by ``config.urls``)."""

from django.urls import path

from webhooks import pages

manage_patterns = [
    path("clubs/<slug:slug>/webhooks/", pages.hooks_page, name="webhooks"),
    path("clubs/<slug:slug>/webhooks/<int:hook_id>/", pages.hook_page, name="webhook"),
    path(
        "clubs/<slug:slug>/webhooks/<int:hook_id>/deliveries/<int:delivery_id>/resend/",
        pages.resend,
        name="webhook-resend",
    ),
]
