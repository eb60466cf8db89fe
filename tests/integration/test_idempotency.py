"""Idempotency-Key: every retry of a key gets the first answer, headers included, even when the
retries arrive at the same moment; and the writer is authenticated and authorized before any
stored answer is replayed."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import Role
from results.models import IdempotencyRecord, Part, Session
from results.services import session_submit
from results.tasks import idempotency_purge, purge_idempotency_records
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, seated_table, user_with_role

pytestmark = pytest.mark.django_db


def started_table():
    table = seated_table(EventFactory())
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document(2))
    return table, organizer


@pytest.mark.django_db(transaction=True)
def test_concurrent_retries_of_one_append_all_get_the_first_answer():
    table, organizer = started_table()
    game = classic_games()[2]
    answers: list[tuple[int, dict, str | None]] = []
    barrier = threading.Barrier(6)

    def send() -> None:
        api = APIClient()
        api.force_authenticate(organizer)
        barrier.wait()
        try:
            response = api.post(
                f"/api/v1/tables/{table.pk}/session/games/",
                {"part": game},
                format="json",
                HTTP_IDEMPOTENCY_KEY="game-3",
            )
            answers.append((response.status_code, response.json(), response.get("ETag")))
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(answers) == 6
    assert {status for status, _body, _etag in answers} == {201}, answers
    bodies = [body for _status, body, _etag in answers]
    assert all(body == bodies[0] for body in bodies), [b for b in bodies if b != bodies[0]][:1]
    assert {etag for _status, _body, etag in answers} == {'"2"'}
    assert Part.objects.filter(session__table=table).count() == 3
    assert Session.objects.get(table=table).revision == 2


def test_a_replay_carries_the_first_answers_headers():
    table, organizer = started_table()
    api = APIClient()
    api.force_authenticate(organizer)
    url = f"/api/v1/tables/{table.pk}/session/games/"
    first = api.post(url, {"part": classic_games()[2]}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    again = api.post(url, {"part": classic_games()[2]}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert again["ETag"] == first["ETag"] == '"2"'
    assert again.json() == first.json()


def test_no_replay_before_authentication_and_authorization():
    table, _organizer = started_table()
    token = {"HTTP_X_TABLE_TOKEN": table.scoring_token, "HTTP_IDEMPOTENCY_KEY": "k2"}
    url = f"/api/v1/tables/{table.pk}/session/games/"
    first = APIClient().post(url, {"part": classic_games()[2]}, format="json", **token)
    assert first.status_code == 201
    other = seated_table(table.round.event, table_number=2)
    wrong = APIClient().post(
        url,
        {"part": classic_games()[2]},
        format="json",
        HTTP_X_TABLE_TOKEN=other.scoring_token,
        HTTP_IDEMPOTENCY_KEY="k2",
    )
    assert wrong.status_code == 401
    assert "document" not in wrong.json()
    outsider = APIClient()
    outsider.force_authenticate(user_with_role(EventFactory().club, Role.ORGANIZER))
    refused = outsider.post(
        url, {"part": classic_games()[2]}, format="json", HTTP_IDEMPOTENCY_KEY="k2"
    )
    assert refused.status_code == 403
    assert Session.objects.get(table=table).revision == 2


def test_stored_answers_are_purged_after_the_retention(settings):
    settings.IDEMPOTENCY_RETENTION_HOURS = 24
    now = timezone.now()
    for key, hours in (("old", 25), ("fresh", 23)):
        record = IdempotencyRecord.objects.create(
            key=key, scope="user:1", request_hash="x", status_code=201, response={}
        )
        IdempotencyRecord.objects.filter(pk=record.pk).update(
            created_at=now - datetime.timedelta(hours=hours)
        )
    assert idempotency_purge(now=now) == 1
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["fresh"]
    assert purge_idempotency_records.apply().get() == {"deleted": 0}
    assert "games.idempotency_purge" in {
        job["task"] for job in settings.CELERY_BEAT_SCHEDULE.values()
    }


def test_a_key_longer_than_the_stored_length_is_refused_not_cut():
    """Two keys sharing their first 200 characters were cut to the same key, so the second
    write got the first one's answer (or a 409): a longer key is refused with a 400."""
    table, organizer = started_table()
    api = APIClient()
    api.force_authenticate(organizer)
    url = f"/api/v1/tables/{table.pk}/session/games/"
    stem = "k" * 200
    assert (
        api.post(
            url, {"part": classic_games()[2]}, format="json", HTTP_IDEMPOTENCY_KEY=stem
        ).status_code
        == 201
    )
    refused = api.post(
        url, {"part": classic_games()[3]}, format="json", HTTP_IDEMPOTENCY_KEY=stem + "-second"
    )
    assert refused.status_code == 400, refused.content
    problem = refused.json()["errors"][0]
    assert problem["code"] == "idempotency_key_too_long" and "200" in problem["message"]
    assert problem["message_nl"] != problem["message"]
    assert Session.objects.get(table=table).revision == 2  # the first key's game only
    assert IdempotencyRecord.objects.filter(key=stem).count() == 1
