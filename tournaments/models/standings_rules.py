"""How an event configures its standings, as stored on ``Event`` (read back as ``EventRules``
by ``ranking.standings.rules``).

Terms (the arithmetic itself is ``ranking.arithmetic.standings.event``):

* **tie-break order** (``Event.standings_order``): the criteria that rank players, the first decides
  and the rest break ties in turn; any of the standings' criteria (the arithmetic's
  ``EVENT_CRITERIA``, handed down by ``ranking.standings`` through ``standings_criteria``
  below), or a per-seat figure of the event's game
  (``Game.stats``: Bonko's ``wins`` and ``bonkos``). An event whose order was never set (stored
  empty) ranks by its game's own order (``Game.standings_order``: Bonko's wins, then Bonkos, then
  total points); an order the organizer set ranks as set, even when it is the order other games use
  (``event_order``).
* **points per place** (``Event.points_per_place``): placement points for 1st, 2nd, 3rd ...
  place at a table, as many as the game's largest table has places (``largest_table``);
  places past the list score 0; shared places share their points.
* **bye credit** (``Event.bye_credit``, ``bye_points``, ``bye_placement_points``): what a
  round without a table is worth: ``none``, ``average`` (of the player's played rounds),
  ``fixed`` (the two configured numbers) or ``middle_place`` (0 points, the placement points of
  place 2.5).
* **points**: standings figures that are whole numbers unless a bye credit made them
  fractional; ``PointsField`` stores them as doubles and reads whole values back as ``int``.

No model import here: ``tournaments.models`` imports this module.
"""

from __future__ import annotations

import math
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.providers import Provider
from games.registry import DEFAULT_GAME, find_game, games

DEFAULT_STANDINGS_ORDER: tuple[str, ...] = ("total", "table_wins", "placement_points")
DEFAULT_POINTS_PER_PLACE: tuple[float, ...] = (3, 2, 1, 0)

# The criteria an event's standings may rank by besides its game's per-seat figures, handed down
# by the standings app (``tournaments.provided`` lists it with the other needs; it is declared
# here because ``tournaments.provided`` reads the models, which read this module).
standings_criteria: Provider[[], tuple[str, ...]] = Provider("the standings' criteria (standings)")


class ByeCreditKind(models.TextChoices):
    NONE = "none", _("nothing")
    AVERAGE = "average", _("the player's average per round")
    FIXED = "fixed", _("fixed points")
    MIDDLE_PLACE = "middle_place", _("the middle place (0 points)")


def default_standings_order() -> list[str]:
    """The order of the first migrations' default (events now store ``[]``: their game's)."""
    return list(DEFAULT_STANDINGS_ORDER)


def event_order(event: Any) -> tuple[str, ...]:
    """The criteria an event ranks by: its own, or its game's when it never set any (stored
    empty), leaving out figures its game does not report."""
    game = find_game(getattr(event, "game", DEFAULT_GAME))
    own = {stat.code for stat in game.stats} if game is not None else set()
    order = tuple(event.standings_order or ())
    if not order:
        order = tuple(game.standings_order) if game is not None else DEFAULT_STANDINGS_ORDER
    others = set(game_stat_codes()) - own
    kept = tuple(name for name in order if name not in others)
    return kept or DEFAULT_STANDINGS_ORDER


def default_points_per_place() -> list[float]:
    return list(DEFAULT_POINTS_PER_PLACE)


def validate_standings_order(value: Any) -> None:
    if not isinstance(value, list) or not value:
        raise ValidationError(_("Give at least one criterion, as a list."))
    known = (*standings_criteria(), *game_stat_codes())
    unknown = [name for name in value if name not in known]
    if unknown:
        raise ValidationError(
            _("Unknown criteria %(unknown)s; choose from %(known)s."),
            params={"unknown": ", ".join(map(str, unknown)), "known": ", ".join(known)},
        )
    if len(set(value)) != len(value):
        raise ValidationError(_("A criterion appears twice."))


def game_stat_codes() -> tuple[str, ...]:
    """The per-seat figures any game reports (a criterion of its events' standings)."""
    codes: list[str] = []
    for game in games().values():
        codes.extend(stat.code for stat in game.stats if stat.code not in codes)
    return tuple(codes)


def largest_table(game: str | None = None) -> int:
    """The most seats a table of ``game`` has (of any game when None): the places a standings
    line counts and the most entries points per place may have (Bonanza nine, Jonkler six)."""
    found = [find_game(game)] if game is not None else list(games().values())
    sizes = [max(known.table_sizes) for known in found if known is not None and known.table_sizes]
    return max(sizes, default=4)


def validate_points_per_place(value: Any) -> None:
    most = largest_table()
    if not isinstance(value, list) or not 1 <= len(value) <= most:
        raise ValidationError(
            _("Give points for 1 to %(most)s table places, as a list."), params={"most": most}
        )
    for points in value:
        if isinstance(points, bool) or not isinstance(points, int | float):
            raise ValidationError(_("Points per place must be numbers."))
        if not math.isfinite(points) or abs(points) > 10_000:
            raise ValidationError(_("Points per place must be between -10000 and 10000."))


class PointsField(models.FloatField):
    """A double precision number that reads back as ``int`` when it is whole.

    Standings totals are sums of whole session totals; only a bye credited with a player's
    average can make them fractional. Reading whole values as ints keeps pages, CSV files and
    the API showing ``120``, not ``120.0``.
    """

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> int | float | None:
        return whole(value)

    def to_python(self, value: Any) -> int | float | None:
        return whole(super().to_python(value))


def whole(value: float | int | None) -> int | float | None:
    """``value`` as an int when it is a whole number, else unchanged."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
