"""A Bonanza Rummy table's page, reached by its link: the table names the first dealer, then
enters each hand as taps (sections, widow, poker, going out and the cards left); the board's
chips and the carry-over are shown; the live check counts the hand before it is saved; a refused
hand lists the rules' problems, linked to the players' taps, and saves nothing; the last hand can
be taken back; ending the session asks first, then settles the board."""

import re

import pytest
from django.core.cache import cache

from games.bonanza.rules import GAME
from results.models import Session
from results.services import session_submit
from tests.factories import EventFactory, PlayerFactory, seated_table
from tests.web.conftest import client_for
from web.sharing.cards import event_preview

pytestmark = pytest.mark.django_db

NAMES = ["Anna de Vries", "Bram Smit", "Cor Bakker"]


@pytest.fixture
def table():
    event = EventFactory(game="bonanza", ruleset="bonanza")
    players = [PlayerFactory(name=name) for name in NAMES]
    return seated_table(event, players=players)


def url(table, path: str = "") -> str:
    return f"/t/{table.scoring_token}/{path}"


def hand_post(
    revision: int,
    *,
    out: int,
    cards: list[int],
    sections: dict | None = None,
    entrants: tuple = (),
    winner: int | str = "",
    buyer: int | str = "",
    price: int | str = "",
    **extra,
) -> dict:
    data = {
        "revision": revision,
        "widow_buyer": buyer,
        "widow_price": price,
        "poker_entrants": list(entrants),
        "poker_winner": winner,
        "out_seat": out,
        **extra,
    }
    for code, seat in (sections or {}).items():
        data[f"section_{code}"] = seat
    for seat, count in enumerate(cards):
        data[f"cards_{seat}"] = count
    return data


# GAMES.md's worked example: dealer 0, poker entrants 0 and 1 won by 1, the joker to 2, seat 2
# out with cards left [3, 5, 0]: nets [-15, -10, +4], the board keeps 21.
WORKED = hand_post(
    0, out=2, cards=[3, 5, 0], sections={"joker": 2}, entrants=(0, 1), winner=1, first_dealer=0
)


def saved(table) -> Session:
    return Session.objects.get(table=table)


