"""The organizer's webhook pages under the club's manage pages: the club's hooks and a form to
register one; a hook's page with its settings and its delivery log, where a delivery is sent
again; a test ping, from either page, lands on the hook's log. A hook's secret is shown once:
on the page the organizer lands on right after it was made (registered, or a new one), never
again."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.view_helpers import refused, refused_or_on_form, refused_or_told
from week.webhooks import services
from week.webhooks.forms import KIND_LABELS, LOG_LABELS, HookForm
from week.webhooks.models import Delivery, Hook
from week.webhooks.sending import signs_too
from week.webhooks.services import (
    hook_create,
    hook_delete,
    hook_new_secret,
    hook_update,
)

LOG_LENGTH = 50


def _show_once(request: HttpRequest, hook: Hook) -> None:
    """Keep the secret just made for the one page that shows it (the next one)."""
    request.session[f"webhook-secret-{hook.pk}"] = hook.secret


def _shown_now(request: HttpRequest, hook: Hook) -> str:
    """The secret made just before this page, or "" (it is shown this once)."""
    return str(request.session.pop(f"webhook-secret-{hook.pk}", ""))


def _club(request: HttpRequest, slug: str) -> Club | None:
    club = get_object_or_404(Club, slug=slug)
    return club if has_role(request, club.pk, ORGANIZER) else None


def _labels(kinds: list[str]) -> list[str]:
    return [str(KIND_LABELS.get(kind, kind)) for kind in kinds]


def hooks_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
    if club is None:
        return refused(request)
    form = HookForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            hook = hook_create(
                club=club,
                actor=request.user,
                url=data["url"],
                kinds=data["kinds"],
                description=data["description"],
            )
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            _show_once(request, hook)
            messages.success(
                request,
                _(
                    "The webhook is saved. Its secret signs every "
                    "delivery; copy it to the receiver."
                ),
            )
            return redirect("manage:hook_page", slug=club.slug, hook_id=hook.pk)
    hooks = [(hook, _labels(hook.kinds)) for hook in Hook.objects.filter(club=club)]
    return render(
        request,
        "webhooks/hooks.html",
        {"club": club, "form": form, "hooks": hooks},
        status=400 if form.errors else 200,
    )


def hook_page(request: HttpRequest, slug: str, hook_id: int) -> HttpResponse:
    club = _club(request, slug)
    if club is None:
        return refused(request)
    hook = get_object_or_404(Hook, pk=hook_id, club=club)
    action = request.POST.get("action", "edit") if request.method == "POST" else None
    initial = {
        "url": hook.url,
        "description": hook.description,
        "kinds": hook.kinds,
        "active": hook.active,
    }
    form = HookForm(request.POST if action == "edit" else None, initial=initial, with_active=True)
    if action in ("secret", "delete"):
        try:
            if action == "secret":
                _show_once(request, hook_new_secret(hook=hook, actor=request.user))
                messages.success(request, _("The webhook has a new secret."))
            else:
                hook_delete(hook=hook, actor=request.user)
                messages.success(request, _("The webhook is deleted."))
                return redirect("manage:hooks_page", slug=club.slug)
        except ServiceError as exc:
            if (answer := refused_or_told(request, exc)) is not None:
                return answer
        return redirect("manage:hook_page", slug=club.slug, hook_id=hook.pk)
    if action == "edit" and form.is_valid():
        data = form.cleaned_data
        try:
            hook_update(
                hook=hook,
                actor=request.user,
                url=data["url"],
                kinds=data["kinds"],
                description=data["description"],
                active=data["active"],
            )
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(request, _("The webhook is saved."))
            return redirect("manage:hook_page", slug=club.slug, hook_id=hook.pk)
    log = list(Delivery.objects.filter(hook=hook).order_by("-created_at", "-id")[:LOG_LENGTH])
    secret = _shown_now(request, hook)
    page = render(
        request,
        "webhooks/hook.html",
        {
            "club": club,
            "hook": hook,
            "form": form,
            "kinds": _labels(hook.kinds),
            "secret": secret,
            "previous_signs": signs_too(hook),
            "overlap_hours": round(settings.WEBHOOKS_SECRET_OVERLAP_HOURS),
            "deliveries": [(d, LOG_LABELS.get(d.kind, d.kind)) for d in log],
        },
        status=400 if form.errors else 200,
    )
    if secret:
        page["Cache-Control"] = "no-store"  # the secret is shown this once, kept nowhere
    return page


@require_POST
def delivery_resend(
    request: HttpRequest, slug: str, hook_id: int, delivery_id: int
) -> HttpResponse:
    club = _club(request, slug)
    if club is None:
        return refused(request)
    delivery = get_object_or_404(
        Delivery.objects.select_related("hook"), pk=delivery_id, hook_id=hook_id, hook__club=club
    )
    try:
        services.delivery_resend(delivery=delivery, actor=request.user)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        messages.success(request, _("The delivery is sent again; it is at the top of the log."))
    return redirect("manage:hook_page", slug=club.slug, hook_id=hook_id)


@require_POST
def hook_ping(request: HttpRequest, slug: str, hook_id: int) -> HttpResponse:
    """Send the hook a test ping; the hook's page shows it at the top of its log."""
    club = _club(request, slug)
    if club is None:
        return refused(request)
    hook = get_object_or_404(Hook, pk=hook_id, club=club)
    page = reverse("manage:hook_page", args=[club.slug, hook.pk])
    try:
        services.hook_ping(hook=hook, actor=request.user)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
        return redirect(page)
    messages.success(
        request,
        _("The test ping is sent; the log shows it at the top, with the receiver's answer."),
    )
    return redirect(f"{page}#log-title")
