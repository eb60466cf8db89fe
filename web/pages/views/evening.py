"""A player's evening: their place in an event's standings (out of the players who played),
and per round their table, their tablemates, their points and their place at the table. A
public page (for an event the viewer may see) and the reads that the link preview of that
page draws from."""

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubs.models import Player
from results.counted import counted_sessions
from results.models import SessionSeat
from tournaments.events.views.visible import game_total, total_column, total_text, visible_event
from tournaments.models import Event, Seat, Standing
from tournaments.rounds.played import played_rounds
from tournaments.selectors import played_standings


@dataclass(frozen=True)
class Mate:
    player_id: int
    name: str


@dataclass(frozen=True)
class EveningRound:
    """One round of the player's evening: a counted session, or a table still playing."""

    round_number: int
    table_id: int
    table_number: int
    mates: list[Mate]
    total: int | None
    placement: int | None


@dataclass(frozen=True)
class Evening:
    player: Player
    standing: Standing | None
    players: int
    rounds: list[EveningRound]


def evening(event: Event, player: Player) -> Evening | None:
    """The player's evening at the event; None when they had no seat there."""
    seats = list(
        # A preview's seating is not public, nor one the event's close put away.
        Seat.objects.filter(round__in=played_rounds(event), player=player)
        .select_related("table__round")
        .order_by("round__number")
    )
    if not seats:
        return None
    tables = [seat.table_id for seat in seats]
    counted = {
        row.session.table_id: row
        for row in SessionSeat.objects.filter(session__table_id__in=tables, player=player)
        .filter(counted_sessions("session__"))
        .select_related("session")
    }
    mates: dict[int, list[Mate]] = {}
    for seat in (
        Seat.objects.filter(table_id__in=tables)
        .exclude(player=player)
        .select_related("player")
        .order_by("table_id", "position")
    ):
        mates.setdefault(seat.table_id, []).append(Mate(seat.player_id, seat.player.name))
    rounds = []
    for seat in seats:
        row = counted.get(seat.table_id)
        rounds.append(
            EveningRound(
                round_number=seat.table.round.number,
                table_id=seat.table_id,
                table_number=seat.table.number,
                mates=mates.get(seat.table_id, []),
                total=row.total if row else None,
                placement=row.placement if row else None,
            )
        )
    ranked = played_standings(event)  # a place is among the players who played
    standing = ranked.filter(player=player).first()
    return Evening(player=player, standing=standing, players=ranked.count(), rounds=rounds)


def evening_page(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    event = visible_event(request, event_id)
    player = get_object_or_404(Player, pk=player_id)
    found = evening(event, player)
    if found is None:
        raise Http404
    # What the totals count, as the event's standings say it (points, or a game's own figure
    # such as net chips, shown with its sign).
    total_name, signed = total_column(event)
    context = {
        "event": event,
        "evening": found,
        "total_name": total_name,
        "in_points": game_total(event) is None,
        "total": total_text(found.standing.total, signed) if found.standing else None,
        "rounds": [(line, total_text(line.total, signed)) for line in found.rounds],
    }
    return render(request, "tournaments/evening.html", context)
