"""Seating rounds: the adapter between the database and the pure seating algorithms.

An organizer generates a round's seating as a preview (a round in status ``planned``, with its
tables, seats and byes saved so every door shows the same plan), may regenerate it or swap two
players, and accepts it (status ``playing``) when the tables sit down. A round closes when its
results are in. Players who are present (checked in) are seated; the others are left out.

Tables have the sizes the event's game allows (``games.registry``): Bonken four, Jonkler 3 to 6
(14 players sit 5 + 5 + 4), Bonanza 2 to 9; ``seating.table_layout`` decides them.
"""

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict
from itertools import combinations

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

import seating
from clubs.audit import audit
from clubs.selectors import ORGANIZER, require_role
from core.errors import Conflict, Message, ServiceError, Text
from games.registry import find_game
from tournaments import announce, provided
from tournaments.door.services import leavers_check_out
from tournaments.game_plugins import game_plugin
from tournaments.models import Bye, Event, EventPlayer, EventTeam, Round, Seat, Standing, Table
from tournaments.rounds.reseating import planned_round_has_results
from tournaments.rounds.tables import (
    lock_round,
    lock_tables,
    refuse_finished,
    table_has_results,
    table_has_session,
)
from tournaments.tasks import enqueue_standings

Actor = User | AnonymousUser | None
GENERATED_METHODS = ("balanced", "random", "swiss", "progressive")
STANDINGS_METHODS = ("swiss", "progressive")


def round_generate(
    *, event: Event, actor: Actor, method: str | None = None, seed: int | None = None
) -> Round:
    """Seat the next round (or re-seat the round still being planned) as a preview.

    Without a seed the round uses the event's seed: the one of its latest generated round, so
    a balanced event seated round by round follows one plan (and keeps a zero-repeat
    construction). Seating a generated preview again without a seed asks for another plan: it
    draws a new seed, which the later rounds then keep."""
    require_role(actor, event.club_id, ORGANIZER, _("seat a round"))
    # The game's own seating (Bonko: the teams move by their results), else the event's method.
    own = game_plugin(event.game).seat_next_round(
        event=event, actor=actor, method=method, seed=seed
    )
    if own is not None:
        return own
    method = method or event.seating_method or "balanced"
    if method not in GENERATED_METHODS:
        raise ServiceError.single(
            "unknown_seating_method",
            Text(
                _("Unknown seating method '%(method)s'; choose one of %(methods)s."),
                method=method,
                methods=", ".join(GENERATED_METHODS),
            ),
            field="method",
        )
    refuse_finished(event.pk)  # again under the event's lock below
    if method in STANDINGS_METHODS:
        # The standings are kept by a background task; seat from the results as they are now.
        provided.standings_recompute(event_id=event.pk)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        refuse_finished(event.pk)
        round_ = _planned_round(event)
        leavers_check_out(event, round_.number, actor)
        players = _present_players(event)
        sizes, preferred, team_seats = _game_tables(event)
        if not seating.table_layout(len(players), sizes, preferred):
            raise _too_few_players(len(players), min(sizes))
        seed = _event_seed(event, round_) if seed is None else seed
        played = _played_rounds(event, before=round_.number)
        request = seating.SeatingRequest(
            players=players,
            method=method,
            seed=seed,
            played_rounds=played,
            rounds_total=max(event.planned_rounds, round_.number),
            history=_club_history(event),
            standings=dict(Standing.objects.filter(event=event).values_list("player_id", "total")),
            round_points=provided.round_points(event, round_.number - 1),
            table_sizes=sizes,
            preferred_size=preferred,
            teams=_event_teams(event),
            team_seats=team_seats,
            # The game's own movement between rounds, where it has one.
            options=seating.SeatingOptions(
                progressive_rule=game_plugin(event.game).movement() or "kings"
            ),
        )
        plan = _seat(request)
        round_.seating_method, round_.seed = method, seed
        round_.quality = asdict(plan.report)
        round_.save()
        _save_tables(round_, plan.tables, plan.byes)
        audit(actor, "round.generate", round_, club_id=event.club_id, method=method, seed=seed)
        return round_


def _event_seed(event: Event, round_: Round) -> int:
    """The seed for a round generated without one (see round_generate)."""
    if round_.pk is not None and round_.seating_method in GENERATED_METHODS:
        return _new_seed(exclude=round_.seed)  # seat this preview again: another plan
    earlier = (
        event.rounds.filter(number__lt=round_.number, seating_method__in=GENERATED_METHODS)
        .order_by("-number")
        .values_list("seed", flat=True)
        .first()
    )
    return _new_seed() if earlier is None else earlier


def _new_seed(exclude: int | None = None) -> int:
    while True:
        seed = random.SystemRandom().randrange(1, 2**31)
        if seed != exclude:
            return seed


