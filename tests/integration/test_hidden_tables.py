"""A table of an unpublished event of another club is not there for an outsider: every write of
its session (a result, a game, an undo, a signature, a dispute) answers 404 exactly like a
table that does not exist, not 403 (which would tell it exists). A published event's table is
readable by everyone, so a write there is refused with 403 as before."""

import pytest
from rest_framework.test import APIClient

from clubs.models import Role
from results.services import session_submit
from tests.documents import classic_document, classic_games
from tests.factories import ClubFactory, EventFactory, api_client, seated_table, user_with_role

pytestmark = pytest.mark.django_db


def writes(player_id: int) -> list[tuple[str, str, dict]]:
    return [
        ("put", "", {"document": classic_document(3), "revision": 1}),
        ("post", "games/", {"part": classic_games()[3], "revision": 1}),
        ("post", "undo/", {}),
        (
            "post",
            "signatures/",
            {"method": "organizer", "revision": 1, "player": player_id, "reason": "left"},
        ),
        (
            "post",
            "signatures/",
            {"method": "code", "revision": 1, "player": player_id, "code": "1234"},
        ),
        ("post", "disputes/", {"player": player_id, "reason": "game 2", "code": "1234"}),
    ]


def _table(published: bool):
    event = EventFactory(published=published)
    table = seated_table(event)
    session_submit(
        table=table,
        submitted_by=user_with_role(event.club, Role.ORGANIZER),
        document=classic_document(3),
    )
    return table


def _answer(response) -> tuple[int, str]:
    return response.status_code, response.json()["errors"][0]["code"]


# --- Every endpoint of one table, walked from the URLconf ------------------------------------

METHODS = ("get", "post", "put", "patch", "delete")
# A body no endpoint takes: a visitor who may not see the table must not learn even that.
BODIES = ('{"method": "nonsense", "player": "x", "part": 7, "document": []}', "{not json")


