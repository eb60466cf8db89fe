"""The ratings reconcile job notices an event moved to another date: the pool's rated sessions
no longer match their event's date, so the club is queued, and one update (a replay) puts it
right, equal to a rebuild from scratch."""

import datetime

import pytest

from ranking.ratings import tasks as ratings_tasks
from ranking.ratings.selectors import stale_rating_pools
from ranking.ratings.services import ratings_rebuild, ratings_update
from tests.integration.ratings_support import club_with_history, stored_ratings
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("weeks", [-3, 2, 10], ids=["earlier", "among-others", "last"])
def test_an_event_moved_to_another_date_makes_the_pool_stale(weeks, monkeypatch):
    club, _, _ = club_with_history(seed=51, evenings=3)
    untouched, _, _ = club_with_history(seed=52, evenings=2)
    for each in (club, untouched):
        ratings_update(club_id=each.pk)
    assert stale_rating_pools() == []
    first = Event.objects.filter(club=club).order_by("date").first()
    # Directly in the database, as a change that bypasses every service would.
    Event.objects.filter(pk=first.pk).update(date=first.date + datetime.timedelta(weeks=weeks))

    assert stale_rating_pools() == [club.pk]
    queued = []
    monkeypatch.setattr(ratings_tasks.ratings_update, "delay", queued.append)
    assert ratings_tasks.ratings_reconcile() == {"ratings": 1} and queued == [club.pk]

    assert ratings_update(club_id=club.pk).mode == "replayed"
    assert stale_rating_pools() == []
    replayed = stored_ratings(club)
    ratings_rebuild(club_id=club.pk)
    assert stored_ratings(club) == replayed


def test_a_moved_event_without_rated_sessions_changes_nothing():
    club, _, _ = club_with_history(seed=53, evenings=1)
    ratings_update(club_id=club.pk)
    empty = Event.objects.create(
        club=club, name="Nog niet gespeeld", date=datetime.date(2026, 3, 3)
    )
    Event.objects.filter(pk=empty.pk).update(date=datetime.date(2026, 1, 1))
    assert stale_rating_pools() == []


def test_stale_pools_take_a_fixed_number_of_queries(django_assert_num_queries):
    for seed in (54, 55, 56):
        club, _, _ = club_with_history(seed=seed, evenings=2)
        ratings_update(club_id=club.pk)
    with django_assert_num_queries(3):  # sessions per club, pools, moved events
        assert stale_rating_pools() == []
