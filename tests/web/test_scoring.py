"""The table's scoring page, reached by its link: game by game with the engine's checks,
undo, entry from a paper sheet. A refused entry shows the engine's messages (Dutch or
English) and saves nothing."""

import pytest

from clubs.models import Role
from games.bonken.rules import score_session
from results.models import Session
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return seated_table(EventFactory(published=False))


def url(table, path: str = "") -> str:
    return f"/t/{table.scoring_token}/{path}"


def game_post(game: dict, revision: int) -> dict:
    data = {"revision": revision, "chooser": game["chooser"], "contract": game["contract"]}
    for seat, count in enumerate(game["counts"]):
        data[f"count_{seat}"] = count
    for doubler, target in game.get("doubles", []):
        data[f"d_{doubler}_{target}"] = "on"
    return data


def test_the_link_opens_the_page_without_an_account(table):
    response = client_for().get(url(table))
    body = response.content.decode()
    assert response.status_code == 200
    for seat in table.seats.all():
        assert seat.player.name in body
    assert 'hx-post="/t/' in body and "zalen" in body and "ruitenwissen" in body


def test_a_wrong_link_is_not_found(table):
    assert client_for().get("/t/not-a-token/").status_code == 404
    assert client_for().post("/t/not-a-token/", {}).status_code == 404


def test_games_entered_one_by_one_make_a_complete_session(table):
    client = client_for()
    for number, game in enumerate(classic_games(), start=1):
        response = client.post(url(table), game_post(game, number - 1))
        assert response.status_code == 302, response.content.decode()[:2000]
    session = Session.objects.get(table=table)
    expected = score_session(classic_document())
    assert session.complete and session.revision == 12
    assert session.result["totals"] == expected.totals


def test_the_next_chooser_is_preselected_and_only_open_contracts_are_offered(table):
    client = client_for()
    first = classic_games()[0]
    client.post(url(table), game_post(first, 0))
    form = client.get(url(table)).context["form"]
    assert form.initial["chooser"] == 1
    offered = [code for code, _ in form.fields["contract"].choices]
    assert first["contract"] not in offered and "hearts" in offered


def test_a_refused_game_shows_the_engines_messages_and_saves_nothing(table):
    bad = dict(classic_games()[0], counts=[4, 4, 4, 4])
    dutch = client_for().post(url(table), game_post(bad, 0))
    assert dutch.status_code == 400
    assert "maar een spel heeft er 13" in dutch.content.decode()
    english = client_for().post(url(table), game_post(bad, 0), HTTP_ACCEPT_LANGUAGE="en")
    assert "but a deal has 13" in english.content.decode()
    assert not Session.objects.exists()


def test_a_stale_revision_is_a_conflict(table):
    client = client_for()
    games = classic_games()
    client.post(url(table), game_post(games[0], 0))
    response = client.post(url(table), game_post(games[1], 0))
    assert response.status_code == 409
    assert Session.objects.get(table=table).revision == 1


def test_live_check_returns_the_verdict_as_a_fragment(table):
    client = client_for()
    game = classic_games()[0]
    ok = client.post(url(table, "check/"), game_post(game, 0), HTTP_HX_REQUEST="true")
    assert ok.status_code == 200 and b"<html" not in ok.content
    points = score_session({"ruleset": "classic", "games": [game]}).games[0].points
    assert all(str(p) in ok.content.decode() for p in points)
    bad = client.post(url(table, "check/"), game_post(dict(game, counts=[9, 9, 9, 9]), 0))
    assert 'role="alert"' in bad.content.decode()
    waiting = client.post(url(table, "check/"), {"chooser": 0, "contract": "hearts"})
    assert b"alert" not in waiting.content
    assert not Session.objects.exists()


def test_undo_takes_the_last_game_back(table):
    client = client_for()
    games = classic_games()
    client.post(url(table), game_post(games[0], 0))
    client.post(url(table), game_post(games[1], 1))
    assert client.post(url(table, "undo/"), {"revision": 2}).status_code == 302
    session = Session.objects.get(table=table)
    assert len(session.document["games"]) == 1 and session.revision == 3
    assert client.get(url(table, "undo/")).status_code == 405


