"""The ``EventRules`` an event's stored standings configuration describes (the fields and their
terms: ``tournaments.standings_rules``): its tie-break order, or its game's when it never set
one, points per place, bye credit and the game's table size."""

from __future__ import annotations

from typing import Any, cast

from arithmetic.standings import ByeCredit, EventRules
from arithmetic.standings.event import ByeKind
from gamekit.registry import DEFAULT_GAME, find_game
from tournaments.standings_rules import DEFAULT_STANDINGS_ORDER, ByeCreditKind, game_stat_codes


def event_order(event: Any) -> tuple[str, ...]:
    """The criteria an event ranks by: its own, or its game's when it never set any (the
    default order), leaving out figures its game does not report."""
    game = find_game(getattr(event, "game", DEFAULT_GAME))
    stats = {stat.code for stat in game.stats} if game is not None else set()
    order = tuple(event.standings_order or DEFAULT_STANDINGS_ORDER)
    if order == DEFAULT_STANDINGS_ORDER and game is not None:
        order = tuple(game.standings_order)
    kept = tuple(name for name in order if name not in stats_of_other_games(stats))
    return kept or DEFAULT_STANDINGS_ORDER


def stats_of_other_games(own: set[str]) -> set[str]:
    return set(game_stat_codes()) - own


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
