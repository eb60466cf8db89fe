"""Ratings in the database: incremental updates, replays after corrections and rebuilds give
the same numbers, bit for bit."""

import datetime

import pytest

from clubs.models import Player
from ranking.arithmetic.ratings import RatingConfig, ScoredSession, replay
from ranking.ratings.models import PlayerRating, RatedSession, RatingHistory, RatingPool
from ranking.ratings.order import order_key, played_at
from ranking.ratings.services import (
    rating_pool_configure,
    ratings_mark_dirty,
    ratings_rebuild,
    ratings_update,
)
from results.models import Session
from tests.factories import ClubFactory
from tests.integration.ratings_support import (
    club_with_history,
    correct,
    play,
    stored_ratings,
)
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def rebuilt(club) -> dict:
    ratings_rebuild(club_id=club.pk)
    return stored_ratings(club)


def incremental_club(seed: int = 3, evenings: int = 5):
    """A club whose sessions were rated one evening at a time, as the task does."""
    club, players, sessions = club_with_history(seed=seed, evenings=evenings)
    by_event: dict[int, list[Session]] = {}
    for session in sessions:
        by_event.setdefault(session.event_id, []).append(session)
    # Store the evenings' sessions as incomplete first, then complete them evening by evening.
    Session.objects.filter(event__club=club).update(complete=False)
    for event_sessions in by_event.values():
        Session.objects.filter(pk__in=[s.pk for s in event_sessions]).update(complete=True)
        sync = ratings_update(club_id=club.pk)
        assert sync.mode in ("rebuilt", "appended")
    return club, players, sessions


def test_incremental_updates_equal_a_rebuild_bit_for_bit():
    club, _, sessions = incremental_club()
    incremental = stored_ratings(club)
    assert len(incremental["history"]) == 4 * len(sessions)
    assert incremental == rebuilt(club)


def test_the_stored_numbers_are_the_pure_replay():
    club, _, sessions = club_with_history(seed=11, evenings=3)
    ratings_update(club_id=club.pk)
    results = []
    for session in sorted(
        sessions,
        key=lambda s: (s.event.date, s.event_id, s.table.round.number, s.table.number, s.pk),
    ):
        seats = list(session.seat_results.order_by("position"))
        results.append(
            ScoredSession(
                session.pk,
                played_at(session.event.date),
                tuple(s.player_id for s in seats),
                tuple(s.total for s in seats),
            )
        )
    expected = replay(results).state.players
    stored = PlayerRating.objects.filter(pool__club=club)
    assert {r.player_id: (r.mu, r.sigma, r.ordinal) for r in stored} == {
        p: (r.mu, r.sigma, r.ordinal) for p, r in expected.items()
    }


def test_every_stored_history_row_is_the_pure_replay_bit_for_bit():
    """The history rows are packed into PostgreSQL's binary COPY format by hand: every field
    of every row reads back as the in-process replay computed it."""
    club, _, sessions = club_with_history(seed=12, evenings=3)
    ratings_update(club_id=club.pk)
    ordered = sorted(
        sessions,
        key=lambda s: (s.event.date, s.event_id, s.table.round.number, s.table.number, s.pk),
    )
    position_of = {session.pk: position for position, session in enumerate(ordered, start=1)}
    results = []
    for session in ordered:
        seats = list(session.seat_results.order_by("position"))
        results.append(
            ScoredSession(
                session.pk,
                played_at(session.event.date),
                tuple(s.player_id for s in seats),
                tuple(s.total for s in seats),
            )
        )
    expected = [
        (
            e.session_id,
            position_of[e.session_id],
            e.player_id,
            e.seat,
            e.played_at.date(),
            e.total,
            e.place,
            e.actual_placement,
            e.expected_placement,
            e.mu_before,
            e.sigma_before,
            e.ordinal_before,
            e.mu_after,
            e.sigma_after,
            e.ordinal_after,
            e.sessions_played,
            e.provisional,
        )
        for e in replay(results).history
    ]
    assert stored_ratings(club)["history"] == expected


