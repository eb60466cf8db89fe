"""The chip ledger: the worked example of GAMES.md, each rule of a hand, the end of a session,
and what the seam's outcome gives the service (parts, hint, stats, placements)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.bonanza.rules import GAME, SECTIONS, ruleset_from_dict, settle
from games.seam import Game, Outcome, Part

EXAMPLES = Path(__file__).resolve().parents[3] / "games" / "bonanza" / "rules" / "examples"


def example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text())
    return data


def hand(out: int, cards: list[int], **extra: Any) -> dict[str, Any]:
    return {"out": {"seat": out, "cards_left": cards}, **extra}


def session(seats: int, *hands: dict[str, Any], end: Any = None, **extra: Any) -> dict[str, Any]:
    return {
        "game": "bonanza",
        "ruleset": "bonanza",
        "seats": seats,
        "first_dealer": 0,
        "hands": list(hands),
        "end": end,
        **extra,
    }


def test_the_worked_example() -> None:
    outcome = GAME.score(example("worked_example"))
    assert outcome.valid and not outcome.complete
    assert outcome.totals == [-15, -10, 4]
    result = outcome.to_dict()
    played = result["hands"][0]
    assert played["nets"] == [-15, -10, 4]
    assert played["board_total"] == 21 and played["board_change"] == 21
    assert played["board"] == {
        code: 0 if code in ("joker", "poker", "bonanza") else 3 for code in SECTIONS
    }
    assert result["board"] == played["board"]
    assert result["end"] is None and outcome.placements is None
    assert outcome.hint() == {"next_hand": 2, "dealer": 1}


def test_the_worked_example_ended_with_split() -> None:
    outcome = GAME.score(example("worked_example_ended"))
    assert outcome.valid and outcome.complete
    assert outcome.totals == [-8, -3, 11]
    assert sum(outcome.totals) == 0
    assert outcome.placements == [3, 2, 1]
    result = outcome.to_dict()
    assert result["end"] == {"leftover": "split", "chips": 21, "shares": [7, 7, 7]}
    assert set(result["board"].values()) == {0}
    assert outcome.hint() == {} and result["next"] is None


def test_last_winner_takes_the_whole_board() -> None:
    document = example("worked_example")
    document["end"] = {"leftover": "last_winner"}
    assert GAME.score(document).totals == [-15, -10, 25]


def test_the_rulesets_leftover_rule_applies_when_end_names_none() -> None:
    document = example("worked_example")
    document["end"] = {}
    assert GAME.score(document).totals == [-8, -3, 11]
    house = ruleset_from_dict({"code": "h", "name": "H", "name_nl": "H", "leftover": "last_winner"})
    assert GAME.score(document, ruleset=house).totals == [-15, -10, 25]


def test_split_shares_the_board_equally() -> None:
    # 2 seats. Hand 1: 20 chips on, seat 1 out takes the bonanza's 2: 18 stay.
    # Hand 2: 20 more; seat 1 takes the joker's 4 and seat 0 (out) the bonanza's 2: 32 stay.
    document = session(
        2, hand(1, [0, 0]), hand(0, [0, 0], sections={"joker": 1}), end={"leftover": "split"}
    )
    result = GAME.score(document).to_dict()
    assert [h["board_total"] for h in result["hands"]] == [18, 32]
    assert result["end"] == {"leftover": "split", "chips": 32, "shares": [16, 16]}
    assert result["totals"] == [-10 - 10 + 2 + 16, -10 + 2 - 10 + 4 + 16]


def test_the_remainder_of_a_split_goes_to_the_last_player_out() -> None:
    assert settle(23, 3, "split", 1) == [7, 9, 7]
    assert settle(23, 3, "last_winner", 1) == [0, 23, 0]
    assert settle(0, 4, "split", 3) == [0, 0, 0, 0]
    # The board only ever holds whole antes of every seat, so a real split divides evenly.
    document = session(
        3,
        hand(2, [1, 1, 0], sections={"joker": 1}),
        hand(1, [2, 0, 4], poker={"entrants": [0], "winner": 0}),
        end={"leftover": "split"},
    )
    result = GAME.score(document).to_dict()
    assert result["end"]["chips"] % 3 == 0 and sum(result["totals"]) == 0


def test_a_sold_widow_moves_the_price_from_the_buyer_to_the_dealer() -> None:
    plain = GAME.score(session(3, hand(2, [0, 0, 0]))).totals
    sold = GAME.score(session(3, hand(2, [0, 0, 0], widow={"buyer": 1, "price": 4}))).totals
    assert plain is not None and sold is not None
    assert [s - p for s, p in zip(sold, plain, strict=True)] == [4, -4, 0]


def test_poker_without_entrants_carries_over_to_the_next_winner() -> None:
    document = session(
        3, hand(0, [0, 0, 0]), hand(0, [0, 0, 0], poker={"entrants": [1, 2], "winner": 2})
    )
    result = GAME.score(document).to_dict()
    assert result["hands"][0]["board"]["poker"] == 3
    # hand 2: 3 carried + 3 antes + 2 x 2 stakes
    assert result["hands"][1]["board"]["poker"] == 0
    assert result["hands"][1]["nets"][2] == -10 - 2 + 10
    assert result["hands"][1]["nets"][1] == -10 - 2


def test_a_single_entrant_takes_the_poker_section_alone() -> None:
    outcome = GAME.score(session(2, hand(0, [0, 0], poker={"entrants": [1], "winner": 1})))
    assert outcome.to_dict()["hands"][0]["nets"][1] == -10 - 2 + (2 + 2)


def test_sections_carry_over_until_someone_shows_them() -> None:
    document = session(
        4,
        hand(0, [0, 0, 0, 0]),
        hand(0, [0, 0, 0, 0]),
        hand(0, [0, 0, 0, 0], sections={"ace_spades": 3, "joker": 3}),
    )
    result = GAME.score(document).to_dict()
    assert [h["board"]["ace_spades"] for h in result["hands"]] == [4, 8, 0]
    assert result["hands"][2]["nets"][3] == -10 + 12 + 12


def test_going_out_collects_a_chip_per_card_left() -> None:
    result = GAME.score(session(4, hand(1, [3, 0, 7, 2]))).to_dict()
    assert result["hands"][0]["nets"] == [-13, -10 + 4 + 12, -17, -12]


def test_the_ante_and_stake_come_from_the_ruleset() -> None:
    house = ruleset_from_dict(
        {"code": "h", "name": "H", "name_nl": "H", "ante": 2, "poker_stake": 5}
    )
    outcome = GAME.score(example("worked_example"), ruleset=house)
    # antes -20; poker 6 + 10 = 16 to seat 1; joker 6 to seat 2; bonanza 6 + 8 to seat 2
    assert outcome.totals == [-20 - 5 - 3, -20 - 5 + 16 - 5, -20 + 6 + 6 + 8]
    assert outcome.to_dict()["ruleset"] == "h"


def test_the_deal_passes_to_the_next_seat() -> None:
    document = session(4, *[hand(0, [0, 1, 1, 1]) for _ in range(3)], first_dealer=2)
    outcome = GAME.score(document)
    assert [part.actor for part in outcome.parts()] == [2, 3, 0]
    assert outcome.hint() == {"next_hand": 4, "dealer": 1}


def test_an_empty_session_is_valid_and_not_complete() -> None:
    outcome = GAME.score({"seats": 5})
    assert outcome.valid and not outcome.complete and outcome.totals == [0] * 5
    assert outcome.hint() == {"next_hand": 1, "dealer": 0}
    assert outcome.parts() == [] and outcome.stats() == {"outs": [0] * 5}
    assert GAME.score({}, names=["A", "B", "C"]).totals == [0, 0, 0]


def test_parts_are_the_hands_as_recorded_with_their_nets() -> None:
    document = example("six_seats")
    outcome = GAME.score(document)
    parts = outcome.parts()
    assert len(parts) == len(document["hands"])
    for number, (part, raw) in enumerate(zip(parts, document["hands"], strict=True), start=1):
        assert isinstance(part, Part)
        assert (part.number, part.kind, part.level) == (number, "hand", "")
        assert part.actor == (document["first_dealer"] + number - 1) % 6
        assert part.data == raw
        assert part.points == outcome.to_dict()["hands"][number - 1]["nets"]
    shares = outcome.to_dict()["end"]["shares"]
    assert outcome.totals == [sum(p.points[s] for p in parts) + shares[s] for s in range(6)]
    json.dumps([part.data for part in parts])


def test_outs_count_the_hands_each_seat_went_out_first() -> None:
    document = session(3, hand(0, [0, 1, 1]), hand(2, [1, 1, 0]), hand(0, [0, 2, 2]))
    assert GAME.score(document).stats() == {"outs": [2, 0, 1]}


def test_placements_share_ties() -> None:
    document = session(2, hand(0, [0, 0]), hand(1, [0, 0]), end={"leftover": "split"})
    outcome = GAME.score(document)
    assert outcome.totals == [0, 0] and outcome.placements == [1, 1]


def test_names_are_used_in_messages() -> None:
    document = session(3, hand(2, [0, 0, 0], widow={"buyer": 0, "price": 1}))
    error = GAME.score(document, names=["Anna", "Bram", "Cees"]).errors[0]
    assert error.code == "widow_buyer_dealer"
    assert "Anna" in error.message and "Anna" in error.message_nl
    plain = GAME.score(document).errors[0]
    assert "seat 1" in plain.message and "stoel 1" in plain.message_nl


def test_the_seam() -> None:
    assert isinstance(GAME, Game)
    assert registry.get_game("bonanza") is GAME
    assert GAME.table_sizes == (2, 3, 4, 5, 6, 7, 8, 9) and GAME.preferred_size == 5
    assert GAME.teams is None and GAME.zero_sum and GAME.higher_is_better
    assert GAME.default_ruleset == "bonanza" and set(GAME.rulesets) == {"bonanza"}
    assert [stat.code for stat in GAME.stats] == ["outs"]
    assert GAME.standings_order == ("total", "table_wins", "placement_points")
    assert isinstance(GAME.score(example("six_seats")), Outcome)
    outcome = registry.score_document(example("worked_example"))
    assert outcome.valid and outcome.totals == [-15, -10, 4]


def test_the_document_schema_accepts_the_examples() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(dict(GAME.document_schema))
    for name in ("worked_example", "worked_example_ended", "six_seats"):
        validator.validate(example(name))
    assert not validator.is_valid(example("invalid"))


def test_table_document_fills_in_the_table() -> None:
    document = {"hands": [hand(1, [2, 0])]}
    stored = GAME.table_document(document, ruleset="bonanza", names=["Anna", "Bram"])
    assert stored == {
        "game": "bonanza",
        "ruleset": "bonanza",
        "seats": 2,
        "hands": document["hands"],
    }
    assert document == {"hands": [hand(1, [2, 0])]}  # the caller's document is left alone
    assert GAME.score(stored, names=["Anna", "Bram"]).valid


def test_scoring_leaves_the_document_alone() -> None:
    document = example("six_seats")
    before = copy.deepcopy(document)
    outcome = GAME.score(document)
    assert document == before
    outcome.parts()[0].data["widow"] = "changed"
    assert document == before


def test_the_invalid_example_reports_every_problem() -> None:
    outcome = GAME.score(example("invalid"))
    assert not outcome.valid and outcome.totals is None and outcome.placements is None
    assert outcome.parts() == [] and outcome.hint() == {}
    assert [(e.code, e.game, e.field) for e in outcome.errors] == [
        ("widow_buyer_dealer", 1, "widow.buyer"),
        ("poker_entrants", 1, "poker.entrants[2]"),
        ("poker_winner", 1, "poker.winner"),
        ("section_winner", 1, "sections.joker"),
        ("unknown_section", 1, "sections.poker"),
        ("unknown_section", 1, "sections.ace_spade"),
        ("cards_length", 1, "out.cards_left"),
        ("widow_price", 2, "widow.price"),
        ("out_cards", 2, "out.cards_left[0]"),
        ("out_cards", 2, "out.cards_left[2]"),
        ("leftover_rule", None, "end.leftover"),
    ]
