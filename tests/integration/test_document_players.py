"""A document that names its players names exactly the table's, in the order they sit: points
go by seat, so a list in another order would give every player someone else's points.

* Bonken (``seats``): the players by name or by id, in seat order, are stored (naming them as
  the table does); another order is refused with the table's order; a name or id of nobody
  at the table is refused, naming it. Through the API and the service alike (the table's
  pages write through the same service).
* Jonkler and Bonanza Rummy count their seats: a list of names there, or another count than
  the table's, is refused instead of being replaced by the table's count.
* Bonko numbers its seats within the teams: a list of players is an unknown field.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clubs.models import Player, Role
from results.models import Session, SessionSeat
from results.services import SessionRejected, session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, PlayerFactory, api_client, seated_table, user_with_role

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = json.loads((ROOT / "games/bonken/rules/examples/classic_complete.json").read_text())


def _table(game: str = "bonken", ruleset: str = "classic", names: tuple[str, ...] = ()):
    """A table seated, by seat, with players of these names; its organizer's API client."""
    event = EventFactory(game=game, ruleset=ruleset)
    names = names or ("Bram", "Anna", "Daan", "Cees")
    table = seated_table(event, players=[PlayerFactory(name=name) for name in names])
    return table, api_client(user_with_role(event.club, Role.ORGANIZER))


def _put(api, table, document):
    return api.put(f"/api/v1/tables/{table.pk}/session/", {"document": document}, format="json")


def _error(response) -> dict:
    assert response.status_code == 400, response.content
    return response.json()["errors"][0]


# --- Bonken: seats name the players ------------------------------------------------------------


def test_the_example_sent_to_a_table_seated_in_another_order_is_refused_with_its_order():
    table, api = _table()  # Bram, Anna, Daan and Cees, by seat
    error = _error(_put(api, table, EXAMPLE))  # lists Anna, Bram, Cees, Daan
    assert (error["code"], error["field"]) == ("players_order", "seats")
    assert "Bram, Anna, Daan, Cees" in error["message"]
    assert "Bram, Anna, Daan, Cees" in error["message_nl"] and "stoel" in error["message_nl"]
    assert not Session.objects.filter(table=table).exists()


def test_the_example_sent_to_a_table_seated_in_its_order_is_stored_and_scored_by_name():
    table, api = _table(names=("Anna", "Bram", "Cees", "Daan"))
    response = _put(api, table, EXAMPLE)
    assert response.status_code == 201, response.content
    session = Session.objects.get(table=table)
    assert session.document["seats"] == ["Anna", "Bram", "Cees", "Daan"]
    totals = {row.player.name: row.total for row in SessionSeat.objects.filter(session=session)}
    expected = session.result["totals"]
    assert totals == dict(zip(["Anna", "Bram", "Cees", "Daan"], expected, strict=True))


def test_the_players_by_id_or_by_name_as_names_compare_are_stored_by_name():
    table, api = _table()
    ids = [seat.player_id for seat in table.seats.order_by("position")]
    response = _put(api, table, {**classic_document(), "seats": ids})
    assert response.status_code == 201, response.content
    assert Session.objects.get(table=table).document["seats"] == ["Bram", "Anna", "Daan", "Cees"]
    mixed = [" bram ", ids[1], "DAAN", "Cées"]  # spaces, case and accents do not count
    body = {"document": {**classic_document(), "seats": mixed}, "reason": "again"}
    response = api.put(f"/api/v1/tables/{table.pk}/session/", body, format="json")
    assert response.status_code == 200, response.content
    assert Session.objects.get(table=table).document["seats"] == ["Bram", "Anna", "Daan", "Cees"]


@pytest.mark.parametrize(
    ("seats", "named"),
    [
        (["Bram", "Anna", "Eva", "Cees"], '"Eva"'),
        (["Bram", "Anna", "Daan", 999999], "id 999999"),
        (["Bram", "Anna", "Daan", "Cees", "Eva"], '"Eva"'),
    ],
)
def test_players_not_at_the_table_are_refused_by_name(seats, named):
    table, api = _table()
    error = _error(_put(api, table, {**classic_document(), "seats": seats}))
    assert (error["code"], error["field"]) == ("players_not_at_table", "seats")
    assert named in error["message"] and named in error["message_nl"]
    assert "Bram, Anna, Daan, Cees" in error["message"]
    assert not Session.objects.filter(table=table).exists()


