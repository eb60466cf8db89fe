"""A game's rules for anyone (``/games/<code>/rules/``): what the registry says of every game
(players at a table, teams, who wins), the rules in short as the game's plug-in tells them
(its ``rules`` part) and each of its rulesets (its ``ruleset`` part): the built-in ones and,
with ``?club=<slug>``, that club's house rules for the game. A planned night links here, to
the ruleset it plays (``#ruleset-<code>``, ``#house-<code>-<version>``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from clubs.models import Club
from core.view_helpers import dutch
from games.registry import find_game
from games.seam import RulesetError
from tournaments.models import HouseRuleset


@dataclass(frozen=True)
class Variant:
    """One ruleset on the page: where it is (``anchor``), what it is called and its object."""

    anchor: str
    label: str
    name: str
    ruleset: Any
    house: bool = False


def _named(thing: Any, fallback: str) -> str:
    name = getattr(thing, "name_nl" if dutch() else "name", None) or getattr(thing, "name", None)
    return str(name or fallback)


def table_sizes(sizes: tuple[int, ...], preferred: int) -> str:
    """The players a table seats, in words: "4", "3 to 6 (4 where possible)"."""
    ordered = sorted(sizes)
    if len(ordered) == 1:
        return str(ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        told = _("%(low)s to %(high)s") % {"low": ordered[0], "high": ordered[-1]}
    else:
        told = ", ".join(str(size) for size in ordered)
    return _("%(sizes)s (%(preferred)s where possible)") % {"sizes": told, "preferred": preferred}


def team_size(game: Any) -> int:
    """How many players a team of the game has (0: each plays for themselves)."""
    teams = getattr(game, "teams", None) or {}
    at_table = teams.get(game.preferred_size) or next(iter(teams.values()), ())
    return len(at_table[0]) if at_table else 0


def variants(game: Any, club: Club | None) -> list[Variant]:
    """The game's built-in rulesets, then the club's house rules for it (every version: a
    night names one)."""
    found = [
        Variant(f"ruleset-{label}", label, _named(ruleset, label), ruleset)
        for label, ruleset in game.rulesets.items()
    ]
    if club is None:
        return found
    for house in HouseRuleset.objects.filter(club=club, game=game.code).order_by(
        "code", "-version"
    ):
        try:
            ruleset = game.ruleset_from_dict(house.data)
        except RulesetError:
            continue  # the game no longer reads it; no night can be played under it
        found.append(
            Variant(
                f"house-{house.code}-{house.version}",
                house.label,
                _named(house, house.label),
                ruleset,
                house=True,
            )
        )
    return found


def game_rules(request: HttpRequest, code: str) -> HttpResponse:
    game = find_game(code)
    if game is None:
        raise Http404(_("No such game."))
    slug = request.GET.get("club", "")
    club = get_object_or_404(Club, slug=slug) if slug else None
    context: dict[str, Any] = {
        "game": game,
        "game_name": _named(game, game.code),
        "club": club,
        "table_sizes": table_sizes(tuple(game.table_sizes), game.preferred_size),
        "team_size": team_size(game),
        "variants": variants(game, club),
    }
    return render(request, "pages/game_rules.html", context)