def test_nothing_can_be_entered_when_the_round_is_closed(table):
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    response = client_for().post(url(table), game_post(classic_games()[0], 0))
    assert response.status_code == 400
    assert "Deze ronde is gesloten" in response.content.decode()
    assert not Session.objects.exists()


def test_a_signed_in_scorer_is_recorded_as_the_author(table):
    scorer = user_with_role(table.round.event.club, Role.SCORER)
    client_for(scorer).post(url(table), game_post(classic_games()[0], 0))
    assert Session.objects.get(table=table).updated_by == scorer


def _paper(games: list[dict]) -> dict:
    result = score_session({"ruleset": "classic", "games": games})
    data = {"revision": 0, "mode": "games"}
    for game in result.games:
        n = game.number
        data[f"g{n}_contract"] = game.contract
        data[f"g{n}_chooser"] = game.chooser
        for seat, points in enumerate(game.points):
            data[f"g{n}_net_{seat}"] = points
    return data


def test_paper_sheet_with_net_points_per_game(table):
    client = client_for()
    assert client.get(url(table, "paper/")).status_code == 200
    response = client.post(url(table, "paper/"), _paper(classic_games()))
    assert response.status_code == 302
    session = Session.objects.get(table=table)
    assert session.complete
    assert session.result["totals"] == score_session(classic_document()).totals
    assert session.revisions.get().reason == "entered from a paper score sheet"
    prefilled = client.get(url(table, "paper/")).context["form"].initial
    assert prefilled["g1_contract"] == classic_games()[0]["contract"]


def test_paper_sheet_with_only_totals(table):
    data = {
        "revision": 0,
        "mode": "totals",
        "total_0": 315,
        "total_1": -40,
        "total_2": -180,
        "total_3": -95,
    }
    assert client_for().post(url(table, "paper/"), data).status_code == 302
    session = Session.objects.get(table=table)
    assert session.complete and session.result["totals"] == [315, -40, -180, -95]
    page = client_for().get(url(table)).content.decode()
    assert "alleen als totalen ingevoerd" in page


def test_a_wrong_paper_sheet_is_refused_whole(table):
    data = _paper(classic_games())
    data["g3_net_0"] = int(data["g3_net_0"]) + 20
    response = client_for().post(url(table, "paper/"), data)
    assert response.status_code == 400
    assert response.content.decode().count('paper-game game-row-error"') == 1  # game 3's card
    totals = {
        "revision": 0,
        "mode": "totals",
        "total_0": 100,
        "total_1": 0,
        "total_2": 0,
        "total_3": 0,
    }
    assert client_for().post(url(table, "paper/"), totals).status_code == 400
    assert not Session.objects.exists()


def test_correcting_a_saved_result_from_paper_asks_why(table):
    client = client_for()
    assert client.post(url(table, "paper/"), _paper(classic_games())).status_code == 302
    correction = {
        "revision": 1,
        "mode": "totals",
        "total_0": 315,
        "total_1": -40,
        "total_2": -180,
        "total_3": -95,
    }
    response = client.post(url(table, "paper/"), correction)
    assert response.status_code == 400
    assert "reason" in response.context["form"].errors
    assert Session.objects.get(table=table).revision == 1
    response = client.post(url(table, "paper/"), {**correction, "reason": "totals misread"})
    assert response.status_code == 302
    session = Session.objects.get(table=table)
    assert session.revision == 2 and session.revisions.get(number=2).reason == "totals misread"


@pytest.mark.django_db
def test_a_link_to_no_table_says_what_happened_and_whom_to_ask():
    response = client_for().get("/t/no-such-table-token/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Ask the organizer" in page and "seated the round again" in page
    response = client_for().get("/no-such-page/")
    assert response.status_code == 404 and "Ask the organizer" not in response.content.decode()


@pytest.mark.django_db
def test_a_previewed_rounds_link_says_the_round_has_not_started():
    table = seated_table(EventFactory())
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLANNED)
    page = client_for().get(f"/t/{table.scoring_token}/", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert page.status_code == 200 and "has not started yet" in text
    assert 'name="contract"' not in text  # no entry form before the round starts
