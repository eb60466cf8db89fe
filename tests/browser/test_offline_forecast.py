"""The totals a table's phone shows with the entries that wait to be sent agree with the rules.

Each game's ``forecast.js`` adds up waiting entries from the page's forecast data (the plug-in's
``forecast.py``), so the phone can show the totals including them, marked as not yet sent. The
server stays the judge; these tests keep the two in step: Chromium runs the scripts the table
page loads on the entries of many sample sessions, as the page's form would post them, and
every entry's points must equal what the game's rules package says."""

import random
from typing import Any

import pytest

from games.bonanza.plugin.forecast import forecast_data as bonanza_data
from games.bonanza.rules import GAME as BONANZA
from games.bonanza.rules import RULESETS as BONANZA_RULESETS
from games.bonanza.rules import SHOWN
from games.bonanza.rules.sample import random_session as bonanza_session
from games.bonken.plugin.forecast import forecast_data as bonken_data
from games.bonken.plugin.forms import taken_one_by_one
from games.bonken.rules import get_ruleset, score_session
from games.bonken.rules.sample import random_session as bonken_session
from games.jonkler.plugin.forecast import forecast_data as jonkler_data
from games.jonkler.rules import GAME as JONKLER
from games.jonkler.rules import RULESETS as JONKLER_RULESETS
from games.jonkler.rules.sample import random_session as jonkler_session
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

SCRIPTS = ["static/js/offline-games.js", "static/js/offline-words.js"]
SESSIONS = 40


def scripts_page(chromium: Any, game: str) -> Any:
    page = chromium.new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    for path in [*SCRIPTS, f"games/{game}/plugin/static/{game}/forecast.js"]:
        page.add_script_tag(path=str(ROOT / path))
    return page


def forecast(page: Any, game: str, entries: list[dict[str, Any]], data: Any, seats: int) -> Any:
    return page.evaluate(
        "([game, entries, data, seats]) => window.tableGames[game].forecast(entries, data, seats)",
        [game, entries, data, seats],
    )


def bonken_fields(game: dict[str, Any], ruleset: Any, tap: bool) -> list[list[str]]:
    """A game as the table page's form posts it: counts, or who took each unit tapped."""
    contract = ruleset.by_code[game["contract"]]
    fields = [["contract", game["contract"]], ["chooser", str(game["chooser"])]]
    counts = game["counts"]
    if isinstance(counts, dict):
        for kind, values in counts.items():
            fields += [[f"count_{kind}_{seat}", str(n)] for seat, n in enumerate(values)]
    elif tap and taken_one_by_one(contract) and contract.units == sum(counts):
        takers = [seat for seat, n in enumerate(counts) for _ in range(n)]
        fields += [[f"took_{game['contract']}_{i}", str(s)] for i, s in enumerate(takers, 1)]
    else:
        fields += [[f"count_{seat}", str(n)] for seat, n in enumerate(counts)]
    fields += [[f"d_{a}_{b}", "on"] for a, b in game["doubles"]]
    return fields


@pytest.mark.parametrize("code", ["classic", "eleven"])
def test_bonken_waiting_games_add_up_as_the_rules_score_them(chromium, code):
    ruleset = get_ruleset(code)
    data = bonken_data(ruleset, [0, 0, 0, 0])
    page = scripts_page(chromium, "bonken")
    rng = random.Random(code)
    for number in range(SESSIONS):
        document = bonken_session(rng, ruleset=ruleset)
        scored = score_session(document, ruleset=ruleset).to_dict()
        entries = [
            {"fields": bonken_fields(game, ruleset, tap=number % 2 == 0), "part": index}
            for index, game in enumerate(document["games"], 1)
        ]
        assert forecast(page, "bonken", entries, data, 4) == [
            game["points"] for game in scored["games"]
        ]


def test_jonkler_waiting_rounds_add_up_as_the_rules_score_them(chromium):
    ruleset = JONKLER_RULESETS["jonkler"]
    data = jonkler_data(ruleset, [0, 0, 0, 0])
    page = scripts_page(chromium, "jonkler")
    rng = random.Random(5)
    for _ in range(SESSIONS):
        seats = rng.randint(3, 6)
        document = jonkler_session(rng, seats=seats, ruleset=ruleset)
        scored = JONKLER.score(document, ruleset=ruleset).to_dict()
        entries = [
            {
                "fields": [
                    *([f"bid_{seat}", str(bid)] for seat, bid in enumerate(played["bids"])),
                    *([f"tricks_{seat}", str(n)] for seat, n in enumerate(played["tricks"])),
                ],
                "part": number,
            }
            for number, played in enumerate(document["rounds"], 1)
        ]
        assert forecast(page, "jonkler", entries, data, seats) == [
            played["points"] for played in scored["rounds"]
        ]


def bonanza_fields(hand: dict[str, Any], first_dealer: int | None) -> list[list[str]]:
    fields = [] if first_dealer is None else [["first_dealer", str(first_dealer)]]
    widow = hand["widow"]
    if widow:
        fields += [["widow_buyer", str(widow["buyer"])], ["widow_price", str(widow["price"])]]
    poker = hand["poker"] or {"entrants": [], "winner": None}
    fields += [["poker_entrants", str(seat)] for seat in poker["entrants"]]
    fields.append(["poker_winner", "" if poker["winner"] is None else str(poker["winner"])])
    for code in SHOWN:
        taker = hand["sections"][code]
        fields.append([f"section_{code}", "" if taker is None else str(taker)])
    fields.append(["out_seat", str(hand["out"]["seat"])])
    fields += [[f"cards_{seat}", str(n)] for seat, n in enumerate(hand["out"]["cards_left"])]
    return fields


def test_bonanza_waiting_hands_add_up_as_the_rules_score_them(chromium):
    ruleset = BONANZA_RULESETS["bonanza"]
    page = scripts_page(chromium, "bonanza")
    rng = random.Random(8)
    for _ in range(SESSIONS):
        seats = rng.randint(2, 9)
        document = bonanza_session(rng, seats=seats, ruleset=ruleset, ended=False)
        hands = document["hands"]
        saved = rng.randint(0, len(hands) - 1)  # the first ones saved, the rest waiting
        before = {**document, "hands": hands[:saved]}
        result = BONANZA.score(before, ruleset=ruleset).to_dict() if saved else {}
        scored = BONANZA.score(document, ruleset=ruleset).to_dict()
        first = None if saved else document["first_dealer"]
        entries = [
            {"fields": bonanza_fields(hand, first), "part": number}
            for number, hand in enumerate(hands[saved:], saved + 1)
        ]
        assert forecast(page, "bonanza", entries, bonanza_data(ruleset, result), seats) == [
            hand["nets"] for hand in scored["hands"][saved:]
        ]
