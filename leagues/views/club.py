"""A club organizer's side of the leagues: the club's leagues page (the invitations to accept
or decline, the leagues it plays in, its players' league numbers with their consent), a club
event counted as a league night from the event's page, and the pages that end something with
a reason (a membership, a night that counts, a link). Each form calls its service; a refusal
is shown on the form, at its top and beside its field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club, Player
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.refusals import page_again
from core.view_helpers import problems, refused, refused_or_on_form
from leagues import services
from leagues.forms import AnswerForm, LeagueChoiceForm, LinkForm
from leagues.links import league_link_consent
from leagues.models import League, LeagueClub, LeagueNight
from leagues.nights import league_night_mark
from leagues.views import queries
from tournaments.events.views.organizer import event_dashboard
from tournaments.models import Event


def _club(request: HttpRequest, slug: str) -> Club | None:
    club = get_object_or_404(Club, slug=slug)
    return club if has_role(request, club.pk, ORGANIZER) else None


def _forms(request: HttpRequest, club: Club, posted: str | None) -> dict[str, forms.Form]:
    def data(name: str) -> Any:
        return request.POST if posted == name else None

    return {
        "answer": AnswerForm(data("answer"), prefix="answer"),
        "link": LinkForm(
            data("link"),
            leagues=queries.member_leagues(club),
            players=queries.club_players(club),
            prefix="link",
        ),
    }


def _apply(request: HttpRequest, club: Club, name: str, form: forms.Form) -> str:
    data = form.cleaned_data
    if name == "answer":
        row = get_object_or_404(LeagueClub, pk=data["membership"], club=club)
        accept = data["answer"] == "accept"
        services.league_club_answer(membership=row, actor=request.user, accept=accept)
        if accept:
            return _("%(club)s is a member of %(league)s.") % {
                "club": club.name,
                "league": row.league.name,
            }
        return _("The invitation of %(league)s is declined.") % {"league": row.league.name}
    league = get_object_or_404(League, pk=data["league"])
    player = get_object_or_404(Player, pk=data["player"])
    link = league_link_consent(
        league=league,
        player=player,
        club=club,
        actor=request.user,
        number=data.get("number"),
        on_behalf=bool(data.get("on_behalf")),
        reason=data.get("reason") or "",
    )
    if link.active:
        return _("%(player)s counts in %(league)s as number %(number)s.") % {
            "player": player.name,
            "league": league.name,
            "number": link.league_player.number,
        }
    return _("%(player)s has number %(number)s in %(league)s once the player agrees too.") % {
        "player": player.name,
        "league": league.name,
        "number": link.league_player.number,
    }


def club_leagues(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's leagues for its organizers: invitations, memberships, league numbers."""
    club = _club(request, slug)
    if club is None:
        return refused(request)
    posted = request.POST.get("form") if request.method == "POST" else None
    page_forms = _forms(request, club, posted)
    status = 200
    if posted is not None:
        form = page_forms.get(posted)
        if form is None:
            return refused(request)
        if form.is_valid():
            try:
                done = _apply(request, club, posted, form)
            except ServiceError as exc:
                if (answer := refused_or_on_form(request, exc, form)) is not None:
                    return answer
            else:
                messages.success(request, done)
                return redirect("manage:club_leagues", slug=club.slug)
        status = 400
    return render(
        request,
        "leagues/manage/club.html",
        {
            "club": club,
            "forms": page_forms,
            "memberships": queries.club_memberships(club),
            "links": queries.club_links(club),
            "runs": queries.runs(request.user),
        },
        status=status,
    )


@require_POST
def event_league_mark(request: HttpRequest, event_id: int) -> HttpResponse:
    """Count the event as a league night (from the event's page); a refusal draws that page
    again with the problem at the top of the form and beside its field."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    if not has_role(request, event.club_id, ORGANIZER):
        return refused(request)
    form = LeagueChoiceForm(
        request.POST, leagues=queries.club_member_leagues(event), prefix="league"
    )
    if form.is_valid():
        league = get_object_or_404(League, pk=form.cleaned_data["league"])
        try:
            league_night_mark(
                league=league, event=event, actor=request.user, kind=LeagueNight.Kind.NIGHT
            )
        except ServiceError as exc:
            if exc.status_code == 403:
                return refused(request, exc)
            found = [{**p, "field": "league"} for p in problems(exc.errors)]
            return page_again(request, event_dashboard, found, event.pk, status=exc.status_code)
        messages.success(
            request,
            _("%(event)s counts for %(league)s.") % {"event": event.name, "league": league.name},
        )
        return redirect(reverse("manage:event_dashboard", args=[event.pk]) + "#league-title")
    return page_again(request, event_dashboard, [], event.pk, status=400)
