"""Webhooks end to end with a real HTTP receiver on 127.0.0.1: signed deliveries, a retry after
a 500, nothing for an unpublished event, the off-switch after repeated failures, sending again
from the log, and who may see a hook."""

import hashlib
import hmac
import time

import pytest
from django.core import mail

from clubs.models import AuditEntry, Role
from core.club_events import EVENT_PUBLISHED, KINDS, RESULT_CORRECTED, RESULT_SAVED
from ranking.standings.services import standings_recompute
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.integration import webhook_receiver
from tournaments.events.services import event_publish
from week.webhooks.models import Delivery, Hook
from week.webhooks.services import delivery_resend, hook_create, hook_update

receiver = webhook_receiver.receiver  # the fixture

pytestmark = pytest.mark.django_db(transaction=True)


def verify(secret: str, headers: dict, body: bytes, tolerance: int = 300) -> bool:
    """docs/api.md's recipe, as a receiver writes it."""
    timestamp = headers["X-Hook-Timestamp"]
    expected = (
        "sha256="
        + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    )
    fresh = abs(time.time() - int(timestamp)) <= tolerance  # refuses replays
    signatures = [headers["X-Hook-Signature"], headers.get("X-Hook-Signature-Previous", "")]
    return fresh and any(hmac.compare_digest(expected, given) for given in signatures)


def night(published=True):
    event = EventFactory(published=published)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    return event, organizer


def test_a_saved_result_is_delivered_signed(receiver, settings):
    settings.SITE_URL = "https://club.example"
    event, organizer = night()
    hook = hook_create(club=event.club, actor=organizer, url=receiver.url, kinds=[RESULT_SAVED])
    table = seated_table(event)
    session_submit(table=table, submitted_by=organizer, document=classic_document())

    assert len(receiver.requests) == 1
    got = receiver.requests[0]
    assert got.path == "/hook"
    assert verify(hook.secret, got.headers, got.body)
    assert not verify("another secret", got.headers, got.body)
    assert not verify(hook.secret, got.headers, got.body + b" ")
    old = {**got.headers, "X-Hook-Timestamp": str(int(got.headers["X-Hook-Timestamp"]) - 600)}
    assert not verify(hook.secret, old, got.body)  # a replay with an old timestamp
    assert got.headers["X-Hook-Event"] == RESULT_SAVED
    body = got.json
    assert body["kind"] == RESULT_SAVED and body["club"] == event.club_id
    assert str(body["id"]) == got.headers["X-Hook-Delivery"]
    data = body["data"]
    assert data["event"] == event.pk
    assert data["event_url"] == f"https://club.example/events/{event.pk}/"
    names = {seat.player.name for seat in table.seats.select_related("player")}
    assert {seat["player_name"] for seat in data["seats"]} == names
    assert [seat["position"] for seat in data["seats"]] == [0, 1, 2, 3]  # as the API counts
    assert all(seat["total"] is not None and seat["placement"] for seat in data["seats"])
    assert all(seat["player_url"].startswith("https://club.example/") for seat in data["seats"])
    delivery = Delivery.objects.get()
    assert delivery.status == Delivery.Status.SUCCEEDED and delivery.attempts == 1
    assert delivery.status_code == 200

    # A correction of the complete result is its own kind, sent only to hooks that chose it.
    corrected = classic_document()
    corrected["games"][4]["counts"] = [0, 4, 5, 4]
    session_submit(
        table=table,
        submitted_by=organizer,
        document=corrected,
        expected_revision=1,
        reason="recount",
    )
    assert len(receiver.requests) == 1
    hook_update(hook=hook, actor=organizer, kinds=[RESULT_SAVED, RESULT_CORRECTED])
    corrected["games"][4]["counts"] = [0, 5, 4, 4]
    session_submit(
        table=table,
        submitted_by=organizer,
        document=corrected,
        expected_revision=2,
        reason="recount again",
    )
    assert len(receiver.requests) == 2
    assert receiver.requests[1].json["kind"] == RESULT_CORRECTED
    assert receiver.requests[1].json["data"]["revision"] == 3


def test_a_delivery_is_retried_after_a_500(receiver):
    event, organizer = night()
    hook = hook_create(club=event.club, actor=organizer, url=receiver.url, kinds=[RESULT_SAVED])
    receiver.answers = [500, 503]
    session_submit(table=seated_table(event), submitted_by=organizer, document=classic_document())
    results = [r for r in receiver.requests if r.headers["X-Hook-Event"] == RESULT_SAVED]
    assert len(results) == 3
    assert len({r.headers["X-Hook-Delivery"] for r in results}) == 1  # one delivery
    assert all(verify(hook.secret, r.headers, r.body) for r in results)
    delivery = Delivery.objects.get(kind=RESULT_SAVED)
    assert delivery.status == Delivery.Status.SUCCEEDED and delivery.attempts == 3
    assert Hook.objects.get().failures == 0


def test_nothing_is_delivered_for_an_unpublished_event(receiver):
    event, organizer = night(published=False)
    hook_create(club=event.club, actor=organizer, url=receiver.url, kinds=KINDS)
    table = seated_table(event)
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    standings_recompute(event_id=event.pk)
    assert receiver.requests == []
    assert not Delivery.objects.exists()

    # Published: one delivery that says so, with the standings as they are now.
    event_publish(event=event, actor=organizer)
    assert [r.headers["X-Hook-Event"] for r in receiver.requests] == [EVENT_PUBLISHED]
    standings = receiver.requests[0].json["data"]["standings"]
    assert len(standings) == 4 and standings[0]["rank"] == 1 and standings[0]["player_name"]


