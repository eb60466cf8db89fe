"""Building clubs with played sessions for the ratings tests, without the rules engine.

``play`` stores a complete session the way ``results.services`` does (seats, a session with its
revision, per-seat totals and placements); ``correct`` changes its totals as a new revision.
Random clubs come from ``club_with_history``: several evenings, several rounds, random
tables and zero-sum totals, with ties now and then.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence

from clubs.models import Club, Membership, Player
from games.bonken.rules import placements
from ranking.ratings.models import PlayerRating, RatedSession, RatingHistory
from results.models import Session, SessionSeat
from tournaments.models import Event, Round, Seat, Table


def play(
    event: Event,
    round_number: int,
    table_number: int,
    players: Sequence[Player],
    totals: Sequence[int],
    *,
    complete: bool = True,
) -> Session:
    round_, _ = Round.objects.get_or_create(event=event, number=round_number)
    table = Table.objects.create(round=round_, number=table_number)
    for position, player in enumerate(players):
        Membership.objects.get_or_create(club_id=event.club_id, player=player)
        Seat.objects.create(table=table, round=round_, player=player, position=position)
    session = Session.objects.create(
        table=table,
        event=event,
        ruleset=event.ruleset,
        document={},
        result={},
        complete=complete,
        revision=1,
    )
    _store_seats(session, players, totals)
    return session


def correct(session: Session, totals: Sequence[int], *, complete: bool = True) -> Session:
    """A new revision of ``session`` with other totals (or incomplete)."""
    players = [seat.player for seat in session.table.seats.order_by("position")]
    session.revision += 1
    session.complete = complete
    session.save(update_fields=["revision", "complete", "updated_at"])
    SessionSeat.objects.filter(session=session).delete()
    _store_seats(session, players, totals)
    return session


def _store_seats(session: Session, players: Sequence[Player], totals: Sequence[int]) -> None:
    places = placements(list(totals)) if session.complete else None
    SessionSeat.objects.bulk_create(
        SessionSeat(
            session=session,
            position=position,
            player=player,
            total=totals[position],
            placement=places[position] if places else None,
        )
        for position, player in enumerate(players)
    )


def random_totals(rng: random.Random) -> list[int]:
    if rng.random() < 0.15:  # a tie now and then
        high = 5 * rng.randint(1, 40)
        low = -5 * rng.randint(0, 40)
        return [high, high, low, -2 * high - low]
    totals = [5 * rng.randint(-60, 60) for _ in range(3)]
    return [*totals, -sum(totals)]


def club_with_history(
    *,
    seed: int = 7,
    players: int = 10,
    evenings: int = 4,
    rounds: int = 2,
    start: datetime.date = datetime.date(2026, 1, 6),
    club: Club | None = None,
) -> tuple[Club, list[Player], list[Session]]:
    """A club whose evenings were played at random tables of four."""
    rng = random.Random(seed)
    club = club or Club.objects.create(
        name=f"Club {seed}", slug=f"club-{seed}-{rng.randrange(10**9)}"
    )
    people = [Player.objects.create(name=f"Speler {seed}-{i:02d}") for i in range(players)]
    sessions = []
    for evening in range(evenings):
        event = Event.objects.create(
            club=club,
            name=f"Avond {evening + 1}",
            date=start + datetime.timedelta(weeks=evening),
            status=Event.Status.FINISHED,
            published=True,
        )
        for round_number in range(1, rounds + 1):
            present = rng.sample(people, 4 * (len(people) // 4))
            for table_number, first in enumerate(range(0, len(present), 4), start=1):
                sessions.append(
                    play(
                        event,
                        round_number,
                        table_number,
                        present[first : first + 4],
                        random_totals(rng),
                    )
                )
    return club, people, sessions


def stored_ratings(club: Club) -> dict[str, object]:
    """Every stored number of the club's pool: current ratings, rated sessions, history."""
    ratings = {
        row[0]: row[1:]
        for row in PlayerRating.objects.filter(pool__club=club).values_list(
            "player_id",
            "mu",
            "sigma",
            "ordinal",
            "sessions_played",
            "provisional",
            "last_played_on",
        )
    }
    rated = list(
        RatedSession.objects.filter(pool__club=club)
        .order_by("position")
        .values_list("session_id", "revision", "order_key", "position", "played_on")
    )
    history = list(
        RatingHistory.objects.filter(pool__club=club)
        .order_by("position", "seat")
        .values_list(
            "session_id",
            "position",
            "player_id",
            "seat",
            "played_on",
            "total",
            "place",
            "actual_placement",
            "expected_placement",
            "mu_before",
            "sigma_before",
            "ordinal_before",
            "mu_after",
            "sigma_after",
            "ordinal_after",
            "sessions_played",
            "provisional",
        )
    )
    return {"ratings": ratings, "rated": rated, "history": history}