def test_a_rebuild_keeps_the_rated_sessions_and_a_late_entry_moves_the_later_ones():
    club, players, sessions = club_with_history(seed=13, evenings=3)
    ratings_update(club_id=club.pk)
    rows = dict(RatedSession.objects.filter(pool__club=club).values_list("session_id", "pk"))
    rating_pool_configure(club_id=club.pk, config={"provisional_sessions": 3})
    assert ratings_update(club_id=club.pk).mode == "rebuilt"
    assert (
        dict(RatedSession.objects.filter(pool__club=club).values_list("session_id", "pk")) == rows
    )  # where each session stands is kept

    late = play(sessions[0].event, 9, 1, players[:4], [50, 20, -30, -40])
    assert ratings_update(club_id=club.pk).mode == "replayed"
    moved = dict(RatedSession.objects.filter(pool__club=club).values_list("session_id", "pk"))
    first_day = sessions[0].event.date
    for session in sessions:
        unchanged = moved[session.pk] == rows[session.pk]
        assert unchanged == (session.event.date == first_day), session
    assert late.pk in moved
    assert stored_ratings(club) == rebuilt(club)


def _state_from_every_earlier_row(pool_id: int, position: int) -> tuple:
    """The state before ``position`` as the definition has it: every earlier row in order."""
    from ranking.arithmetic.ratings import PlayerSkill

    state = {}
    for row in (
        RatingHistory.objects.filter(pool_id=pool_id, position__lt=position)
        .order_by("position", "seat")
        .values_list(
            "player_id",
            "mu_after",
            "sigma_after",
            "ordinal_after",
            "sessions_played",
            "provisional",
            "played_on",
        )
    ):
        state[row[0]] = PlayerSkill(*row[:6], played_at(row[6]))
    return state