def test_the_first_dealer_is_asked_then_the_hand_shows_the_board(table):
    client = client_for()
    first = client.get(url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Who deals the first hand?" in first and 'href="?dealer=1"' in first
    page = client.get(url(table), {"dealer": 1}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Bram Smit deals." in page and "Save hand 1" in page
    # The board before the first hand: three antes on each of the ten sections.
    assert page.count('<span class="chips">3</span>') == 10
    assert 'name="section_joker"' in page and 'name="contract"' not in page


def test_hands_are_saved_with_the_ledger_and_the_carry_over_is_shown(table):
    client = client_for()
    response = client.post(url(table), WORKED)
    assert response.status_code == 302
    session = saved(table)
    assert session.document["first_dealer"] == 0 and session.document["seats"] == 3
    assert session.result["totals"] == [-15, -10, 4]
    assert session.result["hands"][0]["board_total"] == 21
    page = client.get(url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # Hand 2: Bram deals; every section but joker, poker and bonanza carries 3 over.
    assert "Bram Smit deals." in page and "Save hand 2" in page
    assert page.count("3 carried") == 7 and page.count('<span class="chips">6</span>') == 7
    assert "Anna plays it" not in page and "Bram plays it" in page
    # Hand 2: the widow sold by Bram to Cor for 2; nobody plays poker; Anna shows the ace of
    # spades (6 chips), Cor goes out, Anna holds 4 cards and Bram 1.
    second = hand_post(1, out=2, cards=[4, 1, 0], sections={"ace_spades": 0}, buyer=2, price=2)
    assert client.post(url(table), second).status_code == 302
    session = saved(table)
    assert session.result["hands"][1]["nets"] == [-10 + 6 - 4, -10 + 2 - 1, -10 - 2 + 3 + 5]
    assert session.document["hands"][1]["widow"] == {"buyer": 2, "price": 2}
    assert session.document["hands"][1]["poker"] is None
    page = client.get(url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Cor Bakker deals." in page  # the deal passes to the left
    assert "Net chips so far" in page and '<span class="total">-23</span>' in page


def test_a_refused_hand_shows_the_problem_at_its_field_and_saves_nothing(table):
    client = client_for()
    bad = {**WORKED, "poker_winner": 2, "cards_2": 4}
    response = client.post(url(table), bad, HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 400
    page = response.content.decode()
    # The top of the page says the hand is not saved, each problem linked to its player's taps.
    top = page.index('id="errors"')
    summary = page[top : page.index("</div>", top)]
    assert "De winnaar van het poker moet een van de deelnemers zijn" in summary
    # The going-out player's cards: named, and linked to that player's cards box.
    assert "Wie uitging (Cor Bakker) heeft 0 kaarten over, niet 4." in summary
    assert 'href="#id_poker_winner_1"' in summary and 'href="#id_cards_2"' in summary
    assert page.index('id="id_poker_winner_1"') > top and 'id="id_cards_2"' in page
    assert re.search(r'class="cards-cell has-error" for="id_cards_2"', page)
    assert not Session.objects.filter(table=table).exists()
    missing = client.post(url(table), {**WORKED, "out_seat": ""}, HTTP_ACCEPT_LANGUAGE="en")
    assert (
        missing.status_code == 400 and "Who went out? Tap the player." in missing.content.decode()
    )
    unpaid = client.post(url(table), {**WORKED, "widow_buyer": 1}, HTTP_ACCEPT_LANGUAGE="en")
    assert "How many chips did the buyer pay?" in unpaid.content.decode()


def test_the_dealer_cannot_buy_the_widow_and_the_page_says_who(table):
    client = client_for()
    assert client.post(url(table), WORKED).status_code == 302
    # Bram deals hand 2; a hand-made post naming him as buyer is refused by the form's choices.
    response = client.post(
        url(table),
        hand_post(1, out=0, cards=[0, 2, 2], buyer=1, price=3),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert saved(table).revision == 1


def test_the_last_hand_is_taken_back(table):
    client = client_for()
    client.post(url(table), WORKED)
    client.post(url(table), hand_post(1, out=0, cards=[0, 2, 2]))
    assert len(saved(table).document["hands"]) == 2
    undone = client.post(url(table, "undo/"), {"revision": 2}, HTTP_ACCEPT_LANGUAGE="en")
    assert undone.status_code == 302
    session = saved(table)
    assert len(session.document["hands"]) == 1 and session.revision == 3
    page = client.get(url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The last hand is taken back." in page and "Save hand 2" in page


def test_ending_the_session_settles_the_board_and_can_be_taken_back(table):
    client = client_for()
    client.post(url(table), WORKED)
    page = client.get(url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "21 chips are left on the board: shared out equally" in page
    assert "Cor Bakker went out last." in page
    assert re.search(r"Anna\s+\+7 · Bram\s+\+7 · Cor\s+\+7", page)
    # Ending asks first: a post that did not answer the question ends nothing and asks it.
    unasked = client.post(url(table), {"action": "end", "revision": 1})
    assert unasked.status_code == 302 and unasked["Location"].endswith("?end=ask#end-title")
    assert not saved(table).complete
    asked = client.get(unasked["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<details class="end-confirm" data-end-confirm open>' in asked
    assert "End the session now?" in asked and "Yes, end the session" in asked
    ended = client.post(url(table), {"action": "end", "confirmed": "1", "revision": 1})
    assert ended.status_code == 302
    session = saved(table)
    assert session.complete and session.document["end"] == {"leftover": "split"}
    assert session.result["totals"] == [-8, -3, 11] and sum(session.result["totals"]) == 0
    done = client.get(url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The session is over" in done and "Save hand" not in done
    assert "Reopen the session" in done and "Undo the last hand" not in done
    late = client.post(url(table), {**WORKED, "revision": 2}, HTTP_ACCEPT_LANGUAGE="en")
    assert late.status_code == 302 and saved(table).revision == 2
    reopened = client.post(url(table), {"action": "reopen", "revision": 2})
    assert reopened.status_code == 302
    session = saved(table)
    assert not session.complete and session.result["totals"] == [-15, -10, 4]


def test_a_signed_in_scorer_gets_the_bonanza_page_from_the_table_plan(table):
    from clubs.models import Role
    from tests.factories import user_with_role

    scorer = client_for(user_with_role(table.round.event.club, Role.SCORER))
    page = scorer.get(url(table), {"dealer": 0}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Anna de Vries deals." in page and 'name="contract"' not in page
    # The live check counts the hand being tapped and saves nothing.
    check = scorer.post(url(table, "check/"), WORKED, HTTP_ACCEPT_LANGUAGE="en")
    text = check.content.decode()
    assert check.status_code == 200 and "data-hand-preview" in text
    assert re.findall(r"data-net>([+-]\d+)<", text) == ["-15", "-10", "+4"]
    assert "21 chips stay on the board." in text
    assert not Session.objects.filter(table=table).exists()


def sample_document(hands: int = 4, ended: bool = True) -> dict:
    import random

    from games.bonanza.rules import GAME
    from games.bonanza.rules.sample import random_session

    return random_session(
        random.Random(18),
        seats=3,
        ruleset=GAME.rulesets["bonanza"],
        hands=hands,
        ended=ended,
        leftover="split",
    )


def paper_post(document: dict, revision: int, **extra) -> dict:
    data = {
        "revision": revision,
        "first_dealer": document["first_dealer"],
        "ended": "on" if document.get("end") else "",
        "hand_count": 6,
        **extra,
    }
    for number, hand in enumerate(document["hands"], start=1):
        prefix = f"h{number}-"
        widow, poker = hand.get("widow") or {}, hand.get("poker") or {}
        data[prefix + "widow_buyer"] = widow.get("buyer", "")
        data[prefix + "widow_price"] = widow.get("price", "")
        data[prefix + "poker_entrants"] = [str(seat) for seat in poker.get("entrants") or []]
        data[prefix + "poker_winner"] = "" if poker.get("winner") is None else poker["winner"]
        for code, seat in hand["sections"].items():
            data[prefix + f"section_{code}"] = "" if seat is None else seat
        data[prefix + "out_seat"] = hand["out"]["seat"]
        for seat, cards in enumerate(hand["out"]["cards_left"]):
            data[prefix + f"cards_{seat}"] = cards
    return data


def test_a_paper_sheet_is_copied_hand_by_hand_and_a_correction_says_why(table):
    client = client_for()
    form = client.get(url(table, "paper/"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Who dealt the first hand?" in form and 'name="h4-section_joker"' in form
    document = sample_document()
    assert client.post(url(table, "paper/"), paper_post(document, 0)).status_code == 302
    session = saved(table)
    assert session.complete and session.document["end"] == {"leftover": "split"}
    assert session.document["hands"] == document["hands"]
    assert sum(session.result["totals"]) == 0
    # The stored sheet comes back filled in.
    again = client.get(url(table, "paper/"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="h8-out_seat"' in again and "Why does the saved result change?" in again
    assert client.post(url(table, "paper/"), paper_post(document, 1)).status_code == 400
    gap = {
        key: value
        for key, value in paper_post(document, 1, reason="typo").items()
        if not key.startswith("h2-")
    }
    refused = client.post(url(table, "paper/"), gap, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 400 and "without gaps" in refused.content.decode()
    # A rules problem is shown at its hand's field, naming the player.
    wrong = paper_post(document, 1, reason="typo")
    out = document["hands"][2]["out"]["seat"]
    wrong[f"h3-cards_{out}"] = 2
    response = client.post(url(table, "paper/"), wrong, HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert response.status_code == 400
    assert f"Hand 3: The player who went out ({NAMES[out]}) has 0 cards left, not 2." in page
    assert (
        page.index(f'name="h3-cards_{out}"')
        < page.rindex("has 0 cards left, not 2.")
        < page.index('name="h4-section_joker"')
    )
    assert saved(table).revision == 1
    # A correction with its reason: the session goes on without an end.
    open_again = paper_post(sample_document(ended=False), 1, reason="the end was copied early")
    assert client.post(url(table, "paper/"), open_again).status_code == 302
    session = saved(table)
    assert session.revision == 2 and not session.complete and session.document["end"] is None
    assert session.revisions.order_by("-number").first().reason == "the end was copied early"


def test_the_public_sheet_and_the_blank_sheets_are_bonanzas(table):
    from clubs.models import Role
    from results.services import session_submit
    from tests.factories import user_with_role

    event = table.round.event
    event.published = True
    event.save()
    document = sample_document(hands=5)
    session = session_submit(
        table=table, submitted_by=None, document=document, table_token=table.scoring_token
    )
    sheet = (
        client_for()
        .get(f"/events/{event.pk}/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="en")
        .content.decode()
    )
    assert "the hand's net chips in bold" in sheet and sheet.count('<th scope="row">') >= 5
    first = session.result["hands"][0]
    assert f"<strong>{first['nets'][0]:+d}</strong>" in sheet
    end = session.result["end"]
    assert f"At the end the {end['chips']} chips on the board were shared out" in sheet
    assert "minus game" not in sheet and "Each cell: bid / tricks" not in sheet
    organizer = client_for(user_with_role(event.club, Role.ORGANIZER))
    blank = organizer.get(
        f"/manage/rounds/{table.round.pk}/sheets/", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Widow sold to / price" in blank and "Cards left: Cor Bakker" in blank
    assert "J♦ + Q♠" in blank and "minus game" not in blank and "the dealer bids last" not in blank
    sessions = client_for().get(f"/events/{event.pk}/sessions.csv").content.decode()
    assert sessions.splitlines()[0].endswith("complete,hands,revision")
    assert sessions.splitlines()[1].endswith(",1,5,1")


def test_a_session_in_progress_shows_what_the_board_keeps(table):
    from results.services import session_submit

    event = table.round.event
    event.published = True
    event.save()
    session_submit(
        table=table,
        submitted_by=None,
        table_token=table.scoring_token,
        document={"first_dealer": 0, "hands": WORKED_HANDS},
    )
    sheet = (
        client_for()
        .get(f"/events/{event.pk}/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="en")
        .content.decode()
    )
    assert "On the board now: J♦ + Q♠ 3 · Sequence 3" in sheet
    assert "<strong>-15</strong>" in sheet and "<td>21</td>" in sheet


WORKED_HANDS = [
    {
        "widow": None,
        "poker": {"entrants": [0, 1], "winner": 1},
        "sections": {"joker": 2},
        "out": {"seat": 2, "cards_left": [3, 5, 0]},
    }
]


def test_bonanzas_pages_say_hand_in_dutch_never_spel(table):
    """A hand is a *hand* on every Bonanza page in Dutch (the rules' word), the dealer the
    *deler*, the widow *de blinde*: also in the words the shared parts (the offline box, the
    sign-off) bring, and in the problems the rules give."""
    from clubs.models import Role
    from results.services import session_submit
    from tests.factories import user_with_role

    other = re.compile(r"\b(spel|spellen|gever|weduwe)\b", re.I)
    client = client_for()
    pages = [client.get(url(table), {"dealer": 0}, HTTP_ACCEPT_LANGUAGE="nl")]
    # A refused hand: the rules' problem (whoever went out holds no cards) in Dutch.
    refused = client.post(url(table), {**WORKED, "cards_2": 4}, HTTP_ACCEPT_LANGUAGE="nl")
    assert refused.status_code == 400
    assert "De hand is niet opgeslagen." in refused.content.decode()
    pages.append(refused)
    pages.append(client.get(url(table, "paper/"), HTTP_ACCEPT_LANGUAGE="nl"))
    event = table.round.event
    event.published = True
    event.save()
    session_submit(
        table=table,
        submitted_by=None,
        document=sample_document(hands=5),
        table_token=table.scoring_token,
    )
    pages.append(client.get(url(table), HTTP_ACCEPT_LANGUAGE="nl"))
    pages.append(client.get(f"/events/{event.pk}/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="nl"))
    organizer = client_for(user_with_role(event.club, Role.ORGANIZER))
    pages.append(
        organizer.get(f"/manage/rounds/{table.round.pk}/sheets/", HTTP_ACCEPT_LANGUAGE="nl")
    )
    pages.append(organizer.get(f"/manage/tables/{table.pk}/correct/1/", HTTP_ACCEPT_LANGUAGE="nl"))
    for page in pages:
        text = page.content.decode()
        assert 'lang="nl"' in text
        body = re.sub(r"<(script|style)\b.*?</\1>", "", text, flags=re.S)
        assert other.findall(body) == [], page.wsgi_request.path
        assert re.search(r"\b[Hh]and(en)?\b", body), page.wsgi_request.path


@pytest.mark.parametrize(
    ("lang", "name", "rule"),
    [
        ("en", "Net chips", "Ranked by <strong>net chips</strong>"),
        ("nl", "Netto fiches", "Gerangschikt op <strong>netto fiches</strong>"),
    ],
)
def test_the_standings_call_the_total_net_chips_with_its_sign(
    django_capture_on_commit_callbacks, lang, name, rule
):
    """What a Bonanza line's total counts is net chips, not points: the standings page, the
    club's embed, the screen and its JSON, and the link preview's card name it so, signed."""
    cache.clear()
    event = EventFactory(game="bonanza", ruleset="bonanza", published=True)
    table = seated_table(event, players=[PlayerFactory(name=name) for name in NAMES])
    document = GAME.example(3)
    with django_capture_on_commit_callbacks(execute=True):
        session_submit(
            table=table, submitted_by=None, document=document, table_token=table.scoring_token
        )
    totals = GAME.score(document).totals
    assert totals and min(totals) < 0 < max(totals)
    best, worst = max(totals), min(totals)
    won, lost = f"+{best}", f"\u2212{-worst}"
    client = client_for()
    standings = client.get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert f'data-figure="total">{name}</th>' in standings
    assert f"data-total>{won}</td>" in standings and f"data-total>{lost}</td>" in standings
    assert rule in standings
    assert f"{name} per {'round' if lang == 'en' else 'ronde'}" in standings
    assert f'<td class="num more">{won}</td>' in standings  # the rounds' figures too
    embed = client.get(f"/embed/events/{event.pk}/?lang={lang}").content.decode()
    assert f'scope="col">{name}</th>' in embed and f">{won}</td>" in embed
    screen = client.get(f"/events/{event.pk}/screen/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert f'data-points="{name}"' in screen and f">{lost}</td>" in screen
    state = client.get(f"/events/{event.pk}/screen.json", HTTP_ACCEPT_LANGUAGE=lang).json()
    assert state["total_name"] == name and state["standings"][0]["total"] == won
    card = event_preview(event.pk, lang)
    assert card is not None and card.card.columns[-1] == name
    assert card.card.rows[0].values[-1] == won
    # A player's evening: their place with their net chips, and each round's.
    top = list(table.seats.order_by("position"))[totals.index(best)].player_id
    evening = client.get(
        f"/events/{event.pk}/players/{top}/", HTTP_ACCEPT_LANGUAGE=lang
    ).content.decode()
    assert f"{won} {name.lower()}." in evening and f'scope="col">{name}</th>' in evening
    assert f'<td class="num">{won}</td>' in evening
    for text in (standings, embed, screen, evening):
        assert ">Points<" not in text and ">Punten<" not in text
