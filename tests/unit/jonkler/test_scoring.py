"""Scoring Jonkler sessions: the worked example of GAMES.md, the outcome and the seam object."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.jonkler.rules import GAME, RULESETS, forbidden_bid, round_points, score_session
from games.seam import Game, Part, Stat

EXAMPLES = Path(__file__).resolve().parents[3] / "games" / "jonkler" / "rules" / "examples"
JONKLER = RULESETS["jonkler"]
NAMES = ["Anna", "Bram", "Cees", "Daan"]

# Rounds 1 and 2 lead up to the worked example: the first dealer is seat 2, so seat 0 deals
# round 3.
OPENING = [
    {"bids": [0, 0, 0, 0], "tricks": [0, 0, 1, 0]},  # dealer seat 2: total 0, not 1
    {"bids": [1, 0, 0, 0], "tricks": [1, 1, 0, 0]},  # dealer seat 3: total 1, not 2
]
EXAMPLE_ROUND = {"bids": [1, 0, 1, 0], "tricks": [1, 1, 1, 0]}


def session(
    *rounds: dict[str, Any], seats: int = 4, first_dealer: int = 2, **extra: Any
) -> dict[str, Any]:
    return {
        "game": "jonkler",
        "ruleset": "jonkler",
        "seats": seats,
        "first_dealer": first_dealer,
        "rounds": list(rounds),
        **extra,
    }


def test_the_worked_example_of_games_md() -> None:
    assert round_points(JONKLER, 3, [1, 0, 1, 0], [1, 1, 1, 0]) == [25, 1, 25, 15]
    assert forbidden_bid(3, [0, 1, 0]) == 2  # the dealer's 1 (total 2) is allowed
    result = GAME.score(session(*OPENING, EXAMPLE_ROUND))
    assert result.valid, result.errors
    third = result.to_dict()["rounds"][2]
    assert third["round"] == 3 and third["dealer"] == 0
    assert third["points"] == [25, 1, 25, 15]
    assert third["met"] == [True, False, True, True]
    assert result.parts()[2].points == [25, 1, 25, 15]
    # Rounds 1 and 2: [5, 5, 1, 5] and [20, 1, 10, 10].
    assert result.totals == [50, 7, 36, 30]
    assert third["totals"] == result.totals


def test_points_follow_the_formula_with_a_missed_bid_scoring_its_tricks() -> None:
    assert round_points(JONKLER, 8, [3, 2, 0, 2], [4, 2, 0, 2]) == [4, 60, 40, 60]
    assert round_points(JONKLER, 1, [0, 0, 0], [0, 1, 0]) == [5, 1, 5]


def test_forbidden_bid() -> None:
    assert forbidden_bid(1, [0, 0, 0]) == 1  # the seed's example: everyone else bid 0
    assert forbidden_bid(3, [1, 0, 1]) == 1
    assert forbidden_bid(2, [2, 1]) is None  # the total is past 2 whatever the dealer bids
    assert forbidden_bid(4, []) == 4


def test_partial_session_hints_at_the_next_round() -> None:
    result = GAME.score(session(*OPENING, EXAMPLE_ROUND))
    assert not result.complete and result.placements is None
    assert result.hint() == {
        "round": 4,
        "rounds": 8,
        "cards": 4,
        "dealer": 1,
        "bidding_order": [2, 3, 0, 1],
        "last_bidder": 1,
        "hook_rule": True,
        "hook_total": 4,
    }
    assert result.to_dict()["next"] == result.hint()


def test_a_session_not_yet_begun_starts_with_the_first_dealer() -> None:
    result = GAME.score({"seats": 5, "first_dealer": 4})
    assert result.valid and result.totals == [0] * 5 and result.parts() == []
    hint = result.hint()
    assert hint["round"] == 1 and hint["dealer"] == 4 and hint["bidding_order"] == [0, 1, 2, 3, 4]
    assert GAME.score({"seats": 3, "rounds": None}).hint()["dealer"] == 0


def test_complete_session_has_placements_and_no_hint() -> None:
    result = GAME.score(json.loads((EXAMPLES / "complete_4_seats.json").read_text()))
    assert result.valid and result.complete
    assert result.hint() == {} and result.to_dict()["next"] is None
    assert result.totals is not None and result.placements is not None
    ranked = sorted(result.totals, reverse=True)
    assert result.placements == [ranked.index(total) + 1 for total in result.totals]
    assert result.to_dict()["rounds"][2]["points"] == [25, 1, 25, 15]


def test_parts_one_per_round_with_the_dealer_as_actor() -> None:
    jonkled = {"bids": [0, 1, 1, 1], "tricks": [0, 1, 0, 1], "jonkled": [0, 1, 0, 0]}
    result = GAME.score(session(OPENING[0], jonkled))
    assert result.parts() == [
        Part(1, "round", 2, "", {"bids": [0, 0, 0, 0], "tricks": [0, 0, 1, 0]}, [5, 5, 1, 5]),
        Part(2, "round", 3, "", jonkled, [10, 20, 0, 20]),
    ]
    assert result.stats() == {"bids_met": [2, 2, 0, 2], "jonkled": [0, 1, 0, 0]}


def test_ties_share_the_better_place() -> None:
    rounds = [{"bids": [0, 0, 0], "tricks": [0, 0, 0]}]  # impossible: checked below
    assert not GAME.score(session(*rounds, seats=3)).valid
    short = GAME.ruleset_from_dict({"code": "one", "name": "One", "name_nl": "Een", "rounds": 1})
    result = GAME.score(
        {"seats": 3, "rounds": [{"bids": [0, 0, 0], "tricks": [1, 0, 0]}]}, ruleset=short
    )
    assert result.complete and result.totals == [1, 5, 5] and result.placements == [3, 1, 1]


def test_a_house_ruleset_changes_the_values_and_the_hook() -> None:
    house = GAME.ruleset_from_dict(json.loads((EXAMPLES / "house_short_ruleset.json").read_text()))
    document = json.loads((EXAMPLES / "house_short_session.json").read_text())
    result = GAME.score(document, ruleset=house)
    assert result.valid and result.complete and len(result.parts()) == 5
    assert result.parts()[0].points == [5, 5, 5, 10, 5, 5]  # 5R + 5B, hook off
    assert {error.code for error in GAME.score(document).errors} == {"unknown_ruleset"}
    built_in = GAME.score(document, ruleset="jonkler").errors  # round 1's bids add up to 1
    assert (built_in[0].code, built_in[0].game) == ("hook_rule", 1)
    as_dict = GAME.score(document, ruleset=GAME.ruleset_to_dict(house))
    assert as_dict.totals == result.totals


def test_the_game_object_satisfies_the_seam() -> None:
    assert isinstance(GAME, Game)
    assert registry.get_game("jonkler") is GAME
    assert (GAME.code, GAME.name, GAME.name_nl) == ("jonkler", "Jonkler", "Jonkler")
    assert GAME.table_sizes == (3, 4, 5, 6) and GAME.preferred_size == 4
    assert GAME.teams is None and not GAME.zero_sum and GAME.higher_is_better
    assert GAME.default_ruleset == "jonkler" and set(GAME.rulesets) == {"jonkler"}
    assert GAME.standings_order == ("total", "table_wins", "placement_points")
    assert all(isinstance(stat, Stat) for stat in GAME.stats)
    assert {stat.code for stat in GAME.stats} == {"bids_met", "jonkled"}
    assert GAME.document_schema["properties"]["seats"] == {
        "type": "integer",
        "minimum": 3,
        "maximum": 6,
    }
    result = registry.score_document(session(*OPENING))
    assert result.valid and result.totals == [25, 6, 11, 15]


def test_table_document_fills_in_the_ruleset_and_the_seat_count() -> None:
    document = {"first_dealer": 1, "rounds": []}
    stored = GAME.table_document(document, ruleset="jonkler", names=NAMES[:3])
    assert stored == {"first_dealer": 1, "rounds": [], "ruleset": "jonkler", "seats": 3}
    assert document == {"first_dealer": 1, "rounds": []}
    assert GAME.score(stored, names=NAMES[:3]).valid


def test_names_stand_in_for_seats_when_given() -> None:
    document = session({"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0]}, first_dealer=1)
    named = GAME.score(document, names=NAMES).errors
    assert [error.code for error in named] == ["hook_rule"]
    assert "Bram" in named[0].message and "Bram" in named[0].message_nl
    plain = GAME.score(document).errors[0]
    assert "seat 2" in plain.message and "stoel 2" in plain.message_nl


def test_without_seats_the_table_tells() -> None:
    assert GAME.score({"rounds": []}, names=NAMES).valid
    assert not GAME.score({"rounds": []}).valid


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda path: path.name)
def test_results_are_json(path: Path) -> None:
    document = json.loads(path.read_text())
    result = score_session(document)
    assert json.loads(json.dumps(result.to_dict())) == result.to_dict()