def test_a_hook_that_keeps_failing_is_switched_off_and_the_organizers_told(receiver, settings):
    settings.WEBHOOKS_MAX_ATTEMPTS = 2
    settings.WEBHOOKS_DISABLE_AFTER = 2
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    event, organizer = night()
    organizer.email = "organizer@club.example"
    organizer.save()
    hook = hook_create(club=event.club, actor=organizer, url=receiver.url, kinds=[RESULT_SAVED])
    receiver.always = 500
    for number in (1, 2, 3):
        session_submit(
            table=seated_table(event, table_number=number),
            submitted_by=organizer,
            document=classic_document(),
        )
    assert len(receiver.requests) == 4  # two deliveries of two attempts; the third not sent
    hook.refresh_from_db()
    assert not hook.active and hook.disabled_at is not None and hook.failures == 2
    assert list(Delivery.objects.order_by("id").values_list("status", flat=True)) == [
        "failed",
        "failed",
    ]
    assert AuditEntry.objects.filter(action="webhook.switched_off").count() == 1
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["organizer@club.example"]
    assert hook.url in mail.outbox[0].body

    # Switched on again, it counts afresh and delivers.
    receiver.always = None
    hook_update(hook=hook, actor=organizer, active=True)
    session_submit(
        table=seated_table(event, table_number=4),
        submitted_by=organizer,
        document=classic_document(),
    )
    assert Delivery.objects.filter(status="succeeded").count() == 1
    hook.refresh_from_db()
    assert hook.active and hook.failures == 0


def test_a_failed_delivery_is_sent_again_from_the_log(receiver, settings):
    settings.WEBHOOKS_MAX_ATTEMPTS = 1
    event, organizer = night()
    hook = hook_create(club=event.club, actor=organizer, url=receiver.url, kinds=[RESULT_SAVED])
    receiver.answers = [500]
    session_submit(table=seated_table(event), submitted_by=organizer, document=classic_document())
    failed = Delivery.objects.get()
    assert failed.status == Delivery.Status.FAILED and failed.status_code == 500
    assert "receiver is down" not in str(Delivery.objects.filter(pk=failed.pk).values().get())

    again = delivery_resend(delivery=failed, actor=organizer)
    again.refresh_from_db()
    assert again.status == Delivery.Status.SUCCEEDED and again.resent_from_id == failed.pk
    last = receiver.requests[-1]
    assert verify(hook.secret, last.headers, last.body)
    assert last.json["resent_from"] == failed.pk
    assert last.json["data"] == receiver.requests[0].json["data"]


def test_a_seated_round_and_changed_standings_are_delivered(receiver):
    from tests.factories import PlayerFactory
    from tournaments.models import EventPlayer, Round
    from tournaments.rounds.services import round_accept, round_generate

    event, organizer = night()
    event.status = "draft"
    event.save()
    hook_create(
        club=event.club,
        actor=organizer,
        url=receiver.url,
        kinds=["round.seated", "standings.changed"],
    )
    players = PlayerFactory.create_batch(8)
    for player in players:
        EventPlayer.objects.create(event=event, player=player, present=True)
    round_ = round_generate(event=event, actor=organizer)
    assert receiver.requests == []  # a preview is not news
    round_accept(round_=Round.objects.get(pk=round_.pk), actor=organizer)
    assert [r.headers["X-Hook-Event"] for r in receiver.requests] == ["round.seated"]
    seated = receiver.requests[0].json["data"]
    assert seated["round_number"] == 1 and len(seated["tables"]) == 2
    names = {seat["player_name"] for table in seated["tables"] for seat in table["seats"]}
    assert names == {player.name for player in players}
    assert all(table["url"].startswith("http") for table in seated["tables"])

    table = round_.tables.order_by("number").first()
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    kinds = [r.headers["X-Hook-Event"] for r in receiver.requests]
    assert kinds == ["round.seated", "standings.changed"]
    standings = receiver.requests[1].json["data"]["standings"]
    assert [line["rank"] for line in standings][:1] == [1]
    assert {line["player_name"] for line in standings} >= {
        seat.player.name for seat in table.seats.select_related("player")
    }
    standings_recompute(event_id=event.pk, force=True)  # nothing changed: nothing sent
    assert len(receiver.requests) == 2


def test_an_attempt_for_an_event_unpublished_meanwhile_is_cancelled(receiver):
    from week.webhooks.sending import attempt

    event, organizer = night()
    hook = hook_create(club=event.club, actor=organizer, url=receiver.url, kinds=[RESULT_SAVED])
    waiting = Delivery.objects.create(
        hook=hook, kind=RESULT_SAVED, event_id=event.pk, payload={"event": {"id": event.pk}}
    )
    event_publish(event=event, actor=organizer, published=False)
    assert attempt(waiting.pk) == "cancelled"
    waiting.refresh_from_db()
    assert waiting.status == Delivery.Status.CANCELLED and waiting.attempts == 0
    assert receiver.requests == []
