"""A webhook's secret is shown once, when it is made (registered, or a new one), in the API and
on the pages, never again; a new secret overlaps the old one (deliveries carry both signatures
for ``WEBHOOKS_SECRET_OVERLAP_HOURS``). The delivery log keeps the receiver's status and the
times, never what it answered (a hook aimed at a LAN service read the service's answers back),
and addresses besides public ones are the networks an administrator lists in
``WEBHOOKS_ALLOWED_NETWORKS``."""

from __future__ import annotations

import datetime
import importlib
import ipaddress
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.apps import apps
from django.utils import timezone

from clubs.models import Role
from core.club_events import RESULT_SAVED
from core.errors import ServiceError
from results.models import IdempotencyRecord
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import ClubFactory, EventFactory, api_client, seated_table, user_with_role
from tests.integration import webhook_receiver
from tests.integration.test_webhooks import verify
from tests.web.conftest import client_for
from week.webhooks import net
from week.webhooks.models import Delivery, Hook
from week.webhooks.sending import purge_log
from week.webhooks.services import hook_create, hook_new_secret

receiver = webhook_receiver.receiver  # the fixture
ROOT = Path(__file__).resolve().parents[2]
LAN_SECRET = "requirepass hunter2 and the club's accounts"


# --- shown once ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_api_shows_a_hooks_secret_only_when_it_is_made(settings):
    settings.WEBHOOKS_ALLOWED_NETWORKS = []
    club = ClubFactory()
    organizer = api_client(user_with_role(club, Role.ORGANIZER))
    made = organizer.post(
        "/api/v1/hooks/",
        {"club": club.pk, "url": "https://93.184.216.34/h", "kinds": [RESULT_SAVED]},
        format="json",
    )
    assert made.status_code == 201
    hook = Hook.objects.get()
    assert made.json()["secret"] == hook.secret
    assert made["Location"] == f"/api/v1/hooks/{hook.pk}/"
    url = f"/api/v1/hooks/{hook.pk}/"
    for answer in (
        organizer.get(url),
        organizer.get("/api/v1/hooks/"),
        organizer.patch(url, {"description": "site"}, format="json"),
        organizer.put(
            url, {"url": hook.url, "kinds": [RESULT_SAVED], "description": "x"}, format="json"
        ),
    ):
        assert answer.status_code == 200, answer.json()
        assert '"secret"' not in answer.content.decode()
        assert hook.secret not in answer.content.decode()
    renewed = organizer.post(f"{url}new-secret/")
    hook.refresh_from_db()
    assert renewed.status_code == 200 and renewed.json()["secret"] == hook.secret
    assert renewed.json()["previous_secret_until"] is not None
    assert hook.secret not in organizer.get(url).content.decode()


