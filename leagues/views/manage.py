"""The league's organizer pages: founding a league (from a club organizer's leagues page), the
league's own page with its forms (settings, inviting clubs, seasons, league days, organizers)
and a season's page. Each form calls its service; a refusal is shown on the form, at its top
and beside its field (``includes/errors.html``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs.models import Club
from core.errors import ServiceError
from core.view_helpers import refused, refused_or_on_form
from games.registry import games
from leagues import services
from leagues.access import runs_league
from leagues.forms import (
    ClubInviteForm,
    EventChoiceForm,
    LeagueCreateForm,
    LeagueSettingsForm,
    OrganizerAddForm,
    OrganizerRemoveForm,
    SeasonForm,
)
from leagues.models import League, LeagueNight, LeagueSeason
from leagues.nights import league_night_mark
from leagues.seasons import league_season_save
from leagues.views import queries
from ranking.ratings.views import game_label
from tournaments.models import Event


def league_create(request: HttpRequest) -> HttpResponse:
    """Found a league (any signed-in person); a club the founder organizes may join at once."""
    if not request.user.is_authenticated:
        return refused(request)
    clubs = queries.organized_clubs(request.user)
    wanted = Club.objects.filter(slug=request.GET.get("club", "")).values_list("pk", flat=True)
    form = LeagueCreateForm(
        request.POST if request.method == "POST" else None,
        games=[(code, game_label(code)) for code in games()],
        clubs=clubs,
        initial={"club": next(iter(wanted), "")},
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        club = Club.objects.filter(pk=data["club"]).first() if data.get("club") else None
        try:
            league = services.league_create(
                actor=request.user, name=data["name"], game=data["game"], club=club
            )
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(request, _("The league is founded. Now invite its clubs."))
            return redirect("manage:league_manage", slug=league.slug)
    return render(
        request, "leagues/manage/create.html", {"form": form}, status=400 if form.errors else 200
    )


def _forms(request: HttpRequest, league: League, posted: str | None) -> dict[str, forms.Form]:
    """The league page's forms, the one that was posted bound to the post."""

    def data(name: str) -> Any:
        return request.POST if posted == name else None

    return {
        "settings": LeagueSettingsForm(
            data("settings"),
            initial={"name": league.name, "club_nights": league.club_nights},
            prefix="settings",
        ),
        "invite": ClubInviteForm(
            data("invite"), clubs=queries.invitable_clubs(league), prefix="invite"
        ),
        "season": SeasonForm(data("season"), prefix="season"),
        "day": EventChoiceForm(data("day"), events=queries.day_choices(league), prefix="day"),
        "organizer": OrganizerAddForm(data("organizer"), prefix="organizer"),
        "organizer_remove": OrganizerRemoveForm(data("organizer_remove")),
    }


def _apply(request: HttpRequest, league: League, name: str, form: forms.Form) -> str:
    """Carry out the posted form through its service; the message to show."""
    data, actor = form.cleaned_data, request.user
    if name == "settings":
        services.league_update(
            league=league, actor=actor, name=data["name"], club_nights=data["club_nights"]
        )
        return _("The league's settings are saved.")
    if name == "invite":
        club = get_object_or_404(Club, pk=data["club"])
        services.league_club_invite(league=league, club=club, actor=actor)
        return _("%(club)s is invited; an organizer of the club accepts on its leagues page.") % {
            "club": club.name
        }
    if name == "season":
        assert isinstance(form, SeasonForm)
        season = league_season_save(league=league, actor=actor, **form.service_fields())
        return _("The season %(name)s is saved.") % {"name": season.name}
    if name == "day":
        night = league_night_mark(
            league=league,
            event=get_object_or_404(Event, pk=data["event"]),
            actor=actor,
            kind=LeagueNight.Kind.DAY,
        )
        return _("%(event)s counts as a league day.") % {"event": night.event.name}
    user = User.objects.filter(username=data.get("username") or "", is_active=True).first()
    if name == "organizer_remove":
        user = User.objects.filter(pk=data["user"]).first()
    if user is None:
        form.add_error(
            "username" if "username" in form.fields else None, _("There is no such login.")
        )
        raise _Invalid
    if name == "organizer":
        services.league_organizer_add(league=league, actor=actor, user=user)
        return _("%(user)s now organizes the league.") % {"user": user.get_username()}
    services.league_organizer_remove(league=league, actor=actor, user=user)
    return _("%(user)s no longer organizes the league.") % {"user": user.get_username()}


class _Invalid(Exception):
    """The form is shown again with the problem it was given."""


def _league_for(request: HttpRequest, slug: str) -> League | None:
    league = get_object_or_404(League, slug=slug)
    return league if runs_league(request.user, league) else None


def league_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's organizer page: its clubs, seasons, nights, settings and organizers."""
    league = _league_for(request, slug)
    if league is None:
        return refused(request)
    posted = request.POST.get("form") if request.method == "POST" else None
    page_forms = _forms(request, league, posted)
    status = 200
    if posted is not None:
        form = page_forms.get(posted)
        if form is None:
            return refused(request)
        if form.is_valid():
            try:
                done = _apply(request, league, posted, form)
            except _Invalid:
                pass
            except ServiceError as exc:
                if (answer := refused_or_on_form(request, exc, form)) is not None:
                    return answer
            else:
                messages.success(request, done)
                return redirect("manage:league_manage", slug=league.slug)
        status = 400
    return render(
        request,
        "leagues/manage/league.html",
        {
            "league": league,
            "game_name": game_label(league.game),
            "forms": page_forms,
            "rows": queries.league_rows(league),
            "seasons": league.seasons.order_by("-start", "pk"),
            "nights": queries.counting(league),
            "organizers": queries.organizers(league),
            "kinds": LeagueNight.Kind,
        },
        status=status,
    )


def league_season_edit(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    """Change a season: its name, days and how it ranks; its standings are computed again."""
    league = _league_for(request, slug)
    if league is None:
        return refused(request)
    season = get_object_or_404(LeagueSeason, pk=season_id, league=league)
    then = season.rank_by[1] if len(season.rank_by) > 1 else ""
    initial = {
        "name": season.name,
        "start": season.start,
        "end": season.end,
        "rank_by": season.rank_by[0] if season.rank_by else "total",
        "then_by": then,
        "best_nights": season.best_nights,
        "min_nights": season.min_nights,
        "points_per_place": ", ".join(f"{p:g}" for p in season.points_per_place),
    }
    form = SeasonForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            season = league_season_save(
                league=league, actor=request.user, season=season, **form.service_fields()
            )
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(request, _("The season %(name)s is saved.") % {"name": season.name})
            return redirect("manage:league_manage", slug=league.slug)
    return render(
        request,
        "leagues/manage/season.html",
        {"league": league, "season": season, "form": form},
        status=400 if form.errors else 200,
    )
