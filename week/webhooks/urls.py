"""The organizer's webhook pages (namespace ``manage``, included by ``config.urls``)."""

from django.urls import path

from week.webhooks import views

manage_patterns = [
    path("clubs/<slug:slug>/webhooks/", views.hooks_page, name="webhooks"),
    path("clubs/<slug:slug>/webhooks/<int:hook_id>/", views.hook_page, name="webhook"),
    path(
        "clubs/<slug:slug>/webhooks/<int:hook_id>/deliveries/<int:delivery_id>/resend/",
        views.resend,
        name="webhook-resend",
    ),
]
