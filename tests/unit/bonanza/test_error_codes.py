"""Every error code, at least once: a document that triggers it, where it points, and both
messages; and every problem of a document at once."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games.bonanza.rules import GAME
from games.bonanza.rules.messages import MESSAGES

README = Path(__file__).resolve().parents[3] / "games" / "bonanza" / "rules" / "README.md"


def hand(out: int = 2, cards: Any = None, **extra: Any) -> dict[str, Any]:
    return {"out": {"seat": out, "cards_left": [3, 5, 0] if cards is None else cards}, **extra}


def doc(*hands: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A 3-seat session, dealer of hand 1 seat 0, with ``hands`` and the keys in ``extra``."""
    return {
        "game": "bonanza",
        "ruleset": "bonanza",
        "seats": 3,
        "first_dealer": 0,
        "hands": list(hands) or [hand()],
        **extra,
    }


THREE = ["Anna", "Bram", "Cees"]

# code -> (document, names, expected game, expected field)
CASES: dict[str, tuple[Any, list[str] | None, int | None, str | None]] = {
    "document_type": ([1, 2], None, None, None),
    "unknown_field": (doc(players=3), None, None, "players"),
    "unknown_game": (doc(game="bonken"), None, None, "game"),
    "unknown_ruleset": (doc(ruleset="poch"), None, None, "ruleset"),
    "seats_range": (doc(seats=10), None, None, "seats"),
    "seats_mismatch": (doc(), ["Anna", "Bram"], None, "seats"),
    "first_dealer_range": (doc(first_dealer=3), None, None, "first_dealer"),
    "hands_type": (doc(hands={"1": hand()}), None, None, "hands"),
    "hand_type": (doc(hand(), "seat 2 out"), None, 2, None),
    "widow_type": (doc(hand(widow=True)), None, 1, "widow"),
    "widow_buyer": (doc(hand(widow={"buyer": 3, "price": 2})), None, 1, "widow.buyer"),
    "widow_buyer_dealer": (
        doc(hand(), hand(widow={"buyer": 1, "price": 2})),
        None,
        2,
        "widow.buyer",
    ),
    "widow_price": (doc(hand(widow={"buyer": 1, "price": 0})), None, 1, "widow.price"),
    "poker_type": (doc(hand(poker=[0, 1])), None, 1, "poker"),
    "poker_entrants": (
        doc(hand(poker={"entrants": [0, 1, 0], "winner": 1})),
        None,
        1,
        "poker.entrants[2]",
    ),
    "poker_winner": (doc(hand(poker={"entrants": [0, 1], "winner": 2})), None, 1, "poker.winner"),
    "sections_type": (doc(hand(sections=["joker"])), None, 1, "sections"),
    "unknown_section": (doc(hand(sections={"queen_spades": 1})), None, 1, "sections.queen_spades"),
    "section_winner": (doc(hand(sections={"jd_qs": 3})), None, 1, "sections.jd_qs"),
    "out_type": (doc({"widow": None}), None, 1, "out"),
    "out_seat": (doc(hand(out=5)), None, 1, "out.seat"),
    "cards_length": (doc(hand(cards=[3, 0])), None, 1, "out.cards_left"),
    "out_cards": (doc(hand(cards=[3, 5, 1])), None, 1, "out.cards_left[2]"),
    "end_type": (doc(end="split"), None, None, "end"),
    "leftover_rule": (doc(end={"leftover": "winner"}), None, None, "end.leftover"),
    "end_without_hands": (
        {"seats": 3, "hands": [], "end": {"leftover": "split"}},
        None,
        None,
        "end",
    ),
    "too_many_errors": (doc(*[hand(out=7) for _ in range(250)]), None, None, None),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_code(code: str) -> None:
    document, names, number, field = CASES[code]
    outcome = GAME.score(document, names=names)
    assert not outcome.valid and outcome.totals is None
    found = [error for error in outcome.errors if error.code == code]
    assert found, [error.code for error in outcome.errors]
    error = found[0]
    if code == "too_many_errors":
        assert len(outcome.errors) == 201 and outcome.errors[-1] is error
    else:
        assert [e.code for e in outcome.errors] == [code]
        assert (error.game, error.field) == (number, field)
    assert error.message and error.message_nl and error.message != error.message_nl
    assert "{" not in error.message + error.message_nl
    assert outcome.to_dict()["errors"][outcome.errors.index(error)] == {
        "code": code,
        "message": error.message,
        "message_nl": error.message_nl,
        "game": error.game,
        "field": error.field,
    }


# Second wordings of a code: code -> (document, names, field, words in English, in Dutch)
VARIANTS: list[tuple[str, Any, list[str] | None, str, str, str]] = [
    ("seats_range", {"hands": []}, None, "seats", "missing", "ontbreekt"),
    ("seats_range", {"hands": []}, ["Anna"], "seats", "not 1", "niet met 1"),
    ("seats_range", doc(seats="3"), None, "seats", '"3"', '"3"'),
    (
        "poker_entrants",
        doc(hand(poker={"entrants": "0,1", "winner": 1})),
        None,
        "poker.entrants",
        "list",
        "lijst",
    ),
    (
        "poker_entrants",
        doc(hand(poker={"entrants": [0, 9], "winner": 0})),
        None,
        "poker.entrants[1]",
        "9 is not a seat",
        "9 is geen stoel",
    ),
    (
        "poker_winner",
        doc(hand(poker={"entrants": [0, 1]})),
        None,
        "poker.winner",
        "missing",
        "ontbreekt",
    ),
    (
        "poker_winner",
        doc(hand(poker={"entrants": [], "winner": 1})),
        None,
        "poker.winner",
        "Nobody played poker",
        "Niemand pokerde",
    ),
    (
        "poker_winner",
        doc(hand(poker={"entrants": [0, 1], "winner": 2})),
        THREE,
        "poker.winner",
        "(Anna and Bram), not Cees",
        "(Anna en Bram), niet Cees",
    ),
    (
        "unknown_section",
        doc(hand(sections={"bonanza": 1})),
        None,
        "sections.bonanza",
        "out.seat",
        "out.seat",
    ),
    (
        "unknown_section",
        doc(hand(sections={"poker": 1})),
        None,
        "sections.poker",
        "poker.winner",
        "poker.winner",
    ),
    ("out_seat", doc(hand(out=None)), None, "out.seat", "missing", "ontbreekt"),
    (
        "out_cards",
        doc(hand(cards=[53, 5, 0])),
        None,
        "out.cards_left[0]",
        "of seat 1 must be a whole number from 0 to 52, not 53",
        "van stoel 1 moet een geheel getal van 0 tot en met 52 zijn, niet 53",
    ),
    ("out_cards", doc(hand(cards=[-1, 5, 0])), THREE, "out.cards_left[0]", "of Anna", "van Anna"),
    ("out_cards", doc(hand(cards=[1, 5, 1.0])), None, "out.cards_left[2]", "(seat 3)", "(stoel 3)"),
    (
        "cards_length",
        doc(hand(cards="3,5,0")),
        None,
        "out.cards_left",
        "3 whole numbers",
        "3 gehele getallen",
    ),
    (
        "cards_length",
        doc(hand(cards={"a": 1}), seats=None),
        None,
        "out.cards_left",
        "list of whole numbers",
        "lijst van gehele getallen",
    ),
    (
        "widow_buyer_dealer",
        doc(hand(widow={"buyer": 0, "price": 1})),
        THREE,
        "widow.buyer",
        "The dealer (Anna)",
        "De deler (Anna)",
    ),
    (
        "widow_price",
        doc(hand(widow={"buyer": 1, "price": True})),
        None,
        "widow.price",
        "not true",
        "niet true",
    ),
    (
        "unknown_field",
        doc(hand(widow={"buyer": 1, "price": 1, "paid": 1})),
        None,
        "widow.paid",
        "widow.paid",
        "widow.paid",
    ),
    (
        "unknown_field",
        doc(hand(poker={"entrants": [], "pot": 4})),
        None,
        "poker.pot",
        "poker.pot",
        "poker.pot",
    ),
    ("unknown_field", doc(hand(cards=[1, 1, 0], extra=1)), None, "extra", "extra", "extra"),
    (
        "unknown_field",
        doc(end={"leftover": "split", "when": 1}),
        None,
        "end.when",
        "end.when",
        "end.when",
    ),
    (
        "unknown_field",
        doc({"out": {"seat": 2, "cards_left": [1, 1, 0], "cards": 1}}),
        None,
        "out.cards",
        "out.cards",
        "out.cards",
    ),
    (
        "unknown_ruleset",
        doc(),
        None,
        "ruleset",
        "known rulesets: bonanza",
        "bekende spelregels: bonanza",
    ),
]


@pytest.mark.parametrize(("code", "document", "names", "field", "english", "dutch"), VARIANTS)
def test_variants(
    code: str, document: Any, names: list[str] | None, field: str, english: str, dutch: str
) -> None:
    ruleset = object() if document == doc() and code == "unknown_ruleset" else None
    outcome = GAME.score(document, names=names, ruleset=ruleset)
    found = [e for e in outcome.errors if (e.code, e.field) == (code, field)]
    assert len(found) == 1, outcome.errors
    if not (code == "cards_length" and document["seats"] is None):
        assert len(outcome.errors) == 1, outcome.errors
    error = found[0]
    assert english in error.message and dutch in error.message_nl, error


def test_every_code_is_covered_and_documented() -> None:
    codes = {key.split("/")[0] for key in MESSAGES}
    assert codes == set(CASES)
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", README.read_text(), flags=re.MULTILINE))
    assert codes <= documented


def test_the_codes_the_design_names_exist() -> None:
    named = {
        "document_type",
        "unknown_field",
        "unknown_game",
        "unknown_ruleset",
        "seats_range",
        "seats_mismatch",
        "first_dealer_range",
        "hand_type",
        "unknown_section",
        "section_winner",
        "poker_winner",
        "poker_entrants",
        "widow_buyer_dealer",
        "widow_price",
        "out_seat",
        "out_cards",
        "cards_length",
        "leftover_rule",
        "end_without_hands",
    }
    assert named <= set(CASES)


def test_all_problems_are_reported_at_once() -> None:
    document = {
        "game": "bonanza",
        "ruleset": "bonanza",
        "seats": 3,
        "first_dealer": 0,
        "colour": 1,
        "hands": [
            hand(widow={"buyer": 0, "price": -1}, sections={"joker": 3}),
            5,
            hand(out=1, cards=[2, 1, 2], poker={"entrants": [1], "winner": 0}),
        ],
        "end": {"leftover": "all"},
    }
    outcome = GAME.score(document)
    assert [(e.code, e.game, e.field) for e in outcome.errors] == [
        ("unknown_field", None, "colour"),
        ("widow_buyer_dealer", 1, "widow.buyer"),
        ("widow_price", 1, "widow.price"),
        ("section_winner", 1, "sections.joker"),
        ("hand_type", 2, None),
        ("poker_winner", 3, "poker.winner"),
        ("out_cards", 3, "out.cards_left[1]"),
        ("leftover_rule", None, "end.leftover"),
    ]


def test_seats_and_table_size_both_wrong() -> None:
    errors = GAME.score({"seats": 0, "hands": []}, names=["A"] * 10).errors
    assert [(e.code, e.field) for e in errors] == [("seats_range", "seats")] * 2


def test_without_a_table_size_a_seat_beyond_the_cards_is_no_crash() -> None:
    document = doc(hand(out=8, cards=[1, 2]), seats=None)
    assert [(e.code, e.field) for e in GAME.score(document).errors] == [("seats_range", "seats")]
    document = doc(hand(out=1, cards=[1, 2]), seats=None)
    assert [(e.code, e.field) for e in GAME.score(document).errors] == [
        ("seats_range", "seats"),
        ("out_cards", "out.cards_left[1]"),
    ]


def test_seat_numbers_are_checked_against_the_table_when_seats_is_wrong() -> None:
    document = doc(hand(out=2, cards=[0, 0, 0]), seats=12)
    errors = GAME.score(document, names=["A", "B"]).errors
    assert [(e.code, e.field) for e in errors] == [
        ("seats_range", "seats"),
        ("out_seat", "out.seat"),
        ("cards_length", "out.cards_left"),
    ]
