"""A Jonkler table's page, reached by its link: the table names the first dealer, then enters
each round's bids in bidding order and the tricks; the game refuses the dealer's forbidden bid
(naming the dealer) and saves nothing; the last round can be taken back."""

import pytest

from games.models import Session
from tests.factories import EventFactory, PlayerFactory, seated_table
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db

NAMES = ["Anna de Vries", "Bram Smit", "Cor Bakker", "Dewi Jansen", "Eva Mulder"]


@pytest.fixture
def table():
    event = EventFactory(game="jonkler", ruleset="jonkler")
    players = [PlayerFactory(name=name) for name in NAMES]
    return seated_table(event, players=players)


def url(table, path: str = "") -> str:
    return f"/t/{table.scoring_token}/{path}"


def round_post(bids: list[int], tricks: list[int], revision: int, **extra) -> dict:
    data = {"revision": revision, **extra}
    for seat, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
        data[f"bid_{seat}"] = bid
        data[f"tricks_{seat}"] = took
    return data


def test_the_first_dealer_is_asked_then_bids_follow_the_bidding_order(table):
    client = client_for()
    first = client.get(url(table), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Wie deelt de eerste ronde?" in first and 'href="?dealer=2"' in first
    page = client.get(url(table), {"dealer": 2}, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Cor Bakker deelt en biedt als laatste." in page
    # Dewi (left of Cor) bids first, Cor last.
    assert page.index('name="bid_3"') < page.index('name="bid_4"') < page.index('name="bid_0"') \
        < page.index('name="bid_1"') < page.index('name="bid_2"')


def test_rounds_are_saved_scored_and_taken_back(table):
    client = client_for()
    saved = client.post(url(table), round_post([1, 1, 0, 0, 0], [1, 0, 0, 0, 0], 0,
                                               first_dealer=4))
    assert saved.status_code == 302
    session = Session.objects.get(table=table)
    assert session.document["first_dealer"] == 4 and session.document["seats"] == 5
    # Round 1: a met bid scores 5 + 10B, a missed one 1 per trick.
    assert session.result["totals"] == [15, 0, 5, 5, 5]
    # Round 2: Anna deals (seat 0) and bids last; the others bid 1 + 0 + 0 + 0 = 1, so Anna may
    # not bid 1.
    hooked = client.post(url(table), round_post([1, 1, 0, 0, 0], [1, 1, 0, 0, 0], 1),
                         HTTP_ACCEPT_LANGUAGE="nl")
    assert hooked.status_code == 400
    assert "Anna de Vries" in hooked.content.decode()
    assert Session.objects.get(table=table).revision == 1
    assert client.post(url(table), round_post([0, 1, 0, 0, 0], [1, 1, 0, 0, 0], 1)
                       ).status_code == 302
    page = client.get(url(table), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Ronde 3 van 8" in page
    undone = client.post(url(table, "undo/"), {"revision": 2}, HTTP_ACCEPT_LANGUAGE="nl")
    assert undone.status_code == 302
    session = Session.objects.get(table=table)
    assert len(session.document["rounds"]) == 1 and session.revision == 3


def test_wrong_tricks_name_the_problem_and_save_nothing(table):
    client = client_for()
    response = client.post(url(table), round_post([0, 0, 0, 0, 0], [1, 1, 0, 0, 0], 0,
                                                  first_dealer=0), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "trick" in response.content.decode()
    assert not Session.objects.filter(table=table).exists()


def test_bonkens_live_check_is_not_a_jonkler_page(table):
    assert client_for().post(url(table, "check/"), {}).status_code == 404
