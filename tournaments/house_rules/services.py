"""House rulesets: a club's own rules for a game, made from the game's data form and checked by
the game (``Game.ruleset_from_dict``; a Bonken ruleset that cannot add up to zero is refused
with the reason). A ruleset is never changed in place: saving rules under a code that exists
makes its next version, so an event keeps the rules it was played under. An event names a house
ruleset as ``code@version`` (built-in rulesets have plain codes).
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club
from clubs.selectors import ORGANIZER, require_role
from core.errors import Named, ServiceError, Text
from core.names import normalized, typed_problems
from core.parsing import whole_number
from games.registry import find_game, games
from games.seam import RulesetError
from tournaments.models import HouseRuleset

Actor = User | AnonymousUser | None


@transaction.atomic
def house_ruleset_create(*, club: Club, actor: Actor, game: str, data: object) -> HouseRuleset:
    """Save ``data`` (the game's ruleset data, with its code and names) as the club's house
    ruleset: version 1 of a new code, or the next version of an existing one."""
    require_role(actor, club.pk, ORGANIZER, _("make house rules"))
    played = find_game(game)
    if played is None:
        known = ", ".join(sorted(games()))
        raise ServiceError.single(
            "unknown_game",
            Text(_("Unknown game '%(game)s'; known games: %(known)s."), game=game, known=known),
            field="game",
        )
    data = _named(data)
    try:
        ruleset = played.ruleset_from_dict(data)
    except RulesetError as error:
        raise ServiceError.single(
            "invalid_ruleset",
            Text(_("These rules cannot be used: %(error)s."), error=error),
            field="data",
        ) from error
    if ruleset.code in played.rulesets:
        raise ServiceError.single(
            "builtin_code",
            Text(
                _(
                    "'%(code)s' is a built-in ruleset of %(game)s; give the house rules a code of "
                    "their own."
                ),
                code=ruleset.code,
                game=Named(played),
            ),
            field="data",
        )
    Club.objects.select_for_update().get(pk=club.pk)  # one new version at a time
    last = (
        HouseRuleset.objects.filter(club=club, game=game, code=ruleset.code).aggregate(
            last=Max("version")
        )["last"]
        or 0
    )
    house = HouseRuleset.objects.create(
        club=club,
        game=game,
        code=ruleset.code,
        version=last + 1,
        name=ruleset.name,
        name_nl=ruleset.name_nl,
        data=played.ruleset_to_dict(ruleset),
        created_by=actor if actor is not None and actor.is_authenticated else None,
    )
    audit(actor, "ruleset.create", house, club_id=club.pk, game=game, label=house.label)
    return house


def _named(data: object) -> object:
    """The ruleset data with its names as the rule for names keeps them (normalized), or a
    refusal naming the character the rule refuses (the game checks the rest)."""
    if not isinstance(data, dict):
        return data
    keys = [key for key in ("name", "name_nl") if isinstance(data.get(key), str)]
    problems = [
        problem
        for key in keys
        for problem in typed_problems(HouseRuleset, key, data[key], field=f"data.{key}")
    ]
    if problems:
        raise ServiceError(problems)
    return {**data, **{key: normalized(data[key]) for key in keys}}


def is_house_label(ruleset: str) -> bool:
    return "@" in ruleset


def house_ruleset_exists(club_id: int, game: str, label: str) -> bool:
    code, _at, version = label.partition("@")
    number = whole_number(version)
    return (
        number is not None
        and HouseRuleset.objects.filter(
            club_id=club_id, game=game, code=code, version=number
        ).exists()
    )


def event_ruleset(club_id: int, game: str, label: str) -> Any | None:
    """The ruleset object an event's session is scored with: None for a built-in ruleset (the
    document names it), else the club's house ruleset ``label`` (read once per process: a
    version never changes)."""
    if not is_house_label(label):
        return None
    return _house(club_id, game, label)


@functools.lru_cache(maxsize=256)
def _house(club_id: int, game: str, label: str) -> Any:
    code, _at, version = label.partition("@")
    house = HouseRuleset.objects.filter(
        club_id=club_id, game=game, code=code, version=int(version)
    ).first()
    played = find_game(game)
    if house is None or played is None:
        raise ServiceError.single(
            "unknown_ruleset",
            Text(_("The house rules '%(label)s' do not exist."), label=label),
            field="ruleset",
        )
    return played.ruleset_from_dict(house.data)
