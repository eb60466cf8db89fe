"""The club's house rules page (organizers): the rulesets the club's events may play under, and
a form that saves new house rules (or the next version of existing ones), started from any
ruleset shown."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs.models import Club
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.parsing import whole_number
from core.view_helpers import dutch, refused, refused_or_on_form
from games.registry import DEFAULT_GAME, games, get_game
from tournaments.house_rules.forms import HouseRulesetForm
from tournaments.house_rules.services import house_ruleset_create
from tournaments.models import HouseRuleset


def _starting_point(club: Club, wanted: str) -> tuple[str, str] | None:
    """(game, JSON) of the ruleset ``wanted`` names: ``game:code`` or a house label."""
    game_code, _sep, label = wanted.partition(":")
    game = games().get(game_code)
    if game is None:
        return None
    if label in game.rulesets:
        data = game.ruleset_to_dict(game.rulesets[label])
    else:
        code, _at, version = label.partition("@")
        house = HouseRuleset.objects.filter(
            club=club, game=game_code, code=code, version=whole_number(version) or 0
        ).first()
        if house is None:
            return None
        data = house.data
    return game_code, json.dumps(data, indent=2, ensure_ascii=False)


def house_rules(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not has_role(request, club.pk, ORGANIZER):
        return refused(request)
    choices = [(code, game.name_nl if dutch() else game.name) for code, game in games().items()]
    first = get_game(DEFAULT_GAME)
    start = _starting_point(club, request.GET.get("from", f"{first.code}:{first.default_ruleset}"))
    initial = {"game": start[0], "data": start[1]} if start else {}
    form = HouseRulesetForm(request.POST or None, initial=initial, games=choices)
    if request.method == "POST" and form.is_valid():
        try:
            house = house_ruleset_create(
                club=club,
                actor=request.user,
                game=form.cleaned_data["game"],
                data=form.cleaned_data["data"],
            )
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(
                request, _("The house rules %(label)s are saved.") % {"label": house.label}
            )
            return redirect("manage:house_rules", slug=club.slug)
    by_game: dict[str, list[HouseRuleset]] = {}
    for row in HouseRuleset.objects.filter(club=club):
        by_game.setdefault(row.game, []).append(row)
    # Per game: its built-in rulesets (label, ruleset) and the club's house rulesets for it.
    per_game = [
        (code, game, list(game.rulesets.items()), by_game.get(code, []))
        for code, game in games().items()
    ]
    return render(
        request,
        "tournaments/house_rules.html",
        {
            "club": club,
            "form": form,
            "per_game": per_game,
        },
        status=400 if form.errors else 200,
    )
