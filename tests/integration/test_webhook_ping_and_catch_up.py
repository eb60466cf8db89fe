"""A test ping through the API (the organizers of the hook's club, as for managing hooks):
signed like every delivery, tried once, never counted towards switching the hook off; and the
catch-up list a receiver reads what it missed from: a hook's deliveries oldest first, newest
last, a page at a time after a cursor, each with its kind, id, time in UTC (Z), payload and
status, and a delivery made later found by asking the last ``next`` again."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from clubs.models import AuditEntry, Role
from core import club_events
from tests.factories import ClubFactory, api_client, user_with_role
from tests.integration import webhook_receiver
from tests.integration.test_webhooks import verify
from tests.integration.webhook_shapes import Shapes, built_schema
from week.planning import services as planning
from week.webhooks.models import Delivery, Hook
from week.webhooks.services import hook_create

receiver = webhook_receiver.receiver  # the fixture

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def shapes(tmp_path_factory: pytest.TempPathFactory) -> Shapes:
    return Shapes(built_schema(tmp_path_factory.mktemp("schema")))


def organizer_with_hook(receiver, kinds=(club_events.NIGHT_PLANNED,)):
    club = ClubFactory()
    user = user_with_role(club, Role.ORGANIZER)
    hook = hook_create(club=club, actor=user, url=receiver.url, kinds=list(kinds))
    return club, user, hook


def plan_nights(club, user, count: int) -> None:
    start = timezone.localtime() + datetime.timedelta(days=7)
    planning.night_plan(
        club=club,
        actor=user,
        starts_at=start.replace(hour=20, minute=0, second=0, microsecond=0),
        game="bonken",
        recurrence="weekly",
        count=count,
    )


def test_a_ping_through_the_api_is_signed_tried_once_and_never_switches_a_hook_off(
    receiver, shapes, settings
):
    settings.WEBHOOKS_DISABLE_AFTER = 1
    club, user, hook = organizer_with_hook(receiver)
    api = api_client(user)
    sent = api.post(f"/api/v1/hooks/{hook.pk}/ping/")
    assert sent.status_code == 201, sent.json()
    assert sent.json()["kind"] == "ping" and sent.json()["hook"] == hook.pk
    (got,) = receiver.requests
    assert verify(hook.secret, got.headers, got.body)
    assert got.headers["X-Hook-Event"] == "ping"
    assert got.headers["X-Hook-Delivery"] == str(sent.json()["id"])
    shapes.delivery(got.json)
    assert got.json["data"] == {"hook": {"id": hook.pk, "kinds": [club_events.NIGHT_PLANNED]}}
    assert Delivery.objects.get(pk=sent.json()["id"]).status == Delivery.Status.SUCCEEDED
    assert AuditEntry.objects.filter(action="webhook.ping").count() == 1

    # A receiver that is down: one attempt, failed, and the hook stays on.
    receiver.always = 500
    failed = api.post(f"/api/v1/hooks/{hook.pk}/ping/")
    assert failed.status_code == 201
    delivery = Delivery.objects.get(pk=failed.json()["id"])
    assert (delivery.status, delivery.attempts, delivery.status_code) == ("failed", 1, 500)
    hook.refresh_from_db()
    assert hook.active and hook.failures == 0
    assert len(receiver.requests) == 2

    # Who may: the club's organizers, as for managing hooks; a switched-off hook is not pinged.
    other = api_client(user_with_role(ClubFactory(), Role.ORGANIZER))
    assert other.post(f"/api/v1/hooks/{hook.pk}/ping/").status_code == 404
    scorer = api_client(user_with_role(club, Role.SCORER))
    assert scorer.post(f"/api/v1/hooks/{hook.pk}/ping/").status_code == 404
    assert api_client().post(f"/api/v1/hooks/{hook.pk}/ping/").status_code == 401
    Hook.objects.filter(pk=hook.pk).update(active=False)
    off = api.post(f"/api/v1/hooks/{hook.pk}/ping/")
    assert off.status_code == 409
    problem = off.json()["errors"][0]
    assert problem["code"] == "hook_off" and "test ping" in problem["message"]
    assert "testping" in problem["message_nl"]
    assert len(receiver.requests) == 2


def test_the_catch_up_list_pages_oldest_first_after_a_cursor(receiver, shapes):
    club, user, hook = organizer_with_hook(receiver)
    plan_nights(club, user, 5)
    made = list(Delivery.objects.filter(hook=hook).order_by("sequence"))
    assert [d.sequence for d in made] == [1, 2, 3, 4, 5]
    api = api_client(user)
    path = f"/api/v1/hooks/{hook.pk}/catch-up/"

    first = api.get(path, {"limit": 2})
    assert first.status_code == 200
    page = first.json()
    shapes.validate("CatchUp", page)
    assert [d["id"] for d in page["results"]] == [made[0].pk, made[1].pk]
    assert page["more"] is True
    item = page["results"][0]
    assert set(item) == {"id", "kind", "created_at", "status", "payload", "resent_from"}
    assert item["kind"] == club_events.NIGHT_PLANNED and item["status"] == "succeeded"
    assert item["created_at"].endswith("Z")
    assert datetime.datetime.fromisoformat(item["created_at"]) == made[0].created_at
    assert item["payload"] == made[0].payload and item["resent_from"] is None
    assert page["next"].startswith("http") and f"cursor={page['cursor']}" in page["next"]

    seen = [d["id"] for d in page["results"]]
    while page["more"]:
        page = api.get(page["next"]).json()
        shapes.validate("CatchUp", page)
        seen += [d["id"] for d in page["results"]]
    assert seen == [d.pk for d in made]  # every delivery once, oldest first, newest last
    assert "limit=2" in page["next"]

    # Caught up: the last next answers nothing now, and what is made later after that.
    idle = api.get(page["next"]).json()
    assert idle["results"] == [] and idle["more"] is False and idle["next"] == page["next"]
    ping = api.post(f"/api/v1/hooks/{hook.pk}/ping/").json()
    later = api.get(page["next"]).json()
    assert [(d["id"], d["kind"]) for d in later["results"]] == [(ping["id"], "ping")]
    assert later["results"][0]["payload"] == {
        "hook": {"id": hook.pk, "kinds": [club_events.NIGHT_PLANNED]}
    }

    # Without a cursor it starts at the oldest; the default page holds them all.
    whole = api.get(path).json()
    assert [d["id"] for d in whole["results"]] == [*seen, ping["id"]]


@pytest.mark.parametrize(
    "cursor",
    ["nonsense", "YWZ0ZXI6LTE", "YWZ0ZXI6MDE", "YWZ0ZXI6OTk5OTk5OTk5OTk5OTk5OTk5OQ", "%%%%"],
)
def test_a_cursor_the_list_never_gave_is_refused_in_both_languages(receiver, cursor):
    _club, user, hook = organizer_with_hook(receiver)
    answer = api_client(user).get(f"/api/v1/hooks/{hook.pk}/catch-up/", {"cursor": cursor})
    assert answer.status_code == 400
    problem = answer.json()["errors"][0]
    assert problem["code"] == "invalid_cursor" and problem["field"] == "cursor"
    assert "cursor" in problem["message"] and "cursor" in problem["message_nl"]
    assert problem["message"] != problem["message_nl"]


def test_the_catch_up_list_is_the_club_organizers_alone(receiver):
    club, user, hook = organizer_with_hook(receiver)
    path = f"/api/v1/hooks/{hook.pk}/catch-up/"
    assert api_client(user).get(path).status_code == 200
    other = api_client(user_with_role(ClubFactory(), Role.ORGANIZER))
    assert other.get(path).status_code == 404
    assert api_client(user_with_role(club, Role.SCORER)).get(path).status_code == 404
    assert api_client().get(path).status_code == 401