def round_seat_manually(
    *, event: Event, actor: Actor, tables: list[list[int]], byes: Iterable[int] = ()
) -> Round:
    """Save an organizer's own seating of the next round as a preview, after checking that
    every present player sits exactly once or has a bye."""
    require_role(actor, event.club_id, ORGANIZER, _("seat a round"))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        refuse_finished(event.pk)
        round_ = _planned_round(event)
        leavers_check_out(event, round_.number, actor)
        players = _present_players(event)
        manual = seating.SeatingRound(tables=[list(t) for t in tables], byes=list(byes))
        sizes, preferred, team_seats = _game_tables(event)
        request = seating.SeatingRequest(
            players=players,
            method="manual",
            manual_round=manual,
            played_rounds=_played_rounds(event, before=round_.number),
            table_sizes=sizes,
            preferred_size=preferred,
            teams=_event_teams(event),
            team_seats=team_seats,
        )
        plan = _seat(request)
        round_.seating_method, round_.seed = "manual", 0
        round_.quality = asdict(plan.report)
        round_.save()
        _save_tables(round_, plan.tables, plan.byes)
        audit(actor, "round.seat_manually", round_, club_id=event.club_id)
        return round_


def round_swap(*, round_: Round, actor: Actor, player_a: int, player_b: int) -> Round:
    """Swap two players of a round (seat for seat, or a seat for a bye). Not at tables that
    already have results."""
    require_role(actor, round_.event.club_id, ORGANIZER, _("change the seating"))
    if player_a == player_b:
        raise _error(
            "swap_same_player",
            _("Choose two different players to swap."),
            field="player_b",
        )
    with transaction.atomic():
        # Locks in the order every seat change takes them: the round, then its tables by id
        # (tournaments.rounds.tables.lock_tables); a session write locks its table before it reads
        # the seats, so a swap and a table's first result never overlap.
        round_ = lock_round(round_.pk)
        refuse_finished(round_.event_id)
        if round_.status == Round.Status.CLOSED:
            raise Conflict.single("round_closed", _("This round is closed."))
        tables = lock_tables(
            Seat.objects.filter(round=round_, player_id__in=[player_a, player_b]).values_list(
                "table_id", flat=True
            )
        )
        places = {}
        for player in (player_a, player_b):
            seat = Seat.objects.filter(round=round_, player_id=player).first()
            bye = Bye.objects.filter(round=round_, player_id=player).first()
            if seat is None and bye is None:
                raise _error(
                    "not_in_round",
                    Text(_("Player %(player)s is not in this round."), player=player),
                    field="player_a" if player == player_a else "player_b",
                )
            if seat is not None:
                if seat.table_id not in tables:  # moved before the lock was taken
                    raise Conflict.single(
                        "concurrent_update",
                        _("The seating changed meanwhile; reload and retry."),
                    )
                if table_has_session(seat.table_id):
                    raise table_has_results(tables[seat.table_id])
            places[player] = (seat, bye)
        (seat_a, bye_a), (seat_b, bye_b) = places[player_a], places[player_b]
        for seat in (seat_a, seat_b):
            if seat is not None:
                seat.delete()
        for bye in (bye_a, bye_b):
            if bye is not None:
                bye.delete()
        _place(round_, player_b, seat_a, bye_a)
        _place(round_, player_a, seat_b, bye_b)
        played = _played_rounds(round_.event, before=round_.number + 1)
        partners = _event_teams(round_.event) or []
        round_.quality = asdict(seating.quality_report(played, partners))
        round_.save(update_fields=["quality"])
        audit(
            actor, "round.swap", round_, club_id=round_.event.club_id, players=[player_a, player_b]
        )
        if round_.status == Round.Status.PLAYING and (bye_a or bye_b):
            _byes_changed(round_.event_id)
        return round_


@transaction.atomic
def round_accept(*, round_: Round, actor: Actor) -> Round:
    """The tables sit down: the previewed seating becomes the round being played."""
    require_role(actor, round_.event.club_id, ORGANIZER, _("start a round"))
    round_ = lock_round(round_.pk)
    refuse_finished(round_.event_id)
    if round_.status != Round.Status.PLANNED:
        raise _error("not_planned", _("Only a planned round can be started."))
    round_.status = Round.Status.PLAYING
    round_.save(update_fields=["status"])
    audit(actor, "round.accept", round_, club_id=round_.event.club_id)
    Event.objects.filter(pk=round_.event_id, status=Event.Status.DRAFT).update(
        status=Event.Status.RUNNING
    )
    if round_.byes.exists():
        _byes_changed(round_.event_id)
    announce.round_seated(round_)
    return round_


def _byes_changed(event_id: int) -> None:
    """Byes are credited in the standings (as the event configures): recompute them."""
    Event.objects.filter(pk=event_id).update(results_version=F("results_version") + 1)
    enqueue_standings(event_id)


