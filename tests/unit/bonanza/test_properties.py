"""Properties of the ledger over random valid sessions, and of the checks over junk."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bonanza.rules import GAME, RULESETS, Ruleset
from games.bonanza.rules.sample import random_session
from games.seam import placements
from tests.unit.bonanza.strategies import json_values, near_documents, sessions

SOME = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def score(ruleset: Ruleset, document: Any, **options: Any) -> Any:
    if ruleset.code in RULESETS:
        return GAME.score(document, **options)
    return GAME.score(document, ruleset=ruleset, **options)


@SOME
@given(case=sessions())
def test_random_valid_sessions_validate(case: tuple[Ruleset, dict[str, Any]]) -> None:
    ruleset, document = case
    outcome = score(ruleset, document)
    assert outcome.valid, outcome.errors
    assert outcome.complete == (document.get("end") is not None)
    assert len(outcome.totals) == document["seats"]
    json.dumps(outcome.to_dict())


@SOME
@given(case=sessions())
def test_every_hand_is_zero_sum_with_the_board(case: tuple[Ruleset, dict[str, Any]]) -> None:
    ruleset, document = case
    result = score(ruleset, document).to_dict()
    seats = document["seats"]
    board = 0
    for played in result["hands"]:
        assert sum(played["nets"]) + played["board_change"] == 0
        assert played["board_total"] == board + played["board_change"]
        assert played["board_total"] == sum(played["board"].values())
        assert all(chips >= 0 for chips in played["board"].values())
        # Sections hold whole antes of every seat (stakes are always taken in their hand).
        assert all(chips % (seats * ruleset.ante) == 0 for chips in played["board"].values())
        assert played["board"]["bonanza"] == 0
        board = played["board_total"]


@SOME
@given(case=sessions(ended=True))
def test_an_ended_session_sums_to_zero(case: tuple[Ruleset, dict[str, Any]]) -> None:
    ruleset, document = case
    outcome = score(ruleset, document)
    result = outcome.to_dict()
    assert outcome.complete and sum(outcome.totals) == 0
    assert result["end"]["chips"] == result["hands"][-1]["board_total"]
    assert sum(result["end"]["shares"]) == result["end"]["chips"]
    assert set(result["board"].values()) == {0}
    assert outcome.placements == placements(outcome.totals)
    assert outcome.hint() == {}
    nets = [sum(part.points[seat] for part in outcome.parts()) for seat in range(document["seats"])]
    assert [n + s for n, s in zip(nets, result["end"]["shares"], strict=True)] == outcome.totals


@SOME
@given(case=sessions(ended=False))
def test_an_open_session_keeps_its_board(case: tuple[Ruleset, dict[str, Any]]) -> None:
    ruleset, document = case
    outcome = score(ruleset, document)
    result = outcome.to_dict()
    board = sum(result["board"].values())
    assert not outcome.complete and outcome.placements is None
    assert sum(outcome.totals) + board == 0
    assert outcome.totals == [
        sum(part.points[seat] for part in outcome.parts()) for seat in range(document["seats"])
    ]
    hands = len(document["hands"])
    assert outcome.hint() == {
        "next_hand": hands + 1,
        "dealer": (document["first_dealer"] + hands) % document["seats"],
    }
    assert sum(outcome.stats()["outs"]) == hands


@SOME
@given(case=sessions(ended=False), cut=st.integers(0, 12))
def test_a_hand_never_changes_the_hands_before_it(
    case: tuple[Ruleset, dict[str, Any]], cut: int
) -> None:
    ruleset, document = case
    shorter = {**document, "hands": document["hands"][:cut]}
    full = score(ruleset, document)
    part = score(ruleset, shorter)
    assert full.parts()[:cut] == part.parts()
    assert full.to_dict()["hands"][:cut] == part.to_dict()["hands"]


@SOME
@given(case=sessions(), names=st.booleans())
def test_table_document_keeps_a_valid_session_valid(
    case: tuple[Ruleset, dict[str, Any]], names: bool
) -> None:
    ruleset, document = case
    table = [f"P{seat}" for seat in range(document["seats"])]
    stored = GAME.table_document(document, ruleset=ruleset.code, names=table)
    assert stored["seats"] == len(table) and stored["ruleset"] == ruleset.code
    assert score(ruleset, stored, names=table).valid


def mutate(document: dict[str, Any], kind: str, rng: random.Random) -> str:
    """Break ``document`` in one way; the code that must then be reported."""
    seats = document["seats"]
    number = rng.randrange(len(document["hands"]))
    played = document["hands"][number]
    dealer = (document["first_dealer"] + number) % seats
    if kind == "widow_buyer_dealer":
        played["widow"] = {"buyer": dealer, "price": 1}
    elif kind == "widow_price":
        played["widow"] = {"buyer": (dealer + 1) % seats, "price": rng.choice([0, -3, 1.5])}
    elif kind == "out_cards":
        cards = played["out"]["cards_left"]
        cards[played["out"]["seat"]] = rng.randint(1, 13)
    elif kind == "cards_length":
        played["out"]["cards_left"].append(0)
    elif kind == "section_winner":
        played.setdefault("sections", {})
        played["sections"] = {**(played["sections"] or {}), "sequence": seats}
    elif kind == "poker_winner":
        entrants = sorted(rng.sample(range(seats), rng.randint(1, seats - 1)))
        outside = [seat for seat in range(seats) if seat not in entrants]
        played["poker"] = {"entrants": entrants, "winner": rng.choice(outside)}
    elif kind == "unknown_section":
        played["sections"] = {rng.choice(["poker", "bonanza", "Joker", "queen"]): 0}
    elif kind == "out_seat":
        played["out"]["seat"] = seats
    return kind


KINDS = [
    "widow_buyer_dealer",
    "widow_price",
    "out_cards",
    "cards_length",
    "section_winner",
    "poker_winner",
    "unknown_section",
    "out_seat",
]


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=30, deadline=None)
@given(case=sessions(ended=True), seed=st.integers(0, 2**32))
def test_one_slip_gives_its_code(
    kind: str, case: tuple[Ruleset, dict[str, Any]], seed: int
) -> None:
    ruleset, document = case
    broken = copy.deepcopy(document)
    code = mutate(broken, kind, random.Random(seed))
    outcome = score(ruleset, broken)
    assert not outcome.valid
    assert code in {error.code for error in outcome.errors}


@settings(max_examples=300, deadline=None)
@given(document=json_values, names=st.none() | st.lists(st.text(max_size=3), max_size=10))
def test_any_json_value_gets_a_result(document: Any, names: list[str] | None) -> None:
    outcome = GAME.score(document, names=names)
    json.dumps(outcome.to_dict())
    assert outcome.valid or outcome.errors


@settings(
    max_examples=800,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    document=near_documents,
    names=st.none() | st.lists(st.sampled_from(["Anna", "Bram", "Cees"]), max_size=10),
)
def test_near_valid_documents_get_a_result(document: Any, names: list[str] | None) -> None:
    outcome = GAME.score(document, names=names)
    json.dumps(outcome.to_dict())
    assert outcome.valid or outcome.errors
    if outcome.valid:
        assert outcome.totals is not None
        assert len(outcome.parts()) == len(document.get("hands") or [])
    for error in outcome.errors:
        assert error.message and error.message_nl


@SOME
@given(case=sessions(), data=st.data())
def test_any_field_replaced_by_any_json_gets_a_result(
    case: tuple[Ruleset, dict[str, Any]], data: st.DataObject
) -> None:
    _, document = case
    target: Any = document
    while True:
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        if isinstance(target[key], dict | list) and target[key] and data.draw(st.booleans()):
            target = target[key]
            continue
        target[key] = data.draw(json_values)
        break
    outcome = GAME.score(document)
    json.dumps(outcome.to_dict())
    outcome.parts()
    outcome.hint()
    for error in outcome.errors:
        assert error.message and error.message_nl


@pytest.mark.parametrize("seats", range(2, 10))
def test_sample_sessions_are_valid_and_complete(seats: int) -> None:
    rng = random.Random(seats)
    for _ in range(50):
        document = random_session(rng, seats=seats, ruleset=RULESETS["bonanza"])
        outcome = GAME.score(document)
        assert outcome.valid and outcome.complete, outcome.errors
        assert sum(outcome.totals) == 0
    for hands in range(4):
        open_ = random_session(
            rng, seats=seats, ruleset=RULESETS["bonanza"], hands=hands, ended=False
        )
        assert GAME.score(open_).hint()["next_hand"] == hands + 1
