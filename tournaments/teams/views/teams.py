"""The organizer's page of an event's teams for the night (a team game: Bonko): pair two
present players, pair the rest at random, take a team apart."""

from __future__ import annotations

from dataclasses import dataclass, field

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from clubs.models import Player
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.forms import set_choices
from core.view_helpers import attach_problems, number_from, problems, refused
from tournaments.models import Event, EventPlayer, EventTeam
from tournaments.teams.services import (
    plays_in_teams,
    team_pair,
    team_pair_substitute,
    team_sit_out,
    team_unpair,
    teams_pair_at_random,
)


class PairForm(forms.Form):
    first = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)
    second = forms.TypedChoiceField(label=gettext_lazy("Partner"), coerce=int)
    name = forms.CharField(
        label=gettext_lazy("Team name (optional)"), max_length=80, required=False
    )

    def __init__(self, *args: object, choices: list[tuple[int, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        set_choices(self, "first", choices)
        set_choices(self, "second", choices)
        if len(choices) > 1:  # two players from the start, never one with themselves
            self.initial.setdefault("second", choices[1][0])


class SubstituteForm(forms.Form):
    player = forms.TypedChoiceField(label=gettext_lazy("Player without a partner"), coerce=int)
    substitute = forms.TypedChoiceField(
        label=gettext_lazy("Substitute: a club member who is not here"),
        coerce=int,
        required=False,
        empty_value=None,
    )
    walk_in = forms.CharField(
        label=gettext_lazy("or a walk-in's name"), max_length=80, required=False
    )
    name = forms.CharField(
        label=gettext_lazy("Team name (optional)"), max_length=80, required=False
    )

    def __init__(
        self,
        *args: object,
        choices: list[tuple[int, str]],
        members: list[tuple[int, str]],
        **kwargs: object,
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        set_choices(self, "player", choices)
        set_choices(self, "substitute", [("", "–"), *members])


class SitOutForm(forms.Form):
    player = forms.TypedChoiceField(label=gettext_lazy("Player without a partner"), coerce=int)

    def __init__(self, *args: object, choices: list[tuple[int, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        set_choices(self, "player", choices)


def absent_members(event: Event) -> list[tuple[int, str]]:
    """The club's members who are not checked in for the event: possible substitutes."""
    here = EventPlayer.objects.filter(event=event, present=True).values_list("player_id")
    members = (
        Player.objects.filter(memberships__club_id=event.club_id)
        .exclude(pk__in=here)
        .distinct()
        .order_by("name", "pk")
    )
    return [(player.pk, player.name) for player in members]


def _lone_action(request: HttpRequest, event: Event, form: forms.Form) -> HttpResponse | None:
    """Pair a player without a partner with a substitute, or let them sit out."""
    if not form.is_valid():
        return None
    if isinstance(form, SitOutForm):
        entry = team_sit_out(event=event, actor=request.user, **form.cleaned_data)
        messages.success(request, _("%(name)s sits out tonight.") % {"name": entry.player.name})
    else:
        team = team_pair_substitute(event=event, actor=request.user, **form.cleaned_data)
        messages.success(request, _("%(name)s play together tonight.") % {"name": team.name})
    return redirect("manage:teams_page", event_id=event.pk)


@dataclass
class _TeamForms:
    """The page's forms (the one an action posted bound to its data) and its problems that
    belong to no form."""

    pair: forms.Form
    lone: forms.Form
    sit_out: forms.Form
    errors: list[dict[str, object]] = field(default_factory=list)

    @classmethod
    def for_action(
        cls,
        action: str | None,
        data: QueryDict,
        free: list[tuple[int, str]],
        members: list[tuple[int, str]],
    ) -> _TeamForms:
        def posted(name: str) -> QueryDict | None:
            return data if action == name else None

        pairs = action is not None and action not in ("substitute", "sit_out", "random", "unpair")
        return cls(
            pair=PairForm(data if pairs else None, choices=free),
            lone=SubstituteForm(posted("substitute"), choices=free, members=members),
            sit_out=SitOutForm(posted("sit_out"), choices=free),
        )

    def show(self, action: str, found: list[dict[str, object]]) -> None:
        """Put the service's problems where the action's form is (or above the forms)."""
        if action in ("random", "unpair"):
            self.errors = found
        elif action == "substitute":
            attach_problems(self.lone, found)
        elif action == "sit_out":
            attach_problems(self.sit_out, found)
        else:
            attach_problems(self.pair, found)

    def failed(self) -> bool:
        return bool(self.errors or self.pair.errors or self.lone.errors or self.sit_out.errors)


def _team_action(
    request: HttpRequest, event: Event, action: str, page: _TeamForms
) -> HttpResponse | None:
    """Carry out the posted action; None when a form has problems to show."""
    if action in ("substitute", "sit_out"):
        return _lone_action(request, event, page.lone if action == "substitute" else page.sit_out)
    if action == "random":
        made = teams_pair_at_random(event=event, actor=request.user)
        messages.success(
            request,
            ngettext("%(n)s team paired: %(names)s.", "%(n)s teams paired: %(names)s.", len(made))
            % {"n": len(made), "names": "; ".join(team.name for team in made)},
        )
        return redirect("manage:teams_page", event_id=event.pk)
    if action == "unpair":
        team = get_object_or_404(EventTeam, pk=number_from(request.POST, "team") or 0, event=event)
        team_unpair(team=team, actor=request.user)
        messages.success(request, _("%(name)s is no longer a team.") % {"name": team.name})
        return redirect("manage:teams_page", event_id=event.pk)
    if page.pair.is_valid():
        team = team_pair(event=event, actor=request.user, **page.pair.cleaned_data)
        messages.success(request, _("%(name)s play together tonight.") % {"name": team.name})
        return redirect("manage:teams_page", event_id=event.pk)
    return None


def teams_page(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    if not has_role(request, event.club_id, ORGANIZER):
        return refused(request)
    if not plays_in_teams(event):
        return render(
            request, "tournaments/teams.html", {"event": event, "no_teams": True}, status=404
        )
    teams = list(EventTeam.objects.filter(event=event).select_related("first", "second"))
    teamed = {player for team in teams for player in team.player_ids}
    present = list(
        EventPlayer.objects.filter(event=event, present=True)
        .select_related("player")
        .order_by("player__name")
    )
    free = [
        (entry.player_id, entry.player.name) for entry in present if entry.player_id not in teamed
    ]
    action = (request.POST.get("action") or "") if request.method == "POST" else None
    page = _TeamForms.for_action(action, request.POST, free, absent_members(event))
    if action is not None:
        try:
            done = _team_action(request, event, action, page)
            if done is not None:
                return done
        except ServiceError as exc:
            if exc.status_code == 403:
                return refused(request, exc)
            page.show(action, problems(exc.errors))
    return render(
        request,
        "tournaments/teams.html",
        {
            "event": event,
            "teams": teams,
            "form": page.pair,
            "free": free,
            "errors": page.errors,
            "lone_form": page.lone,
            "sit_out_form": page.sit_out,
        },
        status=400 if page.failed() else 200,
    )
