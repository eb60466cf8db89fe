"""Every kind a webhook delivers, as a real receiver on 127.0.0.1 gets it, and as the schema
declares it: each body validates against its kind's component (``Webhook<Kind>``), and each
component's example against itself. A night moved (through the API) and cancelled (from the
calendar's page), an event renamed and withdrawn (unpublished, deleted): each is told once,
after commit, by the service that made the change, and nothing is told of a change no page
shows or of a change that was not made."""

from __future__ import annotations

import datetime
from typing import Any

import jsonschema
import pytest
from django.utils import timezone

from clubs.models import Role
from core import club_events
from ranking.standings.services import standings_recompute
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, PlayerFactory, api_client, seated_table, user_with_role
from tests.integration import webhook_receiver
from tests.integration.test_webhooks import verify
from tests.integration.webhook_shapes import Shapes, built_schema
from tests.web.conftest import client_for
from tournaments.events.services import event_delete, event_publish, event_update
from tournaments.models import EventPlayer, Round
from tournaments.rounds.services import round_accept, round_generate
from web.api.openapi.webhooks.examples import bodies
from web.api.openapi.webhooks.shapes import component_name
from week.planning import services as planning
from week.webhooks import sending
from week.webhooks.models import Delivery
from week.webhooks.sending import DELIVERY_KINDS
from week.webhooks.services import hook_create, hook_ping

receiver = webhook_receiver.receiver  # the fixture

pytestmark = pytest.mark.django_db(transaction=True)
NIGHT_KINDS = [club_events.NIGHT_PLANNED, club_events.NIGHT_CHANGED, club_events.NIGHT_CANCELLED]
EVENT_KINDS = [club_events.EVENT_PUBLISHED, club_events.EVENT_CHANGED, club_events.EVENT_WITHDRAWN]


@pytest.fixture(scope="module")
def shapes(tmp_path_factory: pytest.TempPathFactory) -> Shapes:
    return Shapes(built_schema(tmp_path_factory.mktemp("schema")))


def received(receiver, shapes: Shapes, secret: str) -> list[dict[str, Any]]:
    """Every body the receiver got, each checked: signed with the hook's secret, its kind in
    the header, its shape the one its kind's component declares, its time in UTC."""
    bodies = []
    for request in receiver.requests:
        assert verify(secret, request.headers, request.body)
        body = request.json
        assert request.headers["X-Hook-Event"] == body["kind"]
        shapes.delivery(body)
        assert body["created_at"].endswith("Z")
        bodies.append(body)
    return bodies


def kinds(receiver) -> list[str]:
    return [request.headers["X-Hook-Event"] for request in receiver.requests]


def at(days: int, hour: int = 20) -> datetime.datetime:
    local = timezone.localtime() + datetime.timedelta(days=days)
    return local.replace(hour=hour, minute=0, second=0, microsecond=0)


