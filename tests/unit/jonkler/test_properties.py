"""Properties over random sessions, written from the rules (GAMES.md) and not from the engine:
the strategy below deals, bids and shares out tricks on its own."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.jonkler.rules import GAME, RULESETS, Ruleset, forbidden_bid, ruleset_from_dict
from games.jonkler.rules.messages import CATALOGUE
from games.jonkler.rules.sample import random_session

SOME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
JONKLER = RULESETS["jonkler"]
HOUSE = ruleset_from_dict(
    {
        "code": "house",
        "name": "House",
        "name_nl": "Huis",
        "rounds": 6,
        "met_round_factor": 3,
        "met_bid_factor": 7,
        "miss_trick_points": -2,
        "hook_rule": False,
    }
)
rulesets = st.sampled_from([JONKLER, HOUSE])


@st.composite
def sessions(draw: st.DrawFn, ruleset: Ruleset, length: int | None = None) -> dict[str, Any]:
    """A valid document: seats 3 to 6, any first dealer, bids made in turn with the dealer
    last (kept off the hook), each of the R tricks won by some seat."""
    seats = draw(st.integers(3, 6))
    first = draw(st.integers(0, seats - 1))
    wanted = ruleset.rounds if length is None else length
    rounds = []
    for number in range(1, wanted + 1):
        dealer = (first + number - 1) % seats
        bids = [draw(st.integers(0, number)) for _ in range(seats)]
        others = sum(bids) - bids[dealer]
        if ruleset.hook_rule and others + bids[dealer] == number:
            bids[dealer] = draw(
                st.sampled_from([bid for bid in range(number + 1) if others + bid != number])
            )
        winners = draw(st.lists(st.integers(0, seats - 1), min_size=number, max_size=number))
        tricks = [winners.count(seat) for seat in range(seats)]
        entry: dict[str, Any] = {"bids": bids, "tricks": tricks}
        if draw(st.booleans()):
            jonkled = [0] * seats
            if draw(st.booleans()):
                jonkled[draw(st.sampled_from(winners))] = 1
            entry["jonkled"] = jonkled
        rounds.append(entry)
    return {
        "game": "jonkler",
        "ruleset": ruleset.code,
        "seats": seats,
        "first_dealer": first,
        "rounds": rounds,
    }


def expected_points(ruleset: Ruleset, number: int, bid: int, took: int) -> int:
    if bid == took:
        return ruleset.met_round_factor * number + ruleset.met_bid_factor * bid
    return ruleset.miss_trick_points * took


@SOME
@given(data=st.data(), ruleset=rulesets)
def test_random_complete_sessions_validate_and_score_by_the_formula(
    data: st.DataObject, ruleset: Ruleset
) -> None:
    document = data.draw(sessions(ruleset))
    seats = document["seats"]
    result = GAME.score(document, ruleset=ruleset)
    assert result.valid, [error.to_dict() for error in result.errors]
    assert result.complete and result.hint() == {}
    parts = result.parts()
    assert [part.number for part in parts] == list(range(1, ruleset.rounds + 1))
    for part, entry in zip(parts, document["rounds"], strict=True):
        assert part.kind == "round" and part.level == ""
        assert part.actor == (document["first_dealer"] + part.number - 1) % seats
        assert part.data == entry
        assert part.points == [
            expected_points(ruleset, part.number, bid, took)
            for bid, took in zip(entry["bids"], entry["tricks"], strict=True)
        ]
    assert result.totals == [sum(part.points[seat] for part in parts) for seat in range(seats)]
    assert result.placements is not None
    for seat, total in enumerate(result.totals):
        assert result.placements[seat] == 1 + sum(other > total for other in result.totals)
    stats = result.stats()
    assert stats["bids_met"] == [
        sum(entry["bids"][seat] == entry["tricks"][seat] for entry in document["rounds"])
        for seat in range(seats)
    ]
    assert stats["jonkled"] == [
        sum(entry.get("jonkled", [0] * seats)[seat] for entry in document["rounds"])
        for seat in range(seats)
    ]
    as_json = result.to_dict()
    assert json.loads(json.dumps(as_json)) == as_json
    assert as_json["rounds"][-1]["totals"] == result.totals


@SOME
@given(data=st.data(), ruleset=rulesets)
def test_partial_sessions_say_who_deals_and_bids_last(
    data: st.DataObject, ruleset: Ruleset
) -> None:
    length = data.draw(st.integers(0, ruleset.rounds - 1))
    document = data.draw(sessions(ruleset, length))
    seats, first = document["seats"], document["first_dealer"]
    result = GAME.score(document, ruleset=ruleset, names=[f"P{seat}" for seat in range(seats)])
    assert result.valid and not result.complete and result.placements is None
    hint = result.hint()
    dealer = (first + length) % seats
    assert hint["round"] == hint["cards"] == length + 1
    assert hint["dealer"] == hint["last_bidder"] == dealer
    order = hint["bidding_order"]
    assert sorted(order) == list(range(seats)) and order[-1] == dealer
    assert order[0] == (dealer + 1) % seats
    assert all((b - a) % seats == 1 for a, b in zip(order, order[1:], strict=False))
    assert hint["hook_rule"] is ruleset.hook_rule


@SOME
@given(seed=st.integers(0, 2**32), seats=st.integers(3, 6), ruleset=rulesets, cut=st.integers(0, 8))
def test_the_generator_keeps_the_hook_and_makes_valid_sessions(
    seed: int, seats: int, ruleset: Ruleset, cut: int
) -> None:
    rng = random.Random(seed)
    length = min(cut, ruleset.rounds)
    for rounds in (None, length):
        document = random_session(rng, seats=seats, ruleset=ruleset, rounds=rounds)
        played = document["rounds"]
        assert len(played) == (ruleset.rounds if rounds is None else length)
        for number, entry in enumerate(played, start=1):
            assert sum(entry["tricks"]) == number
            assert all(0 <= bid <= number for bid in entry["bids"])
            if ruleset.hook_rule:
                assert sum(entry["bids"]) != number
        result = GAME.score(document, ruleset=ruleset)
        assert result.valid, result.errors
        assert result.complete == (len(played) == ruleset.rounds)
    for entry_number, entry in enumerate(
        random_session(rng, seats=seats, ruleset=JONKLER)["rounds"], start=1
    ):
        assert sum(entry["bids"]) != entry_number


@SOME
@given(data=st.data())
def test_the_dealers_forbidden_bid_is_always_caught(data: st.DataObject) -> None:
    document = data.draw(sessions(JONKLER))
    seats, first = document["seats"], document["first_dealer"]
    number = data.draw(st.integers(1, JONKLER.rounds))
    dealer = (first + number - 1) % seats
    broken = copy.deepcopy(document)
    bids = broken["rounds"][number - 1]["bids"]
    if forbidden_bid(number, [bid for seat, bid in enumerate(bids) if seat != dealer]) is None:
        bids[:] = [0] * seats  # the others bid past R: let them all bid 0 instead
    banned = forbidden_bid(number, [bid for seat, bid in enumerate(bids) if seat != dealer])
    assert banned is not None and 0 <= banned <= number
    bids[dealer] = banned
    errors = GAME.score(broken).errors
    assert [(error.code, error.game, error.field) for error in errors] == [
        ("hook_rule", number, "bids")
    ]
    assert GAME.score(
        broken,
        ruleset=JONKLER.__class__(
            code="nohook", name="No hook", name_nl="Geen haak", hook_rule=False
        ),
    ).valid


@SOME
@given(
    number=st.integers(1, 20),
    others=st.lists(st.integers(0, 20), max_size=5),
    bid=st.integers(0, 20),
)
def test_forbidden_bid_is_exactly_the_bid_that_makes_the_total(
    number: int, others: list[int], bid: int
) -> None:
    assert (forbidden_bid(number, others) == bid) == (sum(others) + bid == number)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=25,
)
keys = st.sampled_from(
    ["game", "ruleset", "seats", "first_dealer", "rounds", "bids", "tricks", "jonkled", "x"]
)
shaped = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 10)
    | st.sampled_from(["jonkler", "4"])
    | st.floats(allow_nan=True),
    lambda children: st.lists(children, max_size=7) | st.dictionaries(keys, children, max_size=6),
    max_leaves=40,
)


def check_outcome(document: Any, names: list[str] | None = None) -> None:
    result = GAME.score(document, names=names)
    json.dumps(result.to_dict())
    assert result.valid == (not result.errors)
    assert all(error.code in CATALOGUE.codes() for error in result.errors)
    result.parts()
    result.hint()
    result.stats()


@settings(max_examples=300, deadline=None)
@given(document=json_values | shaped)
def test_any_json_value_gets_a_result(document: Any) -> None:
    check_outcome(document)
    check_outcome(document, names=["A", "B", "C", "D"])


@SOME
@given(data=st.data())
def test_a_valid_session_with_one_value_replaced_by_junk_gets_a_result(data: st.DataObject) -> None:
    document = data.draw(sessions(JONKLER, data.draw(st.integers(1, 8))))
    entry = data.draw(st.sampled_from(document["rounds"]))
    key = data.draw(st.sampled_from(sorted(entry)))
    values = entry[key]
    values[data.draw(st.integers(0, len(values) - 1))] = data.draw(json_values)
    check_outcome(document)
