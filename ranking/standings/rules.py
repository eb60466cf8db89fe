"""The ``EventRules`` an event's stored standings configuration describes (the fields and their
terms: ``tournaments.models.standings_rules``): its tie-break order, or its game's when it never set
one (``event_order``), points per place, bye credit and the game's table size."""

from __future__ import annotations

from typing import Any, cast

from games.registry import DEFAULT_GAME, find_game
from ranking.arithmetic.standings import EVENT_CRITERIA, ByeCredit, EventRules
from ranking.arithmetic.standings.event import ByeKind
from tournaments.models.standings_rules import ByeCreditKind, event_order


def event_rules(event: Any) -> EventRules:
    """The ``EventRules`` an event's stored configuration describes."""
    game = find_game(getattr(event, "game", DEFAULT_GAME))
    return EventRules(
        order=event_order(event),
        stats=tuple(stat.code for stat in game.stats) if game is not None else (),
        points_per_place=tuple(float(p) for p in (event.points_per_place or ())),
        bye=ByeCredit(
            kind=cast(ByeKind, str(event.bye_credit or ByeCreditKind.NONE)),
            points=float(event.bye_points or 0),
            placement_points=float(event.bye_placement_points or 0),
        ),
        table_size=_table_size(getattr(event, "game", DEFAULT_GAME)),
    )


def _table_size(code: str) -> int:
    game = find_game(code)
    return game.preferred_size if game is not None else 4


def event_criteria() -> tuple[str, ...]:
    """The criteria an event's standings may rank by besides its game's per-seat figures, handed
    down to ``tournaments`` (``tournaments.provided.standings_criteria``), which checks an
    event's tie-break order against them."""
    return EVENT_CRITERIA


__all__ = ["event_criteria", "event_order", "event_rules"]