@pytest.mark.django_db
def test_the_page_shows_the_secret_once(settings):
    settings.WEBHOOKS_ALLOWED_NETWORKS = []
    club = ClubFactory()
    organizer = client_for(user_with_role(club, Role.ORGANIZER))
    base = f"/manage/clubs/{club.slug}/webhooks/"
    organizer.post(base, {"url": "https://93.184.216.34/h", "kinds": [RESULT_SAVED]})
    hook = Hook.objects.get()
    page = f"{base}{hook.pk}/"
    first = organizer.get(page, HTTP_ACCEPT_LANGUAGE="en")
    assert hook.secret in first.content.decode() and first["Cache-Control"] == "no-store"
    assert "Copy the secret now" in first.content.decode()
    again = organizer.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert hook.secret not in again and "shown once, when it is made" in again

    old = hook.secret
    organizer.post(page, {"action": "secret"})
    hook.refresh_from_db()
    shown = organizer.get(page, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert hook.secret in shown and old not in shown
    assert "X-Hook-Signature-Previous" in shown  # the overlap, in Dutch
    assert hook.secret not in organizer.get(page).content.decode()


# --- the overlap of a new secret -----------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_new_secret_signs_with_the_old_one_too_for_a_while(receiver, settings):
    settings.WEBHOOKS_SECRET_OVERLAP_HOURS = 24
    event = EventFactory(published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    hook = hook_create(club=event.club, actor=organizer, url=receiver.url, kinds=[RESULT_SAVED])
    old = hook.secret
    tables = iter(range(1, 4))

    def play() -> None:
        table = seated_table(event, table_number=next(tables))
        session_submit(table=table, submitted_by=organizer, document=classic_document())

    play()
    before = receiver.requests[-1]
    assert "X-Hook-Signature-Previous" not in before.headers

    hook = hook_new_secret(hook=hook, actor=organizer)
    assert hook.previous_secret == old
    overlap = hook.previous_secret_until - timezone.now()
    assert datetime.timedelta(hours=23, minutes=59) < overlap <= datetime.timedelta(hours=24)
    play()
    during = receiver.requests[-1]
    # A receiver with either secret accepts it: it switches when it is ready.
    assert verify(old, during.headers, during.body)
    assert verify(hook.secret, during.headers, during.body)
    assert not verify("a third secret", during.headers, during.body)

    Hook.objects.filter(pk=hook.pk).update(
        previous_secret_until=timezone.now() - datetime.timedelta(seconds=1)
    )
    play()
    after = receiver.requests[-1]
    assert "X-Hook-Signature-Previous" not in after.headers
    assert not verify(old, after.headers, after.body)
    assert verify(hook.secret, after.headers, after.body)
    purge_log()
    hook.refresh_from_db()
    assert hook.previous_secret == "" and hook.previous_secret_until is None


# --- the log keeps no answer -----------------------------------------------------------------


@pytest.fixture
def lan_service() -> Iterator[dict]:
    """A service on 127.0.0.1 that answers whatever it is sent with what it is told to (an
    HTTP answer with a body, or a Redis-like line that is no HTTP at all)."""
    box = {"answer": b""}
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    box["port"] = server.getsockname()[1]

    def serve() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            with connection:
                connection.recv(65536)
                connection.sendall(box["answer"])

    threading.Thread(target=serve, daemon=True).start()
    yield box
    server.close()


@pytest.mark.parametrize(
    "answer",
    [
        b"HTTP/1.1 500 Oops\r\nContent-Length: 43\r\n\r\n" + LAN_SECRET.encode(),
        f"-ERR {LAN_SECRET}\r\n".encode(),
    ],
    ids=["an HTTP answer", "a service that is no HTTP"],
)
@pytest.mark.django_db(transaction=True)
def test_the_log_keeps_no_word_of_the_answer(lan_service, answer, settings):
    settings.WEBHOOKS_ALLOWED_NETWORKS = ["127.0.0.0/8"]
    settings.WEBHOOKS_MAX_ATTEMPTS = 1
    lan_service["answer"] = answer
    event = EventFactory(published=True)
    user = user_with_role(event.club, Role.ORGANIZER)
    hook = hook_create(
        club=event.club,
        actor=user,
        url=f"http://127.0.0.1:{lan_service['port']}/",
        kinds=[RESULT_SAVED],
    )
    session_submit(table=seated_table(event), submitted_by=user, document=classic_document())
    delivery = Delivery.objects.get()
    assert delivery.status == Delivery.Status.FAILED and delivery.last_attempt_at is not None
    stored = str(Delivery.objects.filter(pk=delivery.pk).values().get())
    assert "hunter2" not in stored
    api = api_client(user).get(f"/api/v1/hooks/{hook.pk}/deliveries/").content.decode()
    assert "hunter2" not in api and "response_excerpt" not in api
    page = client_for(user).get(f"/manage/clubs/{event.club.slug}/webhooks/{hook.pk}/")
    assert "hunter2" not in page.content.decode()
    if answer.startswith(b"HTTP"):
        assert delivery.status_code == 500
    else:
        assert delivery.status_code is None and "not an HTTP answer" in delivery.error


def test_the_delivery_has_no_answer_field_left():
    assert "response_excerpt" not in {field.name for field in Delivery._meta.get_fields()}


@pytest.mark.django_db
def test_the_migration_forgets_the_answers_kept_with_secrets():
    migration = importlib.import_module(
        "week.webhooks.migrations.0002_secret_overlap_and_no_answer_bodies"
    )
    for key, body in [
        ("token", {"id": 1, "name": "app", "prefix": "abcd", "key": "abcd.secret"}),
        ("hook", {"id": 2, "url": "https://x", "secret": "s" * 48}),
        ("other", {"id": 3, "name": "Club night"}),
    ]:
        IdempotencyRecord.objects.create(
            scope="user:1", key=key, request_hash="x", status_code=201, response=body
        )
    migration.forget_answers_with_secrets(apps, None)
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["other"]


# --- the networks an administrator allows ----------------------------------------------------


@pytest.mark.django_db
def test_only_the_listed_networks_are_reached_besides_public_addresses(settings):
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    settings.WEBHOOKS_ALLOWED_NETWORKS = ["192.168.1.0/24", "127.0.0.0/8"]
    for url in ("http://192.168.1.20/h", "http://127.0.0.1:8000/h", "http://[::ffff:127.0.0.1]/"):
        assert hook_create(club=club, actor=organizer, url=url, kinds=[RESULT_SAVED]).pk
    for url in (
        "http://192.168.2.20/h",  # the next network
        "http://10.0.0.5/h",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
    ):
        with pytest.raises(ServiceError) as refused:
            hook_create(club=club, actor=organizer, url=url, kinds=[RESULT_SAVED])
        problem = refused.value.errors[0]
        assert problem["code"] == "private_address" and problem["field"] == "url"
        assert "WEBHOOKS_ALLOWED_NETWORKS" in problem["message"]
        assert "WEBHOOKS_ALLOWED_NETWORKS" in problem["message_nl"]
    assert net.is_allowed(ipaddress.ip_address("93.184.216.34"))
    settings.WEBHOOKS_ALLOWED_NETWORKS = []
    assert not net.is_allowed(ipaddress.ip_address("127.0.0.1"))


def _settings_with(**env: str) -> subprocess.CompletedProcess:
    given = {k: v for k, v in os.environ.items() if not k.startswith("WEBHOOKS_")}
    return subprocess.run(
        [sys.executable, "-c", "import config.settings"],
        cwd=ROOT,
        env={**given, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_setting_is_a_list_of_networks_and_the_old_yes_is_refused():
    assert _settings_with(WEBHOOKS_ALLOWED_NETWORKS="10.0.0.0/8, 192.168.1.0/24").returncode == 0
    wrong = _settings_with(WEBHOOKS_ALLOWED_NETWORKS="10.0.0.0/8,192.168.1.7/24")
    assert wrong.returncode != 0 and "192.168.1.7/24" in wrong.stderr
    old = _settings_with(WEBHOOKS_ALLOW_PRIVATE="1")
    assert old.returncode != 0 and "WEBHOOKS_ALLOWED_NETWORKS" in old.stderr
