"""Webhooks through the API and the address rules: organizers of the club only (another club's
organizer finds nothing), the delivery log and sending again, and no private or local address
unless an administrator allows its network, when registering and again at delivery (DNS
rebinding)."""

import socket

import pytest

from clubs.models import Role
from core.club_events import RESULT_SAVED
from core.errors import ServiceError
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import ClubFactory, EventFactory, api_client, seated_table, user_with_role
from tests.integration import webhook_receiver
from week.webhooks import net
from week.webhooks.models import Delivery, Hook
from week.webhooks.services import hook_create

receiver = webhook_receiver.receiver  # the fixture

PRIVATE = [
    "http://127.0.0.1/hook",
    "http://localhost:8000/hook",
    "http://[::1]/hook",
    "http://10.1.2.3/hook",
    "http://192.168.0.10/hook",
    "http://172.16.5.4/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://0.0.0.0/hook",
    "http://[::]/",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::ffff:10.0.0.1]/hook",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://224.0.0.1/",
    "http://100.64.0.1/",
    "http://240.0.0.1/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::]/",
]


@pytest.mark.django_db
@pytest.mark.parametrize("url", PRIVATE)
def test_private_and_local_addresses_are_refused(url, settings):
    settings.WEBHOOKS_ALLOWED_NETWORKS = []
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    with pytest.raises(ServiceError) as refused:
        hook_create(club=club, actor=organizer, url=url, kinds=[RESULT_SAVED])
    assert refused.value.errors[0]["code"] == "private_address"
    assert refused.value.errors[0]["field"] == "url"
    # Every network an administrator allows (a club's own server on its LAN: one network).
    settings.WEBHOOKS_ALLOWED_NETWORKS = ["0.0.0.0/0", "::/0"]
    assert hook_create(club=club, actor=organizer, url=url, kinds=[RESULT_SAVED]).pk


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.org/",
        "http:///nohost",
        "javascript:alert(1)",
        "http://user:pw@93.184.216.34/",
        "http://93.184.216.34:99999/",
    ],
)
def test_urls_that_are_not_plain_http_are_refused(url):
    club = ClubFactory()
    with pytest.raises(ServiceError) as refused:
        hook_create(
            club=club, actor=user_with_role(club, Role.ORGANIZER), url=url, kinds=[RESULT_SAVED]
        )
    assert refused.value.errors[0]["code"] == "bad_url"


