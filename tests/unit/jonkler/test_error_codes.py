"""Every error code, at least once: a document that triggers it, where it points, and that its
English and Dutch messages name the players (or count seats from 1)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games.jonkler.rules import GAME
from games.jonkler.rules.messages import CATALOGUE, MESSAGES
from games.seam import RuleError

README = Path(__file__).resolve().parents[3] / "games" / "jonkler" / "rules" / "README.md"
NAMES = ["Anna", "Bram", "Cees", "Daan"]
FINE = [  # first dealer seat 0
    {"bids": [0, 1, 0, 1], "tricks": [0, 1, 0, 0]},
    {"bids": [1, 1, 0, 1], "tricks": [1, 1, 0, 0]},
]


def doc(*rounds: Any, **extra: Any) -> dict[str, Any]:
    return {"seats": 4, "first_dealer": 0, "rounds": list(rounds), **extra}


def with_round(number: int, entry: Any) -> dict[str, Any]:
    rounds: list[Any] = list(FINE)
    rounds[number - 1] = entry
    return doc(*rounds)


# code -> (document, names, expected round, expected field)
CASES: dict[str, tuple[Any, list[str] | None, int | None, str | None]] = {
    "document_type": ([1, 2], None, None, None),
    "unknown_field": (doc(players=4), None, None, "players"),
    "unknown_game": (doc(game="bonken"), None, None, "game"),
    "unknown_ruleset": (doc(ruleset="classic"), None, None, "ruleset"),
    "seats_range": (doc(seats=7), None, None, "seats"),
    "seats_mismatch": (doc(seats=3), NAMES, None, "seats"),
    "first_dealer_range": (doc(first_dealer=4), None, None, "first_dealer"),
    "rounds_type": (doc() | {"rounds": {"1": FINE[0]}}, None, None, "rounds"),
    "too_many_rounds": (doc(*[FINE[0]] * 9), None, 9, "rounds"),
    "round_type": (with_round(2, [1, 1, 0, 1]), None, 2, None),
    "counts_type": (with_round(2, {"bids": [1, 1, 0, 1], "tricks": "1100"}), None, 2, "tricks"),
    "wrong_length": (with_round(1, {"bids": [0, 1, 0], "tricks": [0, 1, 0, 0]}), None, 1, "bids"),
    "bid_range": (with_round(2, {"bids": [3, 1, 0, 1], "tricks": [1, 1, 0, 0]}), None, 2, "bids"),
    "hook_rule": (with_round(2, {"bids": [1, 0, 0, 1], "tricks": [1, 1, 0, 0]}), NAMES, 2, "bids"),
    "tricks_range": (
        with_round(1, {"bids": [0, 1, 0, 1], "tricks": [-1, 2, 0, 0]}),
        None,
        1,
        "tricks",
    ),
    "tricks_sum": (
        with_round(2, {"bids": [1, 1, 0, 1], "tricks": [1, 1, 1, 0]}),
        None,
        2,
        "tricks",
    ),
    "jonkled_range": (
        with_round(1, {"bids": [0, 1, 0, 1], "tricks": [0, 1, 0, 0], "jonkled": [0, 2, 0, 0]}),
        None,
        1,
        "jonkled",
    ),
    "too_many_errors": (
        doc(*[{"bids": [9] * 300, "tricks": [0, 0, 0, 0]}] * 8, seats=None),
        None,
        None,
        None,
    ),
}


def errors_of(document: Any, names: list[str] | None = None) -> list[RuleError]:
    result = GAME.score(document, names=names)
    assert result.valid is False and result.totals is None and result.parts() == []
    assert result.hint() == {} and result.placements is None
    return result.errors


def test_every_code_has_a_case_and_a_readme_line() -> None:
    assert set(CASES) == CATALOGUE.codes()
    table = README.read_text().split("## Error codes", 1)[1]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", table, re.MULTILINE))
    assert documented == CATALOGUE.codes()


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_code_is_reported_where_it_happens(code: str) -> None:
    document, names, number, field = CASES[code]
    found = [error for error in errors_of(document, names) if error.code == code]
    assert found, code
    assert (found[0].game, found[0].field) == (number, field)
    for error in found:
        assert error.message and error.message_nl and error.message != error.message_nl
        assert "{" not in error.message + error.message_nl


def test_messages_have_english_and_dutch_with_the_same_parameters() -> None:
    for key, (english, dutch) in MESSAGES.items():
        assert sorted(set(re.findall(r"{(\w+)}", english))) == sorted(
            set(re.findall(r"{(\w+)}", dutch))
        ), key
        assert "plaats" not in dutch, key  # a seat is a stoel


def test_every_problem_at_once() -> None:
    document = {
        "game": "jonkler",
        "seats": 4,
        "first_dealer": 1,
        "colour": "red",
        "rounds": [
            {"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]},  # hook: the dealer (1) bid 0
            {"bids": [1, 0, 3, 0], "tricks": [1, 0, 1, 1]},  # bid 3 > 2; tricks 3 != 2
            "pass",
            {"bids": [1, 2, 1], "tricks": [2, 1, 1, 0], "jonkled": [0, 0, 0, 1], "note": 1},
        ],
    }
    found = [(error.code, error.game, error.field) for error in errors_of(document)]
    assert found == [
        ("unknown_field", None, "colour"),
        ("hook_rule", 1, "bids"),
        ("bid_range", 2, "bids"),
        ("tricks_sum", 2, "tricks"),
        ("round_type", 3, None),
        ("unknown_field", 4, "note"),
        ("wrong_length", 4, "bids"),
        ("jonkled_range", 4, "jonkled"),
    ]


def test_messages_name_players_or_count_seats_from_one() -> None:
    document = with_round(2, {"bids": [1, 0, 0, 1], "tricks": [1, 1, 0, 0]})
    named = errors_of(document, NAMES)[0]
    assert named.message == (
        "Round 2: the bids add up to 2; the dealer, Bram, bid last and may not bid 0."
    )
    assert named.message_nl == (
        "Ronde 2: de biedingen tellen op tot 2; de deler, Bram, bood "
        "als laatste en mocht geen 0 bieden."
    )
    plain = errors_of(document)[0]
    assert "the dealer, seat 2," in plain.message and "de deler, stoel 2," in plain.message_nl
    bid = errors_of(with_round(1, {"bids": [0, 2, 0, 1], "tricks": [0, 1, 0, 0]}))[0]
    assert bid.message == "Round 1: seat 2 bid 2; in round 1 a bid is 0 to 1."
    assert bid.message_nl == "Ronde 1: stoel 2 bood 2; in ronde 1 is een bod 0 tot en met 1."
    took = errors_of(with_round(1, {"bids": [0, 1, 0, 1], "tricks": [0, 2, 0, 0]}), NAMES)[0]
    assert took.message == "Round 1: Bram took 2 tricks; in round 1 a player takes 0 to 1."
    assert took.message_nl == (
        "Ronde 1: Bram haalde 2 slagen; in ronde 1 haalt een speler er 0 tot en met 1."
    )
    tricks = errors_of(with_round(1, {"bids": [0, 1, 0, 1], "tricks": [0, 0, 0, 0]}))[0]
    assert tricks.message == "Round 1 has 1 trick; the tricks taken add up to 0."
    assert tricks.message_nl == "Ronde 1 telt 1 slag; de gehaalde slagen tellen op tot 0."


@pytest.mark.parametrize(
    ("entry", "variant"),
    [
        ({"bids": [0, 1, 0, 1], "tricks": [0, 1, 0, 0], "jonkled": [0, 1, 1, 0]}, "twice"),
        ({"bids": [0, 1, 0, 1], "tricks": [0, 1, 0, 0], "jonkled": [1, 0, 0, 0]}, "no_trick"),
        ({"bids": [0, 1, 0, 1], "tricks": [0, 1, 0, 0], "jonkled": [0, True, 0, 0]}, "type"),
    ],
)
def test_jonkled_one_joker_and_a_trick_won(entry: dict[str, Any], variant: str) -> None:
    errors = errors_of(with_round(1, entry), NAMES)
    assert [error.code for error in errors] == [
        "counts_type" if variant == "type" else "jonkled_range"
    ]
    if variant == "twice":
        assert "Bram and Cees" in errors[0].message and "Bram en Cees" in errors[0].message_nl
    if variant == "no_trick":
        assert "Anna" in errors[0].message


@pytest.mark.parametrize(
    ("document", "names", "codes"),
    [
        ({"rounds": []}, None, ["seats_range"]),  # no seats and no table
        ({"seats": "4"}, None, ["seats_range"]),
        ({"seats": True}, None, ["seats_range"]),
        ({"seats": 2}, ["A", "B"], ["seats_range"]),
        (
            {"seats": 9, "rounds": [{"bids": [0, 0, 0], "tricks": [0, 1, 0]}]},
            ["A", "B", "C"],
            ["seats_range"],
        ),
        ({"seats": 4, "first_dealer": -1}, None, ["first_dealer_range"]),
        ({"seats": 4, "first_dealer": 1.0}, None, ["first_dealer_range"]),
        (
            {"seats": 4, "ruleset": None, "game": None, "rounds": [{"tricks": [1, 0, 0, 0]}]},
            None,
            ["counts_type"],
        ),
        (
            {"seats": 4, "rounds": [{"bids": [0, 0, 0, 0.5], "tricks": [1, 0, 0, 0]}]},
            None,
            ["counts_type"],
        ),
        (
            {"seats": 4, "rounds": [{"bids": [0, 0, 0, 10**40], "tricks": [1, 0, 0, 0]}]},
            None,
            ["bid_range"],
        ),
        ({"seats": 4, "game": 4}, None, ["unknown_game"]),
        ({"seats": 4, "ruleset": ["jonkler"]}, None, ["unknown_ruleset"]),
        # The hook is checked even when the seats are unknown (the message cannot name the
        # dealer then).
        (
            {"seats": 0, "rounds": [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}]},
            None,
            ["seats_range", "hook_rule"],
        ),
    ],
)
def test_more_ways_to_go_wrong(document: Any, names: list[str] | None, codes: list[str]) -> None:
    assert [error.code for error in errors_of(document, names)] == codes


def test_a_ruleset_that_cannot_be_read_is_reported() -> None:
    errors = GAME.score(
        doc(), ruleset={"code": "x", "name": "X", "name_nl": "X", "rounds": 0}
    ).errors
    assert [error.code for error in errors] == ["unknown_ruleset"]
    assert "rounds" in errors[0].message and "rounds" in errors[0].message_nl
    assert GAME.score(doc(), ruleset="nope").errors[0].code == "unknown_ruleset"
    assert GAME.score(doc(), ruleset=3.5).errors[0].code == "unknown_ruleset"


def test_too_many_errors_are_capped() -> None:
    document, _, _, _ = CASES["too_many_errors"]
    errors = errors_of(document)
    assert len(errors) == 201 and errors[-1].code == "too_many_errors"
    assert "200" in errors[-1].message and "200" in errors[-1].message_nl
