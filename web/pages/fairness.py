"""What the public standings page says about fairness: who sat out a round, each player's
points per round, and the event's rules for byes and ties, in words."""

from typing import Any

from django.utils.translation import gettext as _

from core.view_helpers import dutch
from games.registry import find_game
from results.counted import counted_sessions
from tournaments.events.views.visible import game_total, total_column, total_text
from tournaments.models import Bye, Event, Round
from tournaments.rounds.played import played_rounds

STARTED = (Round.Status.PLAYING, Round.Status.CLOSED)


def criterion_names() -> dict[str, str]:
    return {
        "total": _("points"),
        "table_wins": _("table wins"),
        "placement_points": _("placement points"),
        "head_to_head": _("the results between the tied players"),
        "avg_opponent_rating": _("the opponents' average rating"),
    }


def tie_break_words(event: Event) -> list[str]:
    """The event's standings order as words: the first decides, the rest break ties."""
    names = {**criterion_names(), "total": total_column(event)[0].lower()}
    game = find_game(event.game)
    stats = {
        stat.code: (stat.name_nl if dutch() else stat.name).lower()
        for stat in (game.stats if game is not None else ())
    }
    return [str(names.get(code) or stats.get(code) or code) for code in event.ranked_by]


def per_round_title(event: Event) -> str:
    """The heading of each player's totals per round: points, or what the game's totals
    count."""
    if game_total(event) is None:
        return _("Points per round")
    return _("%(figure)s per round") % {"figure": total_column(event)[0]}


def bye_words(event: Event) -> str:
    kind = event.bye_credit
    if kind == "average":
        return _("A player who sits out a round gets their own average per round.")
    if kind == "fixed":
        return _("A player who sits out a round gets %(points)s points.") % {
            "points": f"{event.bye_points:g}"
        }
    if kind == "middle_place":
        return _(
            "A player who sits out a round counts as finishing in the middle place (0 points)."
        )
    return _("A player who sits out a round gets nothing for it.")


def points_per_round(event: Event) -> dict[str, Any]:
    """Per player (by id): the points of each started round (None: not seated; "bye": sat
    out), for the rounds that started, in order; a net figure with its sign (+12)."""
    signed = total_column(event)[1]
    played = played_rounds(event)
    numbers = list(played.order_by("number").values_list("number", flat=True))
    cells: dict[int, dict[int, Any]] = {}
    # Through the event's sessions (the layer above, never imported here).
    for player, number, total in event.sessions.filter(
        counted_sessions(),
        table__round__status__in=STARTED,
    ).values_list("seat_results__player_id", "table__round__number", "seat_results__total"):
        cells.setdefault(player, {})[number] = total_text(total, signed)
    for player, number in Bye.objects.filter(round__in=played).values_list(
        "player_id", "round__number"
    ):
        cells.setdefault(player, {})[number] = "bye"
    return {
        "numbers": numbers,
        "rows": {player: [row.get(n) for n in numbers] for player, row in cells.items()},
    }