def test_a_player_of_the_club_at_another_table_is_not_at_this_one():
    table, api = _table()
    other = seated_table(table.round.event, table_number=2)
    stranger = other.seats.first().player
    ids = [seat.player_id for seat in table.seats.order_by("position")]
    error = _error(_put(api, table, {**classic_document(), "seats": [*ids[:3], stranger.pk]}))
    assert error["code"] == "players_not_at_table"
    assert f"id {stranger.pk}" in error["message"]


@pytest.mark.parametrize(
    "seats",
    [
        ["Anna", "Bram", "Cees", "Daan"],  # the right players, another order
        ["Bram", "Bram", "Daan", "Cees"],  # one twice, one left out
        ["Bram", "Anna", "Daan"],  # one left out
        "Bram, Anna, Daan, Cees",  # not a list
    ],
)
def test_the_tables_players_in_another_order_are_refused_with_its_order(seats):
    table, api = _table()
    error = _error(_put(api, table, {**classic_document(), "seats": seats}))
    assert (error["code"], error["field"]) == ("players_order", "seats")
    assert "Bram, Anna, Daan, Cees" in error["message"]
    assert not Session.objects.filter(table=table).exists()


def test_a_document_that_names_nobody_takes_the_tables_players():
    table, api = _table()
    for seats in (None, "absent"):
        document = classic_document(3)
        if seats is None:
            document["seats"] = None
        response = api.put(
            f"/api/v1/tables/{table.pk}/session/",
            {"document": document, "reason": "again"},
            format="json",
        )
        assert response.status_code in (200, 201), response.content
        assert Session.objects.get(table=table).document["seats"] == [
            "Bram",
            "Anna",
            "Daan",
            "Cees",
        ]


def test_a_document_read_back_after_a_player_was_renamed_is_taken():
    table, api = _table()
    assert _put(api, table, classic_document(3)).status_code == 201
    Player.objects.filter(pk=table.seats.get(position=1).player_id).update(name="Anna de Wit")
    document = api.get(f"/api/v1/tables/{table.pk}/session/").json()["document"]
    assert document["seats"] == ["Bram", "Anna", "Daan", "Cees"]  # as it was stored
    document["games"] = classic_document(4)["games"]
    body = {"document": document, "reason": "game 4"}
    response = api.put(f"/api/v1/tables/{table.pk}/session/", body, format="json")
    assert response.status_code == 200, response.content
    stored = Session.objects.get(table=table).document["seats"]
    assert stored == ["Bram", "Anna de Wit", "Daan", "Cees"]


def test_the_service_refuses_it_for_every_caller():
    """The check is the session write's: a page, an import or a command gets it too."""
    table, api = _table()
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    with pytest.raises(SessionRejected) as refused:
        session_submit(table=table, submitted_by=organizer, document=EXAMPLE)
    assert refused.value.errors[0]["code"] == "players_order"
    assert not Session.objects.filter(table=table).exists()


# --- Games whose documents count or number their seats ----------------------------------------

COUNTED = [
    ("jonkler", "jonkler", {"game": "jonkler", "rounds": []}),
    ("bonanza", "bonanza", {"game": "bonanza", "hands": []}),
]


@pytest.mark.parametrize(("game", "ruleset", "document"), COUNTED, ids=[c[0] for c in COUNTED])
def test_a_game_that_counts_its_seats_refuses_names_and_another_count(game, ruleset, document):
    table, api = _table(game, ruleset)
    named = _error(_put(api, table, {**document, "seats": ["Bram", "Anna", "Daan", "Cees"]}))
    assert (named["code"], named["field"]) == ("seats_range", "seats")
    other = _error(_put(api, table, {**document, "seats": 3}))
    assert (other["code"], other["field"]) == ("seats_mismatch", "seats")
    assert not Session.objects.filter(table=table).exists()
    assert _put(api, table, {**document, "seats": 4}).status_code == 201
    assert Session.objects.get(table=table).document["seats"] == 4


def test_bonko_names_no_players():
    table, api = _table("bonko", "bonko")
    document = {
        "game": "bonko",
        "teams": [
            {"seats": [0, 2], "score": 21, "rolloff": []},
            {"seats": [1, 3], "score": 9, "rolloff": []},
        ],
    }
    for key in ("seats", "players"):
        error = _error(_put(api, table, {**document, key: ["Bram", "Anna", "Daan", "Cees"]}))
        assert (error["code"], error["field"]) == ("unknown_field", key)
    assert not Session.objects.filter(table=table).exists()
