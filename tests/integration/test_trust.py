"""Who may write: table links, event scorers, API tokens; and the audit log of every write."""

import pytest
from rest_framework.test import APIClient

from clubs.models import AuditEntry, Role
from results.models import Session
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tournaments.models import EventScorer, Round

pytestmark = pytest.mark.django_db


def put(client: APIClient, table, **headers):
    return client.put(
        f"/api/v1/tables/{table.pk}/session/",
        {"document": classic_document()},
        format="json",
        **headers,
    )


def test_a_table_link_scores_its_own_table_only():
    table = seated_table(EventFactory(published=False))
    other = seated_table(table.round.event, table_number=2)
    client = APIClient()
    assert put(client, table, HTTP_X_TABLE_TOKEN=table.scoring_token).status_code == 201
    # Another table of an unpublished event: not told it exists (as a missing table).
    assert put(client, other, HTTP_X_TABLE_TOKEN=table.scoring_token).status_code == 404
    assert put(client, other, HTTP_X_TABLE_TOKEN="guess").status_code == 404
    assert not Session.objects.filter(table=other).exists()
    entry = AuditEntry.objects.get(action="session.save")
    assert entry.actor is None and entry.actor_label == "table link"


def test_a_table_link_of_a_published_event_is_refused_at_another_table():
    table = seated_table(EventFactory(published=True))
    other = seated_table(table.round.event, table_number=2)
    client = APIClient()
    assert put(client, other, HTTP_X_TABLE_TOKEN=table.scoring_token).status_code in (401, 403)
    assert not Session.objects.filter(table=other).exists()


def test_a_table_link_stops_when_the_round_closes():
    table = seated_table(EventFactory())
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    response = put(APIClient(), table, HTTP_X_TABLE_TOKEN=table.scoring_token)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "round_closed"


def test_idempotency_works_for_a_table_link():
    table = seated_table(EventFactory())
    client = APIClient()
    headers = {"HTTP_X_TABLE_TOKEN": table.scoring_token, "HTTP_IDEMPOTENCY_KEY": "k1"}
    url = f"/api/v1/tables/{table.pk}/session/games/"
    first = client.post(url, {"part": classic_games()[0]}, format="json", **headers)
    again = client.post(url, {"part": classic_games()[0]}, format="json", **headers)
    assert first.status_code == again.status_code == 201
    assert Session.objects.get(table=table).revision == 1


def test_an_event_scorer_scores_that_event_only():
    table = seated_table(EventFactory())
    elsewhere = seated_table(EventFactory(club=table.round.event.club))
    user = user_with_role(table.round.event.club, Role.MEMBER)
    EventScorer.objects.create(event=table.round.event, player=user.player)
    client = APIClient()
    client.force_authenticate(user)
    assert put(client, table).status_code == 201
    assert put(client, elsewhere).status_code == 403


def test_api_tokens_can_be_created_used_and_revoked():
    table = seated_table(EventFactory())
    user = user_with_role(table.round.event.club, Role.SCORER)
    client = APIClient()
    client.force_authenticate(user)
    created = client.post("/api/v1/tokens/", {"name": "score app"}, format="json").json()
    assert created["key"].startswith("bk_") and created["prefix"] == created["key"][3:11]
    assert "key" not in client.get("/api/v1/tokens/").json()["results"][0]

    app = APIClient()
    app.credentials(HTTP_AUTHORIZATION=f"Token {created['key']}")
    assert put(app, table).status_code == 201
    assert client.delete(f"/api/v1/tokens/{created['id']}/").status_code == 204
    assert put(app, table).status_code == 401
    assert client.get("/api/v1/tokens/").json()["results"][0]["revoked_at"]


def test_nobody_revokes_someone_elses_token():
    owner, thief = APIClient(), APIClient()
    owner.force_authenticate(user_with_role(EventFactory().club, Role.MEMBER))
    thief.force_authenticate(user_with_role(EventFactory().club, Role.MEMBER))
    token = owner.post("/api/v1/tokens/", {"name": "mine"}, format="json").json()
    assert thief.delete(f"/api/v1/tokens/{token['id']}/").status_code == 404


def test_every_write_is_in_the_audit_log():
    event = EventFactory()
    client = APIClient()
    user = user_with_role(event.club, Role.ORGANIZER)
    client.force_authenticate(user)
    client.post("/api/v1/players/", {"name": "Walk-in", "club": event.club.pk}, format="json")
    client.patch(f"/api/v1/events/{event.pk}/", {"name": "Renamed"}, format="json")
    table = seated_table(event, players=PlayerFactory.create_batch(4))
    put(client, table)
    actions = list(AuditEntry.objects.order_by("at", "id").values_list("action", "actor"))
    assert actions == [
        ("player.register", user.pk),
        ("event.update", user.pk),
        ("session.save", user.pk),
    ]
    refused = APIClient()
    refused.force_authenticate(user_with_role(event.club, Role.MEMBER))
    refused.patch(f"/api/v1/events/{event.pk}/", {"name": "Hijacked"}, format="json")
    assert AuditEntry.objects.count() == 3


def test_reconcile_finds_events_whose_standings_are_behind(django_capture_on_commit_callbacks):
    from ranking.standings.services import events_with_stale_standings, standings_recompute
    from ranking.standings.tasks import reconcile

    table = seated_table(EventFactory())
    client = APIClient()
    client.force_authenticate(user_with_role(table.round.event.club, Role.SCORER))
    with django_capture_on_commit_callbacks(execute=False):  # the queued task is "lost"
        put(client, table)
    event_id = table.round.event_id
    assert events_with_stale_standings() == [event_id]
    assert reconcile.delay().get() == {"standings": 1}  # eager here: recomputes at once
    assert events_with_stale_standings() == []
    standings_recompute(event_id=event_id)  # running it again changes nothing
    assert events_with_stale_standings() == []


def test_anonymous_validation_is_throttled():
    client = APIClient()
    statuses = [
        client.post("/api/v1/sessions/validate/", {"games": []}, format="json").status_code
        for _ in range(125)
    ]
    assert statuses[:120] == [200] * 120
    assert statuses[-1] == 429


def test_forms_need_a_csrf_token():
    from django.contrib.auth.models import User
    from django.test import Client

    User.objects.create_user("someone", password="pw-for-test-only")
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "someone", "password": "x"})
    assert response.status_code == 403
