"""The pages that end something of a league, each asking why first: a club's membership (the
club's organizers or the league's; what counted stays), a night that counts (the night's club
for its own league night, the league's organizers for any), a player's league number at a club
(the club's organizers). Each calls its service; a refusal is shown at the top of the form."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs.models import Club
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.view_helpers import refused, refused_or_on_form
from leagues.access import runs_league
from leagues.forms import ReasonForm
from leagues.links import league_link_withdraw
from leagues.models import League, LeagueClub, LeagueLink, LeagueNight
from leagues.nights import league_night_unmark
from leagues.services import league_club_leave


def _ask(
    request: HttpRequest,
    form: ReasonForm,
    *,
    title: str,
    lead: str,
    button: str,
    back: str,
    status: int = 200,
) -> HttpResponse:
    return render(
        request,
        "leagues/manage/end.html",
        {"form": form, "title": title, "lead": lead, "button": button, "back": back},
        status=400 if form.errors else status,
    )


def league_club_end(request: HttpRequest, slug: str, club_slug: str) -> HttpResponse:
    """The club leaves the league (its organizers, or the league's)."""
    league = get_object_or_404(League, slug=slug)
    row = get_object_or_404(
        LeagueClub.objects.select_related("club"), league=league, club__slug=club_slug
    )
    club_side = has_role(request, row.club_id, ORGANIZER)
    if not club_side and not runs_league(request.user, league):
        return refused(request)
    back = (
        reverse("manage:club_leagues", args=[row.club.slug])
        if club_side
        else reverse("manage:league_manage", args=[league.slug])
    )
    form = ReasonForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            league_club_leave(
                membership=row, actor=request.user, reason=form.cleaned_data["reason"]
            )
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(
                request,
                _("%(club)s has left %(league)s; its nights until today still count.")
                % {"club": row.club.name, "league": league.name},
            )
            return redirect(back)
    return _ask(
        request,
        form,
        title=_("%(club)s leaves %(league)s") % {"club": row.club.name, "league": league.name},
        lead=_(
            "What the club played for the league until today keeps counting; its later nights "
            "do not. The league may invite the club again."
        ),
        button=_("End the membership"),
        back=back,
    )


def league_night_end(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Stop counting a night: the league is computed again without it, as a new version."""
    league = get_object_or_404(League, slug=slug)
    night = get_object_or_404(
        LeagueNight.objects.select_related("event", "event__club"),
        league=league,
        event_id=event_id,
        unmarked_at__isnull=True,
    )
    club_side = night.kind == LeagueNight.Kind.NIGHT and has_role(
        request, night.event.club_id, ORGANIZER
    )
    runs = runs_league(request.user, league)
    if not club_side and not runs:
        return refused(request)
    back = (
        reverse("manage:league_manage", args=[league.slug])
        if runs
        else reverse("manage:event_dashboard", args=[night.event_id])
    )
    form = ReasonForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            league_night_unmark(night=night, actor=request.user, reason=form.cleaned_data["reason"])
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(
                request,
                _("%(event)s no longer counts for %(league)s.")
                % {"event": night.event.name, "league": league.name},
            )
            return redirect(back)
    return _ask(
        request,
        form,
        title=_("%(event)s stops counting for %(league)s")
        % {"event": night.event.name, "league": league.name},
        lead=_(
            "The league's standings and rating are computed again without this night, as a "
            "new version that gives your reason."
        ),
        button=_("Stop counting this night"),
        back=back,
    )


def league_link_end(request: HttpRequest, slug: str, link_id: int) -> HttpResponse:
    """The club withdraws its consent to a player's league number (its organizers)."""
    club = get_object_or_404(Club, slug=slug)
    if not has_role(request, club.pk, ORGANIZER):
        return refused(request)
    link = get_object_or_404(
        LeagueLink.objects.select_related("league", "league_player", "player"),
        pk=link_id,
        club=club,
        withdrawn_at__isnull=True,
    )
    back = reverse("manage:club_leagues", args=[club.slug])
    form = ReasonForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            league_link_withdraw(link=link, actor=request.user, reason=form.cleaned_data["reason"])
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(
                request,
                _("%(player)s no longer counts as number %(number)s in %(league)s.")
                % {
                    "player": link.player.name,
                    "number": link.league_player.number,
                    "league": link.league.name,
                },
            )
            return redirect(back)
    return _ask(
        request,
        form,
        title=_("%(player)s: number %(number)s in %(league)s")
        % {
            "player": link.player.name,
            "number": link.league_player.number,
            "league": link.league.name,
        },
        lead=_(
            "The league stops counting this record as the player's league number; its "
            "standings and rating are computed again without it. The club keeps its own "
            "history of the player."
        ),
        button=_("Withdraw the consent"),
        back=back,
    )
