"""The personal link (``/r/<token>/``: no account needed) and the calendar feeds.

The link's token is the permission, like the door's: the player answers for the club's nights
ahead, renews or switches off their own link, subscribes to the club's calendar and their own
(the nights they said they are coming to) and reaches their e-mail settings (``week.mailings``,
by the link's address). The club's feed has its own secret address, which its members see on
the club's calendar page and their personal link."""

from __future__ import annotations

import datetime
import hashlib

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club
from core.errors import ServiceError
from core.refusals import anchored, page_again
from core.view_helpers import problems
from week.planning import links, services
from week.planning.feeds import calendar
from week.planning.models import Answer, ClubCalendar, PlannedNight, RsvpLink
from week.planning.selectors import nights_ahead
from week.planning.views.calendar import ANSWERED, with_answers
from week.planning.views.night import answer_button, answerable

FEED_DAYS_BACK = 90


def _stale(request: HttpRequest, exc: ServiceError) -> HttpResponse:
    return render(request, "planning/link_stale.html", {"errors": problems(exc.errors)}, status=404)


def webcal(url: str) -> str:
    """The ``webcal:`` address of a feed: a calendar app opens it to subscribe."""
    return "webcal://" + url.split("://", 1)[-1]


def link_page(request: HttpRequest, token: str, status: int = 200) -> HttpResponse:
    """The player's week: their answers to the nights ahead, the club's calendar and their own
    (addresses to subscribe to), their e-mail settings and their link itself."""
    try:
        link = links.link_for_token(token)
    except ServiceError as exc:
        return _stale(request, exc)
    nights = with_answers(list(nights_ahead(link.club).select_related("club")[:20]), link.player)
    feed_url = request.build_absolute_uri(reverse("planning:player_feed", args=[token]))
    club_feed_url = request.build_absolute_uri(
        reverse("planning:club_feed", args=[link.club.slug, links.club_calendar(link.club).token])
    )
    return render(
        request,
        "planning/link.html",
        {
            "link": link,
            "club": link.club,
            "player": link.player,
            "nights": nights,
            "answered": len([night for night in nights if getattr(night, "my_answer", "")]),
            "feed_url": feed_url,
            "feed_subscribe": webcal(feed_url),
            "club_feed_url": club_feed_url,
            "club_feed_subscribe": webcal(club_feed_url),
            "mail_settings": reverse("mailings:link_settings", args=[token]),
        },
        status=status,
    )


@require_POST
def link_answer(request: HttpRequest, token: str, night_id: int) -> HttpResponse:
    try:
        link = links.link_for_token(token)
    except ServiceError as exc:
        return _stale(request, exc)
    night = get_object_or_404(PlannedNight, pk=night_id, club=link.club)
    answer = request.POST.get("answer", "")
    try:
        services.rsvp_answer(
            night=night, player=link.player, answer=answer, actor=request.user, token=token
        )
    except ServiceError as exc:  # the link's page again: the summary, the night's buttons
        button = answer_button(night) if answerable(exc) else ""
        found = anchored(problems(exc.errors), {None: button})
        return page_again(request, link_page, found, token, status=exc.status_code)
    messages.success(request, ANSWERED.get(answer, ""))
    # Back at the night just answered (its card shows the answer), not at the page's top.
    page = reverse("planning:link_page", args=[token])
    return redirect(f"{page}#night-{night.pk}")


@require_POST
def link_renew(request: HttpRequest, token: str) -> HttpResponse:
    """The player's own new link (the old one stops working), or switching it off."""
    try:
        link = links.link_for_token(token)
    except ServiceError as exc:
        return _stale(request, exc)
    if request.POST.get("action") == "revoke":
        links.rsvp_link_revoke(club=link.club, player=link.player, actor=request.user, token=token)
        return render(request, "planning/link_stale.html", {"revoked": True})
    new = links.rsvp_link_issue(
        club=link.club, player=link.player, actor=request.user, token=token, renew=True
    )
    messages.success(
        request, _("This is your new link; the old one no longer works. Keep this one.")
    )
    return redirect("planning:link_page", token=new.link.token)


def _ics(request: HttpRequest, text: str, name: str) -> HttpResponse:
    """A feed with its ``ETag`` (the text's digest: the same nights in the same language give
    the same text); a calendar app asking again with it (``If-None-Match``) gets a 304."""
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{name}.ics"'
    response["Cache-Control"] = "private, max-age=300"
    etag = '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'
    response["ETag"] = etag
    return get_conditional_response(request, etag=etag, response=response) or response


def player_feed(request: HttpRequest, token: str) -> HttpResponse:
    """The nights the player said they are coming to (a cancelled one stays, as cancelled)."""
    link = RsvpLink.objects.select_related("club", "player").filter(token=token).first()
    if link is None:
        return HttpResponse(status=404)
    since = timezone.now() - datetime.timedelta(days=FEED_DAYS_BACK)
    nights = (
        PlannedNight.objects.filter(
            club=link.club,
            rsvps__player=link.player,
            rsvps__answer=Answer.YES,
            starts_at__gte=since,
        )
        .select_related("club")
        .order_by("starts_at", "pk")
    )
    page = request.build_absolute_uri(reverse("planning:link_page", args=[token]))
    name = _("%(club)s: my nights") % {"club": link.club.name}
    return _ics(request, calendar(name, nights, lambda _night: page), f"{link.club.slug}-mine")


def club_feed(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not ClubCalendar.objects.filter(club=club, token=token).exists():
        return HttpResponse(status=404)
    since = timezone.now() - datetime.timedelta(days=FEED_DAYS_BACK)
    nights = (
        PlannedNight.objects.filter(club=club, starts_at__gte=since)
        .select_related("club")
        .order_by("starts_at", "pk")
    )

    def url_of(night: PlannedNight) -> str:
        return request.build_absolute_uri(reverse("planning:night_page", args=[night.pk]))

    return _ics(request, calendar(club.name, nights, url_of), club.slug)
