"""A table of an unpublished event of another club is not there for an outsider: every write of
its session (a result, a game, an undo, a signature, a dispute) answers 404 exactly like a
table that does not exist, not 403 (which would tell it exists). A published event's table is
readable by everyone, so a write there is refused with 403 as before."""

import pytest

from clubs.models import Role
from games.services import session_submit
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


def test_a_hidden_table_answers_like_a_missing_one():
    table = _table(published=False)
    player = table.seats.first().player_id
    outsider = api_client(user_with_role(ClubFactory(), Role.ORGANIZER))
    for method, tail, body in writes(player):
        hidden = getattr(outsider, method)(
            f"/api/v1/tables/{table.pk}/session/{tail}", body, format="json"
        )
        missing = getattr(outsider, method)(
            f"/api/v1/tables/999999/session/{tail}", body, format="json"
        )
        assert _answer(hidden) == _answer(missing) == (404, "table_not_found"), (tail, body)
    table.session.refresh_from_db()
    assert table.session.revision == 1 and not table.session.disputes.exists()


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