def table_routes() -> list[tuple[str, str]]:
    """Every route of the API under ``tables/<id>`` (whatever its view), as the URL name and
    the keyword naming the table: a new one is walked too."""
    from django.urls import URLPattern, URLResolver, get_resolver

    from web.api.access.table_scope import table_kwarg

    found = []

    def walk(patterns, namespace: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                kwarg = table_kwarg(pattern)
                module = getattr(pattern.callback, "__module__", "")
                if kwarg and module.startswith("web.api."):
                    found.append((namespace + pattern.name, kwarg))

    api = next(p for p in get_resolver().url_patterns if str(p.pattern) == "api/v1/")
    walk(api.url_patterns, "")
    return sorted(set(found))


def table_urls(table_id: int) -> list[str]:
    from django.urls import NoReverseMatch, reverse

    urls = set()
    for name, kwarg in table_routes():
        for extra in ({}, {"format": "json"}):
            try:
                urls.add(reverse(name, kwargs={kwarg: table_id, **extra}))
            except NoReverseMatch:
                continue
    return sorted(urls)


def test_the_walk_finds_every_table_endpoint():
    urls = {url.removeprefix("/api/v1/tables/1") for url in table_urls(1)}
    assert {
        "/session/",
        "/session/games/",
        "/session/undo/",
        "/session/signatures/",
        "/session/disputes/",
        "/",
        "/substitute/",
    } <= urls, urls


def _hidden_table(closed: bool):
    """A table of an unpublished event with a complete session, a signature and a dispute;
    its round still played or closed."""
    from django.utils import timezone

    from results.models import Dispute, Signature
    from tournaments.models import Round

    event = EventFactory(published=False)
    table = seated_table(event)
    session = session_submit(
        table=table,
        submitted_by=user_with_role(event.club, Role.ORGANIZER),
        document=classic_document(12),
    )
    seats = list(table.seats.order_by("position"))
    now = timezone.now()
    Signature.objects.create(
        session=session, revision=1, player=seats[0].player, method="organizer", at=now
    )
    Dispute.objects.create(session=session, revision=1, player=seats[1].player, reason="x", at=now)
    if closed:
        Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    return table


def _visitors(club):
    token = APIClient()
    token.credentials(HTTP_X_TABLE_TOKEN="not-this-tables-token")
    return {
        "anonymous": APIClient(),
        "a stranger's table token": token,
        "outsider": api_client(user_with_role(ClubFactory(), None)),
        "another club's organizer": api_client(user_with_role(ClubFactory(), Role.ORGANIZER)),
    }


def _whole(response) -> tuple[int, object]:
    """The status and the whole body."""
    try:
        body = response.json()
    except ValueError:
        body = response.content
    return response.status_code, body


def _send(client, method: str, url: str, body: str):
    if method == "get":
        return client.get(url)
    return client.generic(
        method.upper(),
        url,
        body,
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=f"{method}-{url}-{body}",
    )


@pytest.mark.parametrize("closed", [False, True], ids=["round played", "round closed"])
def test_every_endpoint_of_a_hidden_table_answers_as_its_session_does(closed):
    """Every endpoint of the table, every method, with a body no endpoint takes: exactly the
    answer GET .../session/ gives that visitor, which is a missing table's."""
    from results.models import Dispute, Signature

    table = _hidden_table(closed)
    before = (table.session.revision, Signature.objects.count(), Dispute.objects.count())
    for who, visitor in _visitors(table.round.event.club).items():
        session = visitor.get(f"/api/v1/tables/{table.pk}/session/")
        missing = visitor.get("/api/v1/tables/999999/session/")
        assert _whole(session) == _whole(missing), who
        assert session.status_code == 404 and session.json()["errors"][0]["code"] == "not_found"
        for url in table_urls(table.pk):
            for method in METHODS:
                for body in BODIES:
                    response = _send(visitor, method, url, body)
                    assert _whole(response) == _whole(session), (who, method, url, body)
    table.session.refresh_from_db()
    after = (table.session.revision, Signature.objects.count(), Dispute.objects.count())
    assert after == before


@pytest.mark.parametrize("closed", [False, True], ids=["round played", "round closed"])
def test_who_may_see_the_table_is_answered_by_the_endpoints_themselves(closed):
    """A member of the club without a role, the table's own link and a superuser see the
    table: they get each endpoint's own answer (a refusal, a problem with the body), never
    the missing table's."""
    from clubs.models import Membership
    from tests.factories import UserFactory

    table = _hidden_table(closed)
    member = user_with_role(table.round.event.club, Role.MEMBER)
    assert Membership.objects.get(player__user=member).role == Role.MEMBER
    link = APIClient()
    link.credentials(HTTP_X_TABLE_TOKEN=table.scoring_token)
    admin = UserFactory(is_superuser=True)
    visitors = {"member": api_client(member), "link": link, "admin": api_client(admin)}
    for who, visitor in visitors.items():
        assert visitor.get(f"/api/v1/tables/{table.pk}/session/").status_code == 200, who
        for url in table_urls(table.pk):
            if who == "link" and "/session/" not in url:
                continue  # a table's link is its session's credential, not the table's
            for method in METHODS:
                response = _send(visitor, method, url, BODIES[0])
                assert response.status_code != 404, (who, method, url, response.content)


def test_a_published_table_still_refuses_with_403():
    table = _table(published=True)
    player = table.seats.first().player_id
    outsider = api_client(user_with_role(ClubFactory(), Role.ORGANIZER))
    for method, tail, body in writes(player):
        response = getattr(outsider, method)(
            f"/api/v1/tables/{table.pk}/session/{tail}", body, format="json"
        )
        assert _answer(response) == (403, "not_allowed"), (tail, body)


def test_a_member_of_the_club_is_refused_with_403():
    table = _table(published=False)
    player = table.seats.first().player_id
    member = api_client(user_with_role(table.round.event.club, Role.MEMBER))
    for method, tail, body in writes(player):
        response = getattr(member, method)(
            f"/api/v1/tables/{table.pk}/session/{tail}", body, format="json"
        )
        assert response.status_code == 403, (tail, body, response.content)