def _planned_round(event: Event) -> Round:
    """The round being planned, emptied for a new seating, or a new one after the last."""
    round_ = (
        event.rounds.select_for_update()
        .filter(status=Round.Status.PLANNED)
        .order_by("number")
        .first()
    )
    if round_ is None:
        last = event.rounds.order_by("-number").values_list("number", flat=True).first()
        return Round(event=event, number=(last or 0) + 1, status=Round.Status.PLANNED)
    # Its tables stay (emptied), so a table's link stays the same when the round is seated
    # again: table cards printed from the preview still lead to their table.
    if round_.tables.filter(session__isnull=False).exists():
        raise planned_round_has_results()  # a round put back to planned by hand
    Seat.objects.filter(round=round_).delete()
    round_.byes.all().delete()
    return round_


def _game_tables(
    event: Event,
) -> tuple[tuple[int, ...], int, dict[int, tuple[tuple[int, ...], ...]] | None]:
    """The table sizes the event's game allows, the one it prefers, and its team seats."""
    game = find_game(event.game)
    if game is None:
        return (4,), 4, None
    teams = None
    if game.teams:
        teams = {size: tuple(tuple(team) for team in seats) for size, seats in game.teams.items()}
    return tuple(game.table_sizes), game.preferred_size, teams


def _event_teams(event: Event) -> list[tuple[int, int]] | None:
    """The event's teams (pairs of player ids) for a team game; None for a game of single
    players, or while the event has no teams (every player is then seated on their own)."""
    game = find_game(event.game)
    if game is None or game.teams is None:
        return None
    pairs = list(EventTeam.objects.filter(event=event).values_list("first_id", "second_id"))
    return pairs or None


def _too_few_players(count: int, smallest: int) -> ServiceError:
    return ServiceError.single(
        "too_few_players",
        Text(
            ngettext_lazy(
                "%(count)s player is checked in; a table of this game needs at least %(smallest)s.",
                "%(count)s players are checked in; a table of this game needs at least "
                "%(smallest)s.",
                "count",
            ),
            count=count,
            smallest=smallest,
        ),
    )


def _present_players(event: Event) -> list[int]:
    return list(
        EventPlayer.objects.filter(event=event, present=True).values_list("player_id", flat=True)
    )


def _seat(request: "seating.SeatingRequest") -> "seating.RoundPlan":
    try:
        return seating.seat_round(request)
    except seating.SeatingError as exc:
        raise _error(
            "seating_impossible", Text(_("Seating is not possible: %(reason)s"), reason=str(exc))
        ) from exc


def _place(round_: Round, player: int, seat: Seat | None, bye: Bye | None) -> None:
    if seat is not None:
        Seat.objects.create(
            table=seat.table, round=round_, player_id=player, position=seat.position
        )
    else:
        Bye.objects.create(round=round_, player_id=player)


def _save_tables(round_: Round, tables: list[list[int]], byes: list[int]) -> None:
    """Seat the round; its tables that already exist (a preview seated again) keep their
    numbers and links, tables no longer needed go."""
    existing = {table.number: table for table in Table.objects.filter(round=round_)}
    for number, players in enumerate(tables, start=1):
        table = existing.pop(number, None) or Table.objects.create(round=round_, number=number)
        Seat.objects.bulk_create(
            Seat(table=table, round=round_, player_id=player, position=position)
            for position, player in enumerate(players)
        )
    Bye.objects.bulk_create(Bye(round=round_, player_id=player) for player in byes)
    Table.objects.filter(pk__in=[table.pk for table in existing.values()]).delete()


def _played_rounds(event: Event, *, before: int) -> list["seating.SeatingRound"]:
    rounds: dict[int, seating.SeatingRound] = {}
    tables: dict[int, list[int]] = {}
    seats = (
        Seat.objects.filter(round__event=event, round__number__lt=before)
        .order_by("round__number", "table__number", "position")
        .values_list("round__number", "table_id", "player_id")
    )
    for number, table_id, player in seats:
        planned = rounds.setdefault(number, seating.SeatingRound(tables=[], byes=[]))
        if table_id not in tables:
            tables[table_id] = []
            planned.tables.append(tables[table_id])
        tables[table_id].append(player)
    for number, player in Bye.objects.filter(
        round__event=event, round__number__lt=before
    ).values_list("round__number", "player_id"):
        rounds.setdefault(number, seating.SeatingRound(tables=[], byes=[])).byes.append(player)
    return [rounds[n] for n in sorted(rounds)]


def _club_history(event: Event) -> dict[tuple[int, int], int]:
    """How often each pair met at the club's earlier events."""
    tables: dict[int, list[int]] = {}
    for table_id, player in Seat.objects.filter(
        round__event__club_id=event.club_id, round__event__date__lt=event.date
    ).values_list("table_id", "player_id"):
        tables.setdefault(table_id, []).append(player)
    met: Counter[tuple[int, int]] = Counter()
    for players in tables.values():
        met.update((a, b) if a <= b else (b, a) for a, b in combinations(players, 2))
    return dict(met)


def _error(code: str, message: Message, field: str | None = None) -> ServiceError:
    return ServiceError.single(code, message, field=field)
