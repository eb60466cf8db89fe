"""An event's standings rows from its complete sessions, byes and configuration, and the
service that changes the configuration.

Reads the rows ``standings_recompute`` saves: per-seat results of the event's complete
sessions, the seats and byes of its started rounds (a round still in preview counts for
nothing: its seating may yet be generated again), and the ratings of its players as they
stood before the event (for ``avg_opponent_rating``), then ranks with
``ranking.arithmetic.standings.standings_from_results`` under the event's configured tie-break
order, points per place and bye credit (``tournaments.models.standings_rules``).

Terms: **placements** are the counts of 1st, 2nd, 3rd ... table places, one per place of the game's
largest table (Bonanza nine, Jonkler six; a shared place counts as the better one, as at the table;
places are the game's ranking, see ``ranking.arithmetic.standings.records``); the other figures are
defined in ``ranking.arithmetic.standings.event``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Player
from clubs.selectors import ORGANIZER, require_role
from core.errors import Named, ServiceError, Text, problem
from games.registry import find_game
from ranking.arithmetic.ratings import PlayerId
from ranking.arithmetic.standings import (
    EVENT_CRITERIA,
    ByeRecord,
    SeatResult,
    seat_results,
    standings_from_results,
)
from ranking.ratings.selectors import ratings_before
from ranking.standings.rules import event_rules
from results.counted import counted_sessions
from results.models import Session, SessionSeat
from tournaments.models import Bye, Event, Seat, Standing, StandingsComputation
from tournaments.models.standings_rules import game_stat_codes, largest_table, whole
from tournaments.rounds.played import played_rounds
from tournaments.tasks import enqueue_standings


def event_results(event: Event, rounds: Sequence[int] | None = None) -> list[SeatResult]:
    """One seat result per player per session of the event that counts (complete, or
    counted as played so far when its round closed); only those of the round numbers
    ``rounds`` when given (one set of a night)."""
    found = SessionSeat.objects.filter(counted_sessions("session__"), session__event_id=event.pk)
    if rounds is not None:
        found = found.filter(session__table__round__number__in=list(rounds))
    rows = found.order_by("session_id", "position").values_list(
        "session_id", "session__table__round_id", "player_id", "total", "placement"
    )
    sessions: dict[int, tuple[int, list[int], list[int], list[int | None]]] = {}
    for session_id, round_id, player_id, total, placement in rows:
        _, players, totals, ranks = sessions.setdefault(session_id, (round_id, [], [], []))
        players.append(player_id)
        totals.append(total)
        ranks.append(placement)
    stats = session_stats(event)
    results: list[SeatResult] = []
    for session_id, (round_id, players, totals, ranks) in sessions.items():
        results.extend(
            seat_results(
                session_id=session_id,
                round_id=round_id,
                played_on=event.date,
                player_ids=players,
                totals=totals,
                stats=stats.get(session_id),
                ranks=ranks,
            )
        )
    return results


def session_stats(event: Event) -> dict[int, dict[str, list[int]]]:
    """The per-seat figures of the event's complete sessions, for a game that reports any
    (stored with the result by the session write)."""
    game = find_game(event.game)
    if game is None or not game.stats:
        return {}
    found = Session.objects.filter(event_id=event.pk, complete=True).values_list(
        "pk", "result__stats"
    )
    return {pk: value for pk, value in found if isinstance(value, dict)}


def round_points(event: Event, number: int) -> dict[int, float]:
    """Each player's points in round ``number`` of the event, from its sessions that count
    (progressive seating seats the next round by them)."""
    return {
        player: float(total)
        for player, total in SessionSeat.objects.filter(
            counted_sessions("session__"),
            session__event=event,
            session__table__round__number=number,
        ).values_list("player_id", "total")
    }


# What a standings line holds besides its event and player (the columns of ``Standing``).
STANDING_FIELDS = (
    "rank",
    "tied",
    "total",
    "sessions",
    "table_wins",
    "placements",
    "byes",
    "placement_points",
    "head_to_head",
    "avg_opponent_rating",
    "stats",
)


def computed_standing_lines(
    event: Event, rounds: Sequence[int] | None = None
) -> list[dict[str, Any]]:
    """The event's standings, best first: per player ``player_id`` and ``STANDING_FIELDS``;
    of the round numbers ``rounds`` only when given (the standings of one set)."""
    results = event_results(event, rounds)
    # A round still in preview may be seated again with other byes: only the seats and byes
    # of rounds that have started count (not a preview the event's close put away).
    started: dict[str, Any] = {"round__in": played_rounds(event)}
    if rounds is not None:
        started["round__number__in"] = list(rounds)
    byes = [
        ByeRecord(player, round_id)
        for player, round_id in Bye.objects.filter(**started).values_list("player_id", "round_id")
    ]
    seated = set(Seat.objects.filter(**started).values_list("player_id", flat=True))
    players = seated | {r.player_id for r in results} | {b.player_id for b in byes}
    ratings = ratings_before(
        club_id=event.club_id, day=event.date, player_ids=players, game=event.game
    )
    rows = standings_from_results(
        results, event_rules(event), byes=byes, players=sorted(seated), opponent_ratings=ratings
    )
    seats = largest_table(event.game)  # a count per place at the game's largest table
    places: dict[PlayerId, list[int]] = {}
    for result in results:
        counts = places.setdefault(result.player_id, [0] * seats)
        if result.place <= seats:
            counts[result.place - 1] += 1
    return [
        {
            "player_id": row.player_id,
            "rank": row.rank,
            "tied": row.tied,
            "total": whole(row.total),
            "sessions": row.sessions,
            "table_wins": row.table_wins,
            "placements": places.get(row.player_id, [0] * seats),
            "byes": row.byes,
            "placement_points": whole(row.placement_points),
            "head_to_head": row.head_to_head,
            "avg_opponent_rating": row.avg_opponent_rating,
            "stats": _with_losses(row.stats, row.sessions),
        }
        for row in rows
    ]


def _with_losses(stats: dict[str, int], sessions: int) -> dict[str, int]:
    """A game that counts wins also shows the losses (the booby prize goes to the most)."""
    if "wins" not in stats:
        return dict(stats)
    return {**stats, "losses": sessions - stats["wins"]}


def computed_standings(event: Event, rounds: Sequence[int] | None = None) -> list[Standing]:
    """The event's standings as unsaved ``Standing`` rows, best first (of the round numbers
    ``rounds`` only when given), each with its player."""
    rows = [Standing(event_id=event.pk, **line) for line in computed_standing_lines(event, rounds)]
    if rounds is not None:
        players = Player.objects.in_bulk([row.player_id for row in rows])
        for row in rows:
            row.player = players[row.player_id]
    return rows


def standings_configure(
    *,
    event: Event,
    actor: User | AnonymousUser | None,
    standings_order: Sequence[str] | None = None,
    points_per_place: Sequence[float] | None = None,
    bye_credit: str | None = None,
    bye_points: float | None = None,
    bye_placement_points: float | None = None,
) -> Event:
    """Change how the event's standings rank and credit byes (organizers only); arguments
    left out (None) stay as they are.

    The computed standings no longer reflect the event, so their computation is forgotten
    (``up_to_date`` turns false) and a recompute is queued after commit.
    """
    require_role(actor, event.club_id, ORGANIZER, _("configure the standings"))
    given = {
        "standings_order": list(standings_order) if standings_order is not None else None,
        "points_per_place": list(points_per_place) if points_per_place is not None else None,
        "bye_credit": bye_credit,
        "bye_points": bye_points,
        "bye_placement_points": bye_placement_points,
    }
    changed = [name for name, value in given.items() if value is not None]
    for name in changed:
        setattr(event, name, given[name])
    problems = _config_problems(event, changed)
    if problems:
        raise ServiceError(problems)
    with transaction.atomic():
        event.save(update_fields=changed)
        StandingsComputation.objects.filter(event=event).delete()
        audit(
            actor,
            "event.standings_config",
            event,
            club_id=event.club_id,
            changed={name: getattr(event, name) for name in changed},
        )
        enqueue_standings(event.pk)
    return event


def _config_problems(event: Event, fields: list[str]) -> list[dict[str, Any]]:
    """Every problem with the given fields, each message (the model's validators', from the
    catalogue) in English and in Dutch."""
    try:
        event.clean_fields(exclude=[f.name for f in Event._meta.fields if f.name not in fields])
    except ValidationError as error:
        return [
            problem(
                "invalid_standings_config", Text(found.message, **(found.params or {})), field=field
            )
            for field, errors in error.error_dict.items()
            for found in errors
        ]
    game = find_game(event.game)
    if game is None:
        return []
    found = []
    most = largest_table(event.game)
    if "points_per_place" in fields and len(event.points_per_place) > most:
        found.append(
            problem(
                "invalid_standings_config",
                Text(
                    _(
                        "A table of %(game)s has at most %(most)s players: give points for 1 to "
                        "%(most)s "
                        "places."
                    ),
                    game=Named(game),
                    most=most,
                ),
                field="points_per_place",
            )
        )
    own = {stat.code for stat in game.stats}
    foreign = [
        name
        for name in event.standings_order or ()
        if name in game_stat_codes() and name not in own
    ]
    if "standings_order" in fields and foreign:
        found.append(
            problem(
                "invalid_standings_config",
                Text(
                    _("%(game)s does not count %(criteria)s; choose from %(known)s."),
                    game=Named(game),
                    criteria=", ".join(foreign),
                    known=", ".join((*EVENT_CRITERIA, *sorted(own))),
                ),
                field="standings_order",
            )
        )
    return found