@pytest.mark.django_db(transaction=True)
def test_a_name_that_resolves_to_a_local_address_at_delivery_is_not_called(
    receiver, settings, monkeypatch
):
    """Registered while the name pointed at a public address; at delivery it points at the
    receiver on 127.0.0.1 (DNS rebinding): refused, nothing is sent."""
    settings.WEBHOOKS_ALLOWED_NETWORKS = []
    settings.WEBHOOKS_MAX_ATTEMPTS = 1
    port = int(receiver.url.split(":")[2].split("/")[0])
    answer = {"address": "93.184.216.34"}

    def resolve(host, port, *args, **kwargs):
        assert host == "hooks.club.example"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (answer["address"], port))]

    monkeypatch.setattr(net.socket, "getaddrinfo", resolve)
    event = EventFactory(published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    hook_create(
        club=event.club,
        actor=organizer,
        url=f"http://hooks.club.example:{port}/hook",
        kinds=[RESULT_SAVED],
    )
    answer["address"] = "127.0.0.1"
    session_submit(table=seated_table(event), submitted_by=organizer, document=classic_document())
    delivery = Delivery.objects.get()
    assert delivery.status == Delivery.Status.FAILED
    assert delivery.error.startswith("refused: private_address")
    assert receiver.requests == []


def test_embedded_ipv4_is_judged_as_ipv4():
    import ipaddress

    assert net.is_blocked(ipaddress.ip_address("::ffff:192.168.1.1"))
    assert not net.is_blocked(ipaddress.ip_address("::ffff:93.184.216.34"))
    assert not net.is_blocked(ipaddress.ip_address("2606:4700::1111"))


@pytest.mark.django_db
def test_hooks_through_the_api_are_the_club_organizers_alone(settings):
    settings.WEBHOOKS_ALLOWED_NETWORKS = []
    club = ClubFactory()
    organizer = api_client(user_with_role(club, Role.ORGANIZER))
    created = organizer.post(
        "/api/v1/hooks/",
        {
            "club": club.pk,
            "url": "https://93.184.216.34/bonken",
            "kinds": [RESULT_SAVED],
            "description": "Club site",
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    hook = created.json()
    assert len(hook["secret"]) == 48 and hook["active"] is True
    assert organizer.get("/api/v1/hooks/").json()["results"][0]["id"] == hook["id"]

    refused = organizer.post(
        "/api/v1/hooks/",
        {"club": club.pk, "url": "http://192.168.1.20/hook", "kinds": [RESULT_SAVED]},
        format="json",
    )
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert error["code"] == "private_address" and error["field"] == "url"
    assert "privé" in error["message_nl"] or "lokaal" in error["message_nl"]

    changed = organizer.patch(f"/api/v1/hooks/{hook['id']}/", {"active": False}, format="json")
    assert changed.status_code == 200 and changed.json()["active"] is False
    renewed = organizer.post(f"/api/v1/hooks/{hook['id']}/new-secret/")
    assert renewed.status_code == 200 and renewed.json()["secret"] != hook["secret"]
    assert organizer.get(f"/api/v1/hooks/{hook['id']}/deliveries/").json()["results"] == []

    other = api_client(user_with_role(ClubFactory(), Role.ORGANIZER))
    assert other.get("/api/v1/hooks/").json()["results"] == []
    for method, path in [
        ("get", ""),
        ("patch", ""),
        ("delete", ""),
        ("get", "deliveries/"),
        ("post", "new-secret/"),
    ]:
        answer = getattr(other, method)(f"/api/v1/hooks/{hook['id']}/{path}", {}, format="json")
        assert answer.status_code == 404, (method, path)
    assert (
        other.post(
            "/api/v1/hooks/",
            {"club": club.pk, "url": "https://93.184.216.34/", "kinds": [RESULT_SAVED]},
            format="json",
        ).status_code
        == 403
    )
    member = api_client(user_with_role(club, Role.SCORER))
    assert member.get(f"/api/v1/hooks/{hook['id']}/").status_code == 404
    assert api_client().get("/api/v1/hooks/").status_code == 401

    assert organizer.delete(f"/api/v1/hooks/{hook['id']}/").status_code == 204
    assert not Hook.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_delivery_log_and_sending_again_through_the_api(receiver, settings):
    settings.WEBHOOKS_MAX_ATTEMPTS = 1
    event = EventFactory(published=True)
    user = user_with_role(event.club, Role.ORGANIZER)
    organizer = api_client(user)
    hook = organizer.post(
        "/api/v1/hooks/",
        {"club": event.club_id, "url": receiver.url, "kinds": [RESULT_SAVED]},
        format="json",
    ).json()
    receiver.answers = [500]
    session_submit(table=seated_table(event), submitted_by=user, document=classic_document())
    log = organizer.get(f"/api/v1/hooks/{hook['id']}/deliveries/").json()["results"]
    assert [(d["kind"], d["status"], d["status_code"]) for d in log] == [
        (RESULT_SAVED, "failed", 500)
    ]
    first = log[0]["id"]

    other = api_client(user_with_role(ClubFactory(), Role.ORGANIZER))
    path = f"/api/v1/hooks/{hook['id']}/deliveries/{first}/resend/"
    assert other.post(path).status_code == 404
    again = organizer.post(path)
    assert again.status_code == 201
    assert again.json()["resent_from"] == first
    assert Delivery.objects.get(pk=again.json()["id"]).status == Delivery.Status.SUCCEEDED
    assert len(receiver.requests) == 2

    organizer.patch(f"/api/v1/hooks/{hook['id']}/", {"active": False}, format="json")
    off = organizer.post(path)
    assert off.status_code == 409 and off.json()["errors"][0]["code"] == "hook_off"


@pytest.mark.django_db
def test_the_log_forgets_old_deliveries(settings):
    import datetime

    from django.utils import timezone

    from week.webhooks.sending import due_deliveries, purge_log

    settings.WEBHOOKS_LOG_DAYS = 30
    club = ClubFactory()
    hook = Hook.objects.create(
        club=club, url="https://93.184.216.34/h", kinds=[RESULT_SAVED], secret="s" * 48
    )
    long_ago = timezone.now() - datetime.timedelta(days=31)
    old, waiting, recent = (
        Delivery.objects.create(
            hook=hook,
            kind=RESULT_SAVED,
            payload={},
            status=status,
            next_attempt_at=long_ago if status == "pending" else None,
        )
        for status in ("failed", "pending", "succeeded")
    )
    Delivery.objects.filter(pk__in=[old.pk, waiting.pk]).update(created_at=long_ago)
    assert purge_log() == 1
    assert set(Delivery.objects.values_list("pk", flat=True)) == {waiting.pk, recent.pk}
    assert due_deliveries() == [waiting.pk]  # the sweep sends what waits past its time
