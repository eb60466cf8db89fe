"""A Jonkler table's page, reached by its link: the table names the first dealer, then enters
each round's bids in bidding order and the tricks; the game refuses the dealer's forbidden bid
(naming the dealer) and saves nothing; the last round can be taken back. A player's evening
and the standings' link preview count the players who played, not the lines of a table not
played."""

import random

import pytest

from clubs.models import Role
from games.jonkler.rules import GAME
from games.jonkler.rules.sample import random_session
from ranking.standings.services import standings_recompute
from results.models import Session
from results.services import session_submit
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tournaments.models import Standing
from tournaments.rounds.lifecycle import round_close
from web.sharing.cards import evening_preview, event_preview

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
    assert (
        page.index('name="bid_3"')
        < page.index('name="bid_4"')
        < page.index('name="bid_0"')
        < page.index('name="bid_1"')
        < page.index('name="bid_2"')
    )


def test_rounds_are_saved_scored_and_taken_back(table):
    client = client_for()
    saved = client.post(url(table), round_post([1, 1, 0, 0, 0], [1, 0, 0, 0, 0], 0, first_dealer=4))
    assert saved.status_code == 302
    session = Session.objects.get(table=table)
    assert session.document["first_dealer"] == 4 and session.document["seats"] == 5
    # Round 1: a met bid scores 5 + 10B, a missed one 1 per trick.
    assert session.result["totals"] == [15, 0, 5, 5, 5]
    # Round 2: Anna deals (seat 0) and bids last; the others bid 1 + 0 + 0 + 0 = 1, so Anna may
    # not bid 1.
    hooked = client.post(
        url(table), round_post([1, 1, 0, 0, 0], [1, 1, 0, 0, 0], 1), HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert hooked.status_code == 400
    assert "Anna de Vries" in hooked.content.decode()
    assert Session.objects.get(table=table).revision == 1
    assert (
        client.post(url(table), round_post([0, 1, 0, 0, 0], [1, 1, 0, 0, 0], 1)).status_code == 302
    )
    page = client.get(url(table), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Ronde 3 van 8" in page
    undone = client.post(url(table, "undo/"), {"revision": 2}, HTTP_ACCEPT_LANGUAGE="nl")
    assert undone.status_code == 302
    session = Session.objects.get(table=table)
    assert len(session.document["rounds"]) == 1 and session.revision == 3


def test_wrong_tricks_name_the_problem_and_save_nothing(table):
    client = client_for()
    response = client.post(
        url(table),
        round_post([0, 0, 0, 0, 0], [1, 1, 0, 0, 0], 0, first_dealer=0),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert "trick" in response.content.decode()
    assert not Session.objects.filter(table=table).exists()


def test_bonkens_live_check_is_not_a_jonkler_page(table):
    assert client_for().post(url(table, "check/"), {}).status_code == 404


def complete_document(seats: int = 5) -> dict:
    import random

    from games.jonkler.rules import GAME
    from games.jonkler.rules.sample import random_session

    return random_session(random.Random(5), seats=seats, ruleset=GAME.rulesets["jonkler"])


def test_a_paper_sheet_is_copied_and_a_correction_says_why(table):
    client = client_for()
    document = complete_document()
    data = {"revision": 0, "first_dealer": document["first_dealer"]}
    for number, played in enumerate(document["rounds"], start=1):
        for seat in range(5):
            data[f"bid_{number}_{seat}"] = played["bids"][seat]
            data[f"tricks_{number}_{seat}"] = played["tricks"][seat]
    assert client.post(url(table, "paper/"), data).status_code == 302
    session = Session.objects.get(table=table)
    copied = [{"bids": r["bids"], "tricks": r["tricks"]} for r in document["rounds"]]
    assert session.complete and session.document["rounds"] == copied
    again = client.post(url(table, "paper/"), {**data, "revision": 1}, HTTP_ACCEPT_LANGUAGE="nl")
    assert again.status_code == 400  # a correction needs a reason
    gap = {key: value for key, value in data.items() if not key.startswith("bid_2_")}
    refused = client.post(url(table, "paper/"), {**gap, "revision": 1, "reason": "typo"})
    assert refused.status_code == 400
    assert "zonder gaten" in refused.content.decode()


def test_the_public_sheet_and_the_blank_sheets_are_jonklers(table):
    from clubs.models import Role
    from results.services import session_submit
    from tests.factories import user_with_role

    event = table.round.event
    event.published = True
    event.save()
    session_submit(
        table=table,
        submitted_by=None,
        document=complete_document(),
        table_token=table.scoring_token,
    )
    sheet = (
        client_for()
        .get(f"/events/{event.pk}/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="en")
        .content.decode()
    )
    assert "Each cell: bid / tricks taken" in sheet and sheet.count('<th scope="row">') >= 8
    organizer = client_for(user_with_role(event.club, Role.ORGANIZER))
    blank = organizer.get(
        f"/manage/rounds/{table.round.pk}/sheets/", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "the dealer bids last" in blank and "minus game" not in blank
    sessions = client_for().get(f"/events/{event.pk}/sessions.csv").content.decode()
    assert sessions.splitlines()[0].endswith("complete,rounds,revision")
    assert sessions.splitlines()[1].endswith(",1,8,1")
    standings = client_for().get(f"/events/{event.pk}/standings.csv").content.decode()
    assert standings.splitlines()[0].endswith("first,second,third,fourth,fifth,sixth")


@pytest.mark.parametrize(
    ("language", "missing", "too_many"),
    [
        ("en", "Enter the bid; 0 is a bid too.", "At most 1: each player holds 1 card."),
        ("nl", "Vul het bod in; 0 is ook een bod.", "Hooguit 1: iedere speler heeft 1 kaart."),
    ],
)
def test_a_missing_bid_and_too_many_tricks_say_what_the_round_allows(
    table, language, missing, too_many
):
    """The table's fields are named by the players; their messages say which number is wrong
    and why, never a bare "this field is required"."""
    data = round_post([0, 0, 0, 0, 0], [2, 0, 0, 0, 0], 0, first_dealer=0)
    data["bid_1"] = ""
    response = client_for().post(url(table), data, HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 400
    assert missing in page and too_many in page
    assert not Session.objects.filter(table=table).exists()


def five_of_nine_played():
    """Nine players at tables of five and four, the table of four not played: the event and
    the table of four."""
    event = EventFactory(game="jonkler", ruleset="jonkler", published=True)
    five = seated_table(event, players=[PlayerFactory(name=name) for name in NAMES])
    four = seated_table(
        event, table_number=2, players=[PlayerFactory(name=f"Speler {n}") for n in range(4)]
    )
    document = random_session(random.Random(7), seats=5, ruleset=GAME.rulesets["jonkler"])
    session_submit(table=five, submitted_by=None, document=document, table_token=five.scoring_token)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    round_close(round_=five.round, actor=organizer, unfinished={2: "not_played"})
    standings_recompute(event_id=event.pk, force=True)
    assert Standing.objects.filter(event=event).count() == 9  # the four have lines of nothing
    return event, four


@pytest.mark.parametrize(("lang", "says"), [("nl", "Plaats 1 van 5,"), ("en", "Place 1 of 5,")])
def test_an_evenings_place_counts_the_players_who_played(lang, says):
    """The winner is first of the five who played, not of nine; a player of the table not
    played has no place (the page and its link preview say the same)."""
    event, four = five_of_nine_played()
    winner = Standing.objects.get(event=event, rank=1).player
    client = client_for()
    page = client.get(f"/events/{event.pk}/players/{winner.pk}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert says in page.content.decode()
    preview = evening_preview(event.pk, winner.pk, lang)
    assert preview is not None and ("of 5" if lang == "en" else "van 5") in preview.description
    idle = four.seats.first().player
    page = client.get(f"/events/{event.pk}/players/{idle.pk}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert "data-evening-place" not in page.content.decode()


@pytest.mark.parametrize(("lang", "count"), [("nl", "5 spelers"), ("en", "5 players")])
def test_the_standings_card_counts_the_players_who_played(lang, count):
    """The standings' link preview (its picture and its text) counts and lists the five who
    played, not the four of the table not played."""
    event, four = five_of_nine_played()
    page = client_for().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert f"/share/events/{event.pk}/{lang}.png" in page  # the card the page shows itself with
    preview = event_preview(event.pk, lang)
    assert preview is not None and preview.card.heading.endswith(f"\u00b7 {count}")
    assert [row.name for row in preview.card.rows] == [
        s.player.name
        for s in Standing.objects.filter(event=event, sessions__gt=0).order_by(
            "rank", "player__name"
        )
    ]
    idle = {seat.player.name for seat in four.seats.all()}
    assert not idle & {row.name for row in preview.card.rows}
    assert not any(name in preview.description for name in idle)
