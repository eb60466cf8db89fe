"""The organizer's webhook pages (namespace ``manage``, included by ``config.urls``)."""

from django.urls import path

from week.webhooks import views

manage_patterns = [
    path("clubs/<slug:slug>/webhooks/", views.hooks_page, name="hooks_page"),
    path("clubs/<slug:slug>/webhooks/<int:hook_id>/", views.hook_page, name="hook_page"),
    path("clubs/<slug:slug>/webhooks/<int:hook_id>/ping/", views.hook_ping, name="hook_ping"),
    path(
        "clubs/<slug:slug>/webhooks/<int:hook_id>/deliveries/<int:delivery_id>/resend/",
        views.delivery_resend,
        name="delivery_resend",
    ),
]
