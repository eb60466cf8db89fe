"""The ratings tasks and command: queued after commit, safe with the broker down, the
reconcile job finds pools that are behind, the rebuild command; and the real worker."""

import time
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from clubs.access.tokens import api_token_create
from clubs.models import Role
from ranking.ratings import tasks as ratings_tasks
from ranking.ratings.models import PlayerRating, RatingPool
from ranking.ratings.selectors import stale_rating_pools
from ranking.ratings.services import (
    rating_pool_configure,
    ratings_mark_dirty,
    ratings_rebuild,
    ratings_update,
)
from results.models import Session
from tests.conftest import queued_tasks
from tests.documents import classic_document
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tests.integration.http import http
from tests.integration.ratings_support import club_with_history, correct, stored_ratings
from tournaments import tasks


@pytest.mark.django_db
def test_the_update_is_queued_after_commit(django_capture_on_commit_callbacks, monkeypatch):
    club, _, _ = club_with_history(seed=31, evenings=1)
    sent = []
    monkeypatch.setattr(
        ratings_tasks.ratings_update,
        "apply_async",
        lambda args, countdown=None: sent.append(args[0]),
    )
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        tasks.enqueue_ratings(club.pk)
        assert sent == []  # nothing before the commit
    assert queued_tasks(callbacks) == [tasks.RATINGS_TASK, tasks.LEAGUES_TASK]
    assert sent == [club.pk]


@pytest.mark.django_db
def test_a_broker_that_is_down_does_not_fail_the_write(
    django_capture_on_commit_callbacks, monkeypatch, caplog
):
    def refuse(args, countdown=None) -> None:
        raise ConnectionError("broker down")

    monkeypatch.setattr(ratings_tasks.ratings_update, "apply_async", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue_ratings(7)
    assert "could not queue ratings for club 7" in caplog.text


@pytest.mark.django_db
def test_the_task_updates_the_club():
    club, people, sessions = club_with_history(seed=32, evenings=2)
    result = ratings_tasks.ratings_update(club.pk)  # what the worker runs
    assert result == {"club": club.pk, "mode": "rebuilt", "sessions_rated": len(sessions)}
    assert PlayerRating.objects.filter(pool__club=club).count() == len(people)
    assert ratings_tasks.ratings_update(club.pk)["mode"] == "unchanged"


@pytest.mark.django_db
def test_reconcile_finds_the_pools_that_are_behind(monkeypatch):
    fresh, _, _ = club_with_history(seed=33, evenings=1)  # never rated
    corrected, _, sessions = club_with_history(seed=34, evenings=1)
    marked, _, _ = club_with_history(seed=35, evenings=1)
    reconfigured, _, _ = club_with_history(seed=36, evenings=1)
    current, _, _ = club_with_history(seed=37, evenings=1)
    for club in (corrected, marked, reconfigured, current):
        ratings_update(club_id=club.pk)
    correct(sessions[0], [10, 0, 0, -10])
    ratings_mark_dirty(club_id=marked.pk, from_date=sessions[0].event.date)
    rating_pool_configure(club_id=reconfigured.pk, config={"tau": 0.1})
    expected = sorted([fresh.pk, corrected.pk, marked.pk, reconfigured.pk])
    assert stale_rating_pools() == expected
    queued = []
    monkeypatch.setattr(ratings_tasks.ratings_update, "delay", queued.append)
    assert ratings_tasks.ratings_reconcile() == {"ratings": 4} and queued == expected
    for club_id in expected:
        ratings_update(club_id=club_id)
    assert stale_rating_pools() == []


@pytest.mark.django_db
def test_a_pool_whose_sessions_all_went_is_behind():
    club, _, sessions = club_with_history(seed=38, evenings=1)
    ratings_update(club_id=club.pk)
    Session.objects.filter(event__club=club).update(complete=False)
    assert stale_rating_pools() == [club.pk]
    ratings_update(club_id=club.pk)
    assert stale_rating_pools() == []
    assert not PlayerRating.objects.filter(pool__club=club).exists()


@pytest.mark.django_db
def test_rebuild_command():
    club, _, sessions = club_with_history(seed=39, evenings=2)
    other, _, _ = club_with_history(seed=40, evenings=1)
    out = StringIO()
    call_command("ratings_rebuild", "--club", str(club.pk), stdout=out)
    assert f"club {club.pk}: {len(sessions)} sessions rated" in out.getvalue()
    assert not RatingPool.objects.filter(club=other).exists()
    stored = stored_ratings(club)
    call_command("ratings_rebuild", "--club", str(club.pk), "--check", stdout=out)
    assert "a rebuild is equal to the stored ratings" in out.getvalue()
    assert stored_ratings(club) == stored
    call_command("ratings_rebuild", "--all", stdout=out)
    assert RatingPool.objects.filter(club=other).exists()
    with pytest.raises(CommandError):
        call_command("ratings_rebuild", "--club", "999999", stdout=out)


@pytest.mark.django_db
def test_check_reports_a_pool_that_differs():
    club, _, sessions = club_with_history(seed=41, evenings=1)
    ratings_rebuild(club_id=club.pk)
    PlayerRating.objects.filter(pool__club=club).update(mu=1.0)
    with pytest.raises(CommandError):
        call_command("ratings_rebuild", "--club", str(club.pk), "--check", stdout=StringIO())
    assert set(PlayerRating.objects.filter(pool__club=club).values_list("mu", flat=True)) == {
        1.0
    }  # nothing kept


def wait_for_ratings(base: str, club_id: int, count: int, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    body: dict = {}
    while time.monotonic() < deadline:
        _, body = http("GET", f"{base}/api/v1/clubs/{club_id}/ratings/")
        if body["count"] == count:
            return body
        time.sleep(0.1)
    raise AssertionError(f"ratings not updated within {timeout}s: {body}")


@pytest.mark.services
def test_a_submitted_session_updates_ratings_through_the_worker(celery_worker, live_server):
    event = EventFactory()
    table = seated_table(event, players=PlayerFactory.create_batch(4))
    _, token = api_token_create(user=user_with_role(event.club, Role.SCORER), name="app")
    base = live_server.url
    status, session = http(
        "PUT", f"{base}/api/v1/tables/{table.pk}/session/", token, {"document": classic_document()}
    )
    assert status == 201, session
    ratings = wait_for_ratings(base, event.club_id, 4)  # the save queued the update itself
    winner = max(range(4), key=lambda seat: session["result"]["totals"][seat])
    assert ratings["results"][0]["player"] == session["seats"][winner]["player"]

    # A correction replays the pool through the same worker; the numbers equal a rebuild.
    corrected = classic_document()
    corrected["games"][4]["counts"] = [0, 4, 5, 4]
    status, body = http(
        "PUT",
        f"{base}/api/v1/tables/{table.pk}/session/",
        token,
        {"document": corrected, "expected_revision": 1, "reason": "recount"},
    )
    assert status == 200, body
    time.sleep(0.2)  # the save marked the pool for a replay and queued it
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and stale_rating_pools():
        time.sleep(0.1)
    assert stale_rating_pools() == []
    updated = stored_ratings(event.club)
    ratings_rebuild(club_id=event.club_id)
    assert stored_ratings(event.club) == updated