def test_every_kind_has_a_component_with_an_example_that_fits_it(shapes):
    schema = shapes.schema
    callbacks = schema["paths"]["/api/v1/hooks/"]["post"]["callbacks"]
    examples = bodies()
    assert set(callbacks) == set(DELIVERY_KINDS)
    for kind in DELIVERY_KINDS:
        name = component_name(kind)
        component = schema["components"]["schemas"][name]
        assert component["description"] and component["example"] == examples[kind]
        assert component["properties"]["kind"]["enum"] == [kind]
        shapes.validate(name, component["example"])
        (operation,) = callbacks[kind].values()
        body = operation["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert body == {"$ref": f"#/components/schemas/{name}"}
        headers = {p["name"] for p in operation["post"]["parameters"]}
        assert {"X-Hook-Signature", "X-Hook-Timestamp", "X-Hook-Delivery"} <= headers

    # The shapes are closed: a key nobody declared, a wrong kind or a local time fails.
    example = examples[club_events.NIGHT_CHANGED]
    for wrong in (
        {**example, "data": {**example["data"], "surprise": 1}},
        {**example, "kind": club_events.NIGHT_PLANNED},
        {**example, "created_at": "2026-11-27 19:42"},
        {**example, "data": {**example["data"], "changed": ["club"]}},
    ):
        with pytest.raises(jsonschema.ValidationError):
            shapes.validate(component_name(club_events.NIGHT_CHANGED), wrong)


def test_a_night_moved_through_the_api_is_told_once_with_what_changed(receiver, shapes):
    event = EventFactory()
    user = user_with_role(event.club, Role.ORGANIZER)
    hook = hook_create(club=event.club, actor=user, url=receiver.url, kinds=NIGHT_KINDS)
    (night,) = planning.night_plan(
        club=event.club, actor=user, starts_at=at(10), game="bonken", place="Café De Zwaan"
    )
    assert kinds(receiver) == [club_events.NIGHT_PLANNED]

    api = api_client(user)
    moved = api.patch(
        f"/api/v1/nights/{night.pk}/",
        {"starts_at": at(11, hour=19).isoformat(), "place": "Zaal Het Anker"},
        format="json",
    )
    assert moved.status_code == 200, moved.json()
    assert kinds(receiver) == [club_events.NIGHT_PLANNED, club_events.NIGHT_CHANGED]
    body = received(receiver, shapes, hook.secret)[1]
    data = body["data"]
    assert data["id"] == night.pk and data["place"] == "Zaal Het Anker"
    assert data["changed"] == ["starts_at", "ends_at", "place"]
    assert data["previous"]["place"] == "Café De Zwaan"
    was = datetime.datetime.fromisoformat(data["previous"]["starts_at"])
    now = datetime.datetime.fromisoformat(data["starts_at"])
    assert was == night.starts_at and now == at(11, hour=19)
    assert datetime.datetime.fromisoformat(data["ends_at"]) - now == night.ends_at - was

    # The same values again change nothing: nothing is told.
    same = api.patch(f"/api/v1/nights/{night.pk}/", {"place": "Zaal Het Anker"}, format="json")
    assert same.status_code == 200
    assert len(receiver.requests) == 2


def test_a_night_cancelled_on_the_calendar_page_is_told_once(receiver, shapes):
    event = EventFactory()
    user = user_with_role(event.club, Role.ORGANIZER)
    hook = hook_create(club=event.club, actor=user, url=receiver.url, kinds=NIGHT_KINDS)
    (night,) = planning.night_plan(club=event.club, actor=user, starts_at=at(5), game="bonken")
    page = client_for(user)

    for _twice in range(2):  # a second cancel changes nothing and tells nothing
        answer = page.post(f"/nights/{night.pk}/cancel/", {"cancelled": "1"})
        assert answer.status_code == 302
    assert kinds(receiver) == [club_events.NIGHT_PLANNED, club_events.NIGHT_CANCELLED]
    cancelled = received(receiver, shapes, hook.secret)[1]["data"]
    assert cancelled["id"] == night.pk and cancelled["cancelled"] is True

    # On again: a change, naming the cancellation taken back.
    page.post(f"/nights/{night.pk}/cancel/", {"cancelled": "0"})
    assert kinds(receiver)[-1] == club_events.NIGHT_CHANGED
    again = received(receiver, shapes, hook.secret)[-1]["data"]
    assert again["changed"] == ["cancelled"] and again["previous"] == {"cancelled": True}
    assert again["cancelled"] is False


def test_a_published_event_renamed_or_moved_is_told_with_what_it_was(receiver, shapes):
    event = EventFactory(name="Clubavond", date=datetime.date(2026, 11, 27))
    user = user_with_role(event.club, Role.ORGANIZER)
    hook = hook_create(club=event.club, actor=user, url=receiver.url, kinds=EVENT_KINDS)
    api = api_client(user)

    renamed = api.patch(
        f"/api/v1/events/{event.pk}/",
        {"name": "Kerstavond", "date": "2026-12-18"},
        format="json",
    )
    assert renamed.status_code == 200, renamed.json()
    assert kinds(receiver) == [club_events.EVENT_CHANGED]
    data = received(receiver, shapes, hook.secret)[0]["data"]
    assert data["changed"] == ["event_name", "event_date"]
    assert data["previous"] == {"event_name": "Clubavond", "event_date": "2026-11-27"}
    assert data["event"] == event.pk
    assert data["event_name"] == "Kerstavond" and data["event_date"] == "2026-12-18"

    # A change no page shows (the rounds planned) and an unpublished event's rename: nothing.
    event_update(event=event, actor=user, planned_rounds=5)
    draft = EventFactory(club=event.club, published=False)
    event_update(event=draft, actor=user, name="Nog geheim")
    assert len(receiver.requests) == 1


def test_a_published_event_withdrawn_is_told_and_published_again_told_as_published(
    receiver, shapes
):
    event = EventFactory()
    user = user_with_role(event.club, Role.ORGANIZER)
    hook = hook_create(club=event.club, actor=user, url=receiver.url, kinds=EVENT_KINDS)
    api = api_client(user)
    for _twice in range(2):
        hidden = api.post(f"/api/v1/events/{event.pk}/publish/", {"published": False})
        assert hidden.status_code == 200, hidden.json()
    assert kinds(receiver) == [club_events.EVENT_WITHDRAWN]  # once
    data = received(receiver, shapes, hook.secret)[0]["data"]
    assert data["reason"] == "unpublished" and data["event"] == event.pk

    # Published again: told as published (a withdrawal is delivered only while it holds).
    event_publish(event=event, actor=user)
    assert kinds(receiver) == [club_events.EVENT_WITHDRAWN, club_events.EVENT_PUBLISHED]
    received(receiver, shapes, hook.secret)

    # A published event without results deleted: withdrawn, "deleted".
    gone = EventFactory(club=event.club, name="Vergissing")
    gone_id = gone.pk
    event_delete(event=gone, actor=user)
    body = received(receiver, shapes, hook.secret)[-1]
    assert body["kind"] == club_events.EVENT_WITHDRAWN
    assert body["data"]["reason"] == "deleted" and body["data"]["event"] == gone_id
    assert body["data"]["event_name"] == "Vergissing"


def test_a_withdrawal_taken_back_before_it_went_out_is_not_sent(receiver, settings):
    settings.WEBHOOKS_COUNTDOWN_MAX = -1  # a retry waits for the sweep, called below
    event = EventFactory()
    user = user_with_role(event.club, Role.ORGANIZER)
    hook_create(club=event.club, actor=user, url=receiver.url, kinds=EVENT_KINDS)
    receiver.answers = [503]
    event_publish(event=event, actor=user, published=False)
    waiting = Delivery.objects.get(kind=club_events.EVENT_WITHDRAWN)
    assert waiting.status == Delivery.Status.PENDING and waiting.attempts == 1
    event_publish(event=event, actor=user)
    assert sending.attempt(waiting.pk) == "cancelled"
    waiting.refresh_from_db()
    assert waiting.error == "event published again"
    assert kinds(receiver) == [club_events.EVENT_WITHDRAWN, club_events.EVENT_PUBLISHED]


def test_every_kind_a_club_night_sends_fits_its_declared_shape(receiver, shapes):
    """A whole evening and a ping, every kind at once, each body against its component."""
    event = EventFactory(published=False, status="draft")
    user = user_with_role(event.club, Role.ORGANIZER)
    hook = hook_create(club=event.club, actor=user, url=receiver.url, kinds=list(club_events.KINDS))
    (night,) = planning.night_plan(club=event.club, actor=user, starts_at=at(3), game="bonken")
    planning.night_update(night=night, actor=user, notes="Neem kleingeld mee.\nEn een pen.")
    planning.night_cancel(night=night, actor=user)
    event_publish(event=event, actor=user)
    for player in PlayerFactory.create_batch(9):
        EventPlayer.objects.create(event=event, player=player, present=True)
    round_ = round_generate(event=event, actor=user)
    round_accept(round_=Round.objects.get(pk=round_.pk), actor=user)
    table = round_.tables.order_by("number").first()
    session_submit(table=table, submitted_by=user, document=classic_document())
    corrected = classic_document()
    corrected["games"][4]["counts"] = [0, 4, 5, 4]
    session_submit(
        table=table,
        submitted_by=user,
        document=corrected,
        expected_revision=1,
        reason="recount",
    )
    standings_recompute(event_id=event.pk, force=True)
    event_update(event=event, actor=user, name="Clubavond met bye")
    event_publish(event=event, actor=user, published=False)
    hook_ping(hook=hook, actor=user)

    bodies = received(receiver, shapes, hook.secret)
    assert set(kinds(receiver)) == set(DELIVERY_KINDS)
    seated = next(b for b in bodies if b["kind"] == club_events.ROUND_SEATED)["data"]
    assert len(seated["byes"]) == 1  # nine players: one sits out


def test_a_seated_table_of_a_published_event_is_checked_against_its_shape(receiver, shapes):
    event = EventFactory()
    user = user_with_role(event.club, Role.ORGANIZER)
    hook = hook_create(
        club=event.club, actor=user, url=receiver.url, kinds=[club_events.RESULT_SAVED]
    )
    session_submit(table=seated_table(event), submitted_by=user, document=classic_document())
    (body,) = received(receiver, shapes, hook.secret)
    seats = body["data"]["seats"]
    assert [seat["position"] for seat in seats] == [0, 1, 2, 3]  # as the API counts seats
    assert {"player", "player_name", "player_url", "placement"} <= set(seats[0])
    body["data"]["seats"][0]["shoe_size"] = 44  # what the schema does not declare fails
    with pytest.raises(jsonschema.ValidationError):
        shapes.delivery(body)
    body["data"]["seats"][0].pop("shoe_size")
    body["data"]["seats"][0]["seat"] = 1  # the old words no longer fit either
    with pytest.raises(jsonschema.ValidationError):
        shapes.delivery(body)
