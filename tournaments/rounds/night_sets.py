"""Sets of a night: a game whose ruleset has ``rounds_per_set`` (Bonko: six) plays its rounds in
sets, and round r of a set has target number r. An event's round ``n`` is round
``(n - 1) % per_set + 1`` of set ``(n - 1) // per_set + 1``.

Read by the pages (which set and round is played), the standings of one set (the sessions of
that set's rounds) and the table page's rolls.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext_lazy as _

from core.errors import ServiceError, Text
from core.parsing import whole_number
from games.registry import find_game
from tournaments.house_rules.services import event_ruleset
from tournaments.models import Event, Round
from tournaments.rounds.played import put_away

_CACHE = "_night_ruleset"


def round_in_set(number: int, rounds_per_set: int) -> tuple[int, int]:
    """(set, round of the set) of an event's round ``number``; the round is the target."""
    per_set = max(rounds_per_set, 1)
    return (number - 1) // per_set + 1, (number - 1) % per_set + 1


def game_ruleset(event: Event) -> Any | None:
    """The ruleset object the event's sessions are scored with (a house ruleset or a built-in
    one), or None for an unknown game; kept on the event object for the request."""
    if hasattr(event, _CACHE):
        return getattr(event, _CACHE)
    game = find_game(event.game)
    ruleset = None
    if game is not None:
        ruleset = (
            event_ruleset(event.club_id, game.code, event.ruleset)
            or game.rulesets.get(event.ruleset)
            or game.rulesets.get(game.default_ruleset)
        )
    setattr(event, _CACHE, ruleset)
    return ruleset


def rounds_per_set(event: Event) -> int | None:
    """How many rounds a set of the event has, or None for a game without sets."""
    per_set = getattr(game_ruleset(event), "rounds_per_set", None)
    return per_set if isinstance(per_set, int) and per_set > 0 else None


def set_rounds(event: Event, set_number: int) -> list[int]:
    """The event's round numbers that belong to set ``set_number`` (empty without sets)."""
    per_set = rounds_per_set(event)
    if per_set is None or set_number < 1:
        return []
    first = (set_number - 1) * per_set + 1
    return list(range(first, first + per_set))


def event_sets(event: Event) -> list[int]:
    """The sets the event has begun (a round of the set exists, other than a preview the
    event's close put away), first to last."""
    per_set = rounds_per_set(event)
    if per_set is None:
        return []
    numbers = Round.objects.filter(event=event).exclude(put_away()).values_list("number", flat=True)
    return sorted({round_in_set(number, per_set)[0] for number in numbers})


def label_rounds(event: Event, rounds: Iterable[Round]) -> None:
    """Give each round its ``set_number`` and ``set_round`` (the target) for a page; both are
    None for a game without sets."""
    per_set = rounds_per_set(event)
    for round_ in rounds:
        found = round_in_set(round_.number, per_set) if per_set else (None, None)
        round_.set_number, round_.set_round = found  # type: ignore[attr-defined]


def standings_set(event: Event, raw: str | None) -> int | None:
    """The set asked for by ``?set=N`` (None when not asked); a clear error for a value that is
    not a set the event has begun, or an event whose game has no sets."""
    if raw is None or raw == "":
        return None
    sets = event_sets(event)
    if rounds_per_set(event) is None:
        raise ServiceError.single(
            "no_sets",
            Text(
                _("%(event)s plays %(game)s, which is not played in sets."),
                event=event.name,
                game=event.game,
            ),
            field="set",
        )
    number = whole_number(raw)
    if number is None or number not in sets:
        shown = ", ".join(str(found) for found in sets) or "-"
        raise ServiceError.single(
            "unknown_set",
            Text(
                _("set must be the number of a set %(event)s has begun (%(shown)s); got %(raw)s."),
                event=event.name,
                shown=shown,
                raw=repr(raw[:20]),
            ),
            field="set",
        )
    return number
