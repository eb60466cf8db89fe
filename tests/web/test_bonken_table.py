"""Bonken's table page as tiles and taps: the contracts the chooser may pick, who took a
one-card contract, what the table is told about the next game; and a paper sheet copied
contract by contract."""

import re

import pytest
from django.test import Client

from games.bonken.rules import score_session
from results.models import Session
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, PlayerFactory, seated_table

pytestmark = pytest.mark.django_db

NAMES = ["Anna Aal", "Bram Bos", "Cees Cox", "Daan Dijk"]


@pytest.fixture
def table():
    players = [PlayerFactory(name=name) for name in NAMES]
    return seated_table(EventFactory(published=False), players=players)


def client_for(language: str) -> Client:
    return Client(headers={"accept-language": language})


def url(table, path: str = "") -> str:
    return f"/t/{table.scoring_token}/{path}"


def post_game(client, table, data: dict, revision: int):
    return client.post(url(table), {"revision": revision, **data})


def test_contracts_are_tiles_and_played_ones_are_greyed_out(table):
    client = client_for("en")
    page = client.get(url(table)).content.decode()
    assert 'type="radio" name="contract" value="hearts" id="id_contract_hearts"' in page
    assert 'type="radio" name="chooser"' in page and 'name="contract"><option' not in page
    assert "seven of spades" in page
    first = classic_games()[0]  # Anna chooses Spades trumps
    data = {"chooser": 0, "contract": first["contract"]}
    data.update({f"count_{seat}": count for seat, count in enumerate(first["counts"])})
    assert post_game(client, table, data, 0).status_code == 302
    page = client.get(url(table)).content.decode()
    assert 'value="trumps_spades" id="id_contract_trumps_spades" disabled' in page
    assert re.search(r'<input type="radio" name="chooser" value="1"[^>]*checked', page)
    assert (
        "<strong>Bram</strong> chooses, Daan Dijk deals, Cees Cox doubles first and "
        "Anna Aal leads." in page.replace("<strong>Bram Bos</strong>", "<strong>Bram</strong>")
    )


def test_who_took_it_becomes_the_counts(table):
    client = client_for("en")
    response = post_game(
        client, table, {"chooser": 0, "contract": "king_of_hearts", "took_king_of_hearts_1": 2}, 0
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    games = [
        {
            "contract": "seventh_thirteenth",
            "chooser": 1,
            "took_seventh_thirteenth_1": 3,
            "took_seventh_thirteenth_2": 3,
            "d_0_1": "on",
        }
    ]
    assert post_game(client, table, games[0], 1).status_code == 302
    document = Session.objects.get(table=table).document
    assert document["games"][0]["counts"] == [0, 0, 1, 0]
    assert document["games"][1]["counts"] == [0, 0, 0, 2]
    assert document["games"][1]["doubles"] == [[0, 1]]


def test_saving_a_one_card_contract_without_a_tap_asks_who_took_it(table):
    client = client_for("en")
    response = post_game(client, table, {"chooser": 0, "contract": "domino"}, 0)
    assert response.status_code == 400
    assert "Tap who took it." in response.content.decode()
    half = {"chooser": 0, "contract": "seventh_thirteenth", "took_seventh_thirteenth_1": 1}
    assert "Tap who took it." in post_game(client, table, half, 0).content.decode()
    assert not Session.objects.exists()
    # The live check waits instead of complaining while nothing is tapped yet.
    check = client.post(url(table, "check/"), {"chooser": 0, "contract": "domino"})
    assert "Tap who took it" not in check.content.decode()


def test_a_wrong_chooser_is_named_by_the_player(table):
    client = client_for("en")
    first = classic_games()[0]
    data = {"chooser": 0, "contract": first["contract"]}
    data.update({f"count_{seat}": count for seat, count in enumerate(first["counts"])})
    post_game(client, table, data, 0)
    wrong = {"chooser": 3, "contract": "hearts", "count_0": 13}
    body = post_game(client, table, wrong, 1).content.decode()
    assert "Bram Bos chooses this game, not Daan Dijk." in body
    assert "Seat 0" not in body and "seat 0" not in body


def test_a_paper_sheet_copied_contract_by_contract(table):
    played = score_session(classic_document())
    data = {"revision": 0, "mode": "sheet"}
    for game in played.games:
        for seat, points in enumerate(game.points):
            data[f"c_{game.contract}_{seat}"] = points
    client = client_for("en")
    page = client.get(url(table, "paper/")).content.decode()
    assert 'name="c_hearts_0"' in page and 'value="sheet"' in page
    response = client.post(url(table, "paper/"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    session = Session.objects.get(table=table)
    assert session.complete and session.result["totals"] == played.totals
    assert "sheet" in session.document and "games" not in session.document
    assert {g["chooser"] for g in session.result["games"]} == {None}  # no invented order
    assert set(session.parts.values_list("level", flat=True)) == {"sheet"}
    assert set(session.parts.values_list("actor", flat=True)) == {None}
    page = client.get(url(table)).content.decode()
    assert "copied from a paper sheet" in page and "chosen by" not in page
    assert (
        client.get(url(table, "paper/")).context["form"].initial["c_hearts_0"]
        == played.games[4].points[0]
    )


def test_a_paper_row_no_deal_could_give_is_refused_by_its_contract(table):
    data = {"revision": 0, "mode": "sheet", "c_king_of_hearts_0": -500, "c_king_of_hearts_1": 400}
    response = client_for("nl").post(url(table, "paper/"), data)
    body = response.content.decode()
    assert response.status_code == 400
    assert "Hartenheer: geen spel en geen dubbels geven de scores" in body
    assert body.count('class="paper-line game-row-error"') == 4  # the contract on each card
    assert not Session.objects.exists()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ["Tap who chose the game.", "Tap the game that was played."]),
        ("nl", ["Tik aan wie het spel koos.", "Tik aan welk spel er gespeeld is."]),
    ],
)
def test_a_game_saved_without_its_chooser_and_contract_says_what_to_tap(table, language, said):
    response = post_game(client_for(language), table, {"count_0": 3}, 0)
    page = response.content.decode()
    assert response.status_code == 400
    assert all(message in page for message in said)
    assert not Session.objects.filter(table=table).exists()