@pytest.mark.parametrize("seats", ["as rated", "one moved", "gone"])
def test_the_state_before_a_position_is_that_of_every_earlier_row(seats):
    """Read back from the position for the players who play again, from the current ratings
    for the others; seats changed since (whose replay has not run yet) play no part."""
    from ranking.ratings.store.loading import state_before
    from results.models import SessionSeat

    club, players, sessions = club_with_history(seed=14, players=12, evenings=4)
    ratings_update(club_id=club.pk)
    pool = RatingPool.objects.get(club=club)
    first = SessionSeat.objects.filter(
        session_id=RatedSession.objects.get(pool=pool, position=1).session_id
    )
    if seats == "one moved":
        seated = set(first.values_list("player_id", flat=True))
        stranger = next(p for p in players if p.pk not in seated)
        first.filter(position=0).update(player=stranger)
    elif seats == "gone":
        first.delete()
    count = RatedSession.objects.filter(pool=pool).count()
    for position in (2, count // 2, count - 1, count):
        state = state_before(pool.pk, position)
        assert state.players == _state_from_every_earlier_row(pool.pk, position)
        assert state.sessions_applied == position - 1


def test_update_twice_changes_nothing():
    club, _, _ = club_with_history(seed=5)
    assert ratings_update(club_id=club.pk).mode == "rebuilt"
    before = stored_ratings(club)
    second = ratings_update(club_id=club.pk)
    assert second.mode == "unchanged" and second.sessions_rated == 0
    assert stored_ratings(club) == before


def test_correcting_an_old_session_replays_from_it_and_equals_a_rebuild():
    club, _, sessions = club_with_history(seed=8, evenings=4)
    ratings_update(club_id=club.pk)
    old = sessions[1]  # the first evening
    before = RatedSession.objects.filter(order_key__lt=key_of(old))
    untouched = list(
        RatingHistory.objects.filter(session__in=before.values("session_id"))
        .order_by("position", "seat")
        .values_list("pk", "mu_after")
    )
    correct(old, [300, -100, -100, -100])
    sync = ratings_update(club_id=club.pk)
    assert sync.mode == "replayed" and sync.replayed_from == key_of(old)
    assert sync.sessions_rated == len(sessions) - 1  # the first session is before it
    assert (
        list(
            RatingHistory.objects.filter(session__in=before.values("session_id"))
            .order_by("position", "seat")
            .values_list("pk", "mu_after")
        )
        == untouched
    )
    corrected = stored_ratings(club)
    assert corrected == rebuilt(club)
    seat0 = RatingHistory.objects.get(session=old, seat=0)
    assert seat0.total == 300 and seat0.place == 1
    assert RatedSession.objects.get(session=old).revision == 2


def test_a_late_entry_before_the_last_session_replays_from_it():
    club, players, sessions = club_with_history(seed=9, evenings=3)
    ratings_update(club_id=club.pk)
    first_evening = sessions[0].event
    late = play(first_evening, 9, 1, players[:4], [50, 20, -30, -40])
    sync = ratings_update(club_id=club.pk)
    assert sync.mode == "replayed" and sync.replayed_from == key_of(late)
    assert stored_ratings(club) == rebuilt(club)


def test_new_sessions_after_the_last_are_appended():
    club, players, sessions = club_with_history(seed=10, evenings=2)
    ratings_update(club_id=club.pk)
    event = Event.objects.create(
        club=club, name="Later", date=datetime.date(2026, 6, 1), published=True
    )
    play(event, 1, 1, players[:4], [100, 0, -50, -50])
    sync = ratings_update(club_id=club.pk)
    assert sync.mode == "appended" and sync.sessions_rated == 1
    assert sync.pool_sessions == len(sessions) + 1
    assert stored_ratings(club) == rebuilt(club)


def test_a_session_that_becomes_incomplete_leaves_the_ratings():
    club, _, sessions = club_with_history(seed=12, evenings=3)
    ratings_update(club_id=club.pk)
    target = sessions[2]
    correct(target, [0, 0, 0, 0], complete=False)
    sync = ratings_update(club_id=club.pk)
    assert sync.mode == "replayed"
    assert not RatingHistory.objects.filter(session=target).exists()
    assert stored_ratings(club) == rebuilt(club)


def test_a_deleted_event_is_replayed_away():
    club, _, sessions = club_with_history(seed=13, evenings=3)
    ratings_update(club_id=club.pk)
    Session.objects.filter(event=sessions[0].event).delete()  # results are never cascaded away
    sessions[0].event.delete()
    assert ratings_update(club_id=club.pk).mode == "replayed"
    assert stored_ratings(club) == rebuilt(club)
    remaining = Session.objects.filter(event__club=club).count()
    assert RatingPool.objects.get(club=club).sessions_applied == remaining


def test_a_player_whose_only_session_is_taken_back_loses_the_rating():
    club, players, _ = club_with_history(seed=14, evenings=2)
    newcomer = Player.objects.create(name="Nieuw")
    event = Event.objects.create(
        club=club, name="Extra", date=datetime.date(2026, 1, 7), published=True
    )
    session = play(event, 1, 1, [newcomer, *players[:3]], [90, -30, -30, -30])
    ratings_update(club_id=club.pk)
    assert PlayerRating.objects.filter(player=newcomer).exists()
    correct(session, [0, 0, 0, 0], complete=False)
    ratings_update(club_id=club.pk)
    assert not PlayerRating.objects.filter(player=newcomer).exists()
    assert stored_ratings(club) == rebuilt(club)


def test_a_revision_with_the_same_totals_replays_nothing():
    club, _, sessions = club_with_history(seed=15, evenings=2)
    ratings_update(club_id=club.pk)
    totals = [s.total for s in sessions[0].seat_results.order_by("position")]
    correct(sessions[0], totals)
    sync = ratings_update(club_id=club.pk)
    assert sync.mode == "unchanged"
    assert RatedSession.objects.get(session=sessions[0]).revision == 2
    assert ratings_update(club_id=club.pk).mode == "unchanged"


def test_moving_an_event_to_another_date_replays_from_the_earlier_date():
    club, _, sessions = club_with_history(seed=16, evenings=3)
    ratings_update(club_id=club.pk)
    last_event = sessions[-1].event
    last_event.date = datetime.date(2025, 12, 1)  # before every other evening
    last_event.save(update_fields=["date"])
    sync = ratings_update(club_id=club.pk)
    assert sync.mode == "replayed" and sync.replayed_from.startswith("20251201-")
    assert stored_ratings(club) == rebuilt(club)


def test_a_marked_pool_replays_from_the_mark():
    club, _, sessions = club_with_history(seed=17, evenings=3)
    ratings_update(club_id=club.pk)
    ratings_mark_dirty(club_id=club.pk, from_date=sessions[-1].event.date)
    sync = ratings_update(club_id=club.pk)
    assert sync.mode == "replayed" and sync.sessions_rated > 0
    assert RatingPool.objects.get(club=club).dirty_from == ""
    assert stored_ratings(club) == rebuilt(club)


def test_a_new_configuration_rebuilds_with_it():
    club, _, _ = club_with_history(seed=18, evenings=2)
    ratings_update(club_id=club.pk)
    before = stored_ratings(club)
    rating_pool_configure(club_id=club.pk, config={"display_scale": 20.0})
    assert ratings_update(club_id=club.pk).mode == "rebuilt"
    after = stored_ratings(club)
    assert after != before
    config = RatingConfig(display_scale=20.0)
    for mu, sigma, ordinal, *_ in after["ratings"].values():
        assert ordinal == config.display(mu, sigma)
    with pytest.raises(ValueError):
        rating_pool_configure(club_id=club.pk, config={"margin": 10.0})


def test_a_pool_on_the_defaults_is_rebuilt_with_the_points_model():
    club, _, _ = club_with_history(seed=19, evenings=2)
    ratings_update(club_id=club.pk)
    pool = RatingPool.objects.get(club=club)
    assert pool.applied_config["model"] == "points" and pool.applied_config["score_scale"] > 0
    # As the ratings stood before the points model: Plackett-Luce on ranks.
    old = {
        key: value
        for key, value in pool.applied_config.items()
        if not key.startswith("points_") and key != "score_scale"
    }
    RatingPool.objects.filter(pk=pool.pk).update(applied_config={**old, "model": "plackett_luce"})
    assert ratings_update(club_id=club.pk).mode == "rebuilt"
    assert RatingPool.objects.get(pk=pool.pk).applied_config == pool.applied_config
    assert stored_ratings(club) == rebuilt(club)
    # A pool that chose ranks keeps them.
    rating_pool_configure(club_id=club.pk, config={"model": "plackett_luce"})
    assert ratings_update(club_id=club.pk).mode == "rebuilt"
    assert RatingPool.objects.get(pk=pool.pk).applied_config["model"] == "plackett_luce"


def test_provisional_until_enough_sessions():
    club = ClubFactory()
    players = [Player.objects.create(name=f"P{i}") for i in range(5)]
    for day in range(10):
        event = Event.objects.create(
            club=club,
            name=f"Avond {day}",
            date=datetime.date(2026, 2, 1) + datetime.timedelta(day),
            published=True,
        )
        # players[0..3] play every evening; players[4] only on the first one, for players[3].
        seated = [*players[:3], players[4] if day == 0 else players[3]]
        play(event, 1, 1, seated, [40, 10, -20, -30])
    ratings_update(club_id=club.pk)
    ratings = {r.player_id: r for r in PlayerRating.objects.filter(pool__club=club)}
    assert ratings[players[0].pk].sessions_played == 10 and not ratings[players[0].pk].provisional
    assert ratings[players[3].pk].sessions_played == 9 and ratings[players[3].pk].provisional
    assert ratings[players[4].pk].provisional


def test_tied_totals_share_the_placement_and_change_alike():
    club = ClubFactory()
    players = [Player.objects.create(name=f"T{i}") for i in range(4)]
    event = Event.objects.create(
        club=club, name="Gelijk", date=datetime.date(2026, 3, 1), published=True
    )
    session = play(event, 1, 1, players, [100, 100, -50, -150])
    ratings_update(club_id=club.pk)
    rows = {r.seat: r for r in RatingHistory.objects.filter(session=session)}
    assert [rows[s].place for s in range(4)] == [1, 1, 3, 4]
    assert [rows[s].actual_placement for s in range(4)] == [1.5, 1.5, 3.0, 4.0]
    assert rows[0].mu_after == rows[1].mu_after > rows[2].mu_after > rows[3].mu_after
    assert all(rows[s].expected_placement == 2.5 for s in range(4))


def key_of(session: Session) -> str:
    session = Session.objects.select_related("event", "table__round").get(pk=session.pk)
    return order_key(
        session.event.date,
        session.event_id,
        session.table.round.number,
        session.table.number,
        session.pk,
    )
