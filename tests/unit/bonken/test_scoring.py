"""Scoring and session behaviour of the rules engine, including the worked examples of seed 000."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.bonken.rules import RULESETS, get_ruleset, score_session
from games.bonken.rules.results import placements

EXAMPLES = Path(__file__).resolve().parents[3] / "games" / "bonken" / "rules" / "examples"


def codes(document: object, **kwargs: object) -> list[str]:
    return [error.code for error in score_session(document, **kwargs).errors]


def test_worked_example_points_of_hearts() -> None:
    # Seed 000: C deals, A chooses Points of Hearts, B zaals, D doubles C, A goes back on B.
    game = {
        "contract": "hearts",
        "chooser": 0,
        "counts": [3, 4, 5, 1],
        "doubles": [[1, 0], [1, 2], [1, 3], [3, 2], [0, 1]],
    }
    result = score_session({"ruleset": "classic", "games": [game]})
    assert result.valid, result.errors
    assert result.games[0].base == [-30, -40, -50, -10]
    assert result.games[0].points == [-10, -80, -100, 60]
    assert sum(result.games[0].points) == -130


def test_worked_example_spades_trumps() -> None:
    # Seed 000: B chooses Trumps of Spades, C ruitenwisses, D zaals, A doubles B, B goes back.
    game = {
        "contract": "trumps_spades",
        "chooser": 1,
        "counts": [2, 4, 2, 5],
        "doubles": [[2, 0], [2, 3], [3, 0], [3, 1], [3, 2], [0, 1], [1, 0]],
    }
    result = score_session({"ruleset": "classic", "games": [game]})
    assert result.valid, result.errors
    assert result.games[0].points == [-100, 140, -80, 300]
    assert sum(result.games[0].points) == 260


def test_result_document_shape() -> None:
    result = score_session(json.loads((EXAMPLES / "classic_complete.json").read_text()))
    data = result.to_dict()
    assert list(data) == [
        "valid",
        "ruleset",
        "games",
        "totals",
        "complete",
        "next_chooser",
        "available_contracts",
        "placements",
    ]
    assert data["valid"] and data["complete"] and data["ruleset"] == "classic"
    assert list(data["games"][0]) == [
        "number",
        "contract",
        "chooser",
        "level",
        "base",
        "points",
        "doubles",
    ]
    assert data["games"][0]["points"] == [-10, -80, -100, 60]
    assert data["games"][1]["points"] == [-100, 140, -80, 300]
    assert sum(data["totals"]) == 0
    assert data["next_chooser"] is None and data["available_contracts"] == []
    assert json.loads(json.dumps(data)) == data


def test_examples_validate_as_named() -> None:
    complete = score_session(json.loads((EXAMPLES / "classic_complete.json").read_text()))
    eleven = score_session(json.loads((EXAMPLES / "eleven_complete.json").read_text()))
    partial = score_session(json.loads((EXAMPLES / "classic_partial.json").read_text()))
    invalid = score_session(json.loads((EXAMPLES / "classic_invalid.json").read_text()))
    assert complete.valid and complete.complete and len(complete.games) == 12
    assert eleven.valid and eleven.complete and len(eleven.games) == 11
    assert partial.valid and not partial.complete and partial.next_chooser == 3
    assert not invalid.valid and len(invalid.errors) >= 5
    assert invalid.to_dict() == {
        "valid": False,
        "errors": [error.to_dict() for error in invalid.errors],
    }


def test_classic_passing_skips_seats_that_chose_their_plus_contract() -> None:
    document = json.loads((EXAMPLES / "classic_complete.json").read_text())
    # After game 10 every minus contract is played; seat 2 already chose no_trumps, so seat 3
    # (not seat 2) chooses game 11.
    assert document["games"][10]["chooser"] == 3
    assert score_session(document).valid
    document["games"][10]["chooser"] = 2
    errors = score_session(document).errors
    assert [(e.code, e.game) for e in errors][0] == ("wrong_chooser", 11)
    assert "passed" in errors[0].message


def test_partial_session_next_chooser_and_contracts() -> None:
    document = json.loads((EXAMPLES / "classic_partial.json").read_text())
    result = score_session(document)
    # Seat 3 chose trumps_diamonds (its plus contract), so it may only pick a minus contract.
    assert result.next_chooser == 3
    assert result.available_contracts == [
        "hearts",
        "kings_jacks",
        "king_of_hearts",
        "domino",
        "seventh_thirteenth",
    ]
    assert result.placements is None
    assert result.games[1].level == "points" and result.games[1].base == [60, 80, 40, 80]
    assert result.games[2].level == "net" and result.games[2].base is None
    assert result.totals == [sum(g.points[s] for g in result.games) for s in range(4)]


def test_empty_session_any_seat_may_open() -> None:
    result = score_session({"ruleset": "classic", "games": []})
    assert result.valid and not result.complete
    assert result.next_chooser is None
    assert result.available_contracts == [c.code for c in RULESETS["classic"].contracts]
    assert result.totals == [0, 0, 0, 0]
    assert score_session({}).to_dict() == result.to_dict()


def test_eleven_last_turn_must_be_plus() -> None:
    # Eleven rounds, strict rotation from seat 0: seat 3 chooses only rounds 4 and 8.
    ruleset = get_ruleset("eleven")
    games = [
        {"contract": "duck", "chooser": 0, "counts": [4, 3, 3, 3]},
        {"contract": "hearts", "chooser": 1, "counts": [4, 3, 3, 3]},
        {"contract": "queens", "chooser": 2, "counts": [1, 1, 1, 1]},
        {"contract": "king_of_hearts", "chooser": 3, "counts": [1, 0, 0, 0]},
        {"contract": "trumps_spades", "chooser": 0, "counts": [4, 3, 3, 3]},
        {"contract": "trumps_hearts", "chooser": 1, "counts": [4, 3, 3, 3]},
        {"contract": "trumps_clubs", "chooser": 2, "counts": [4, 3, 3, 3]},
    ]
    result = score_session({"ruleset": "eleven", "games": games})
    assert result.valid and result.next_chooser == 3
    assert result.available_contracts == ["trumps_diamonds", "no_trumps"]
    games.append({"contract": "last_trick", "chooser": 3, "counts": [0, 0, 0, 1]})
    assert codes({"ruleset": "eleven", "games": games}) == ["missing_plus_contract"]
    assert ruleset.games_per_session == 11


def test_eleven_men_counts_kings_and_jacks() -> None:
    game = {
        "contract": "men",
        "chooser": 0,
        "counts": {"kings": [1, 2, 0, 1], "jacks": [0, 0, 4, 0]},
    }
    result = score_session({"ruleset": "eleven", "games": [game]})
    assert result.valid, result.errors
    assert result.games[0].points == [-20, -40, -40, -20]
    flat = {**game, "counts": [1, 2, 4, 1]}
    assert codes({"ruleset": "eleven", "games": [flat]}) == ["counts_type"]


def test_totals_only_session() -> None:
    result = score_session({"ruleset": "classic", "totals": [315, -40, -180, -95]})
    assert result.valid and result.complete
    assert result.games == [] and result.totals == [315, -40, -180, -95]
    assert result.placements == [1, 2, 4, 3]
    assert codes({"totals": [10, 0, 0, 0]}) == ["not_zero_sum"]
    assert codes({"totals": [12, -12, 0, 0]}) == ["not_multiple_of_unit"]
    assert codes({"totals": [1, 2, 3]}) == ["totals_type"]


def test_totals_with_games_must_match() -> None:
    document = json.loads((EXAMPLES / "classic_partial.json").read_text())
    document["totals"] = [220, -215, 100, 5]
    assert score_session(document).valid
    document["totals"] = [225, -220, 100, 5]
    assert codes(document) == ["totals_mismatch"]


def test_placements_competition_ranking() -> None:
    assert placements([50, 50, 0, -100]) == [1, 1, 3, 4]
    assert placements([-100, 0, 50, 50]) == [4, 3, 1, 1]
    assert placements([0, 0, 0, 0]) == [1, 1, 1, 1]
    assert placements([10, 20, 30, 40]) == [4, 3, 2, 1]


def test_null_optional_fields_are_absent() -> None:
    game = {
        "contract": "hearts",
        "chooser": 0,
        "counts": [3, 4, 5, 1],
        "doubles": None,
        "points": None,
        "net": None,
    }
    result = score_session({"ruleset": None, "seats": None, "games": [game], "totals": None})
    assert result.valid, result.errors
    assert result.games[0].doubles == []


def test_ruleset_argument_overrides_document() -> None:
    game = {
        "contract": "men",
        "chooser": 0,
        "counts": {"kings": [4, 0, 0, 0], "jacks": [4, 0, 0, 0]},
    }
    result = score_session({"ruleset": "classic", "games": [game]}, ruleset=RULESETS["eleven"])
    assert result.valid and result.ruleset is RULESETS["eleven"]
    assert result.to_dict()["ruleset"] == "eleven"


def test_tuples_and_int_subclasses_are_accepted() -> None:
    class Seat(int):
        pass

    game = {
        "contract": "hearts",
        "chooser": Seat(0),
        "counts": (3, 4, 5, 1),
        "doubles": [(1, 0), (Seat(0), 1)],
    }
    result = score_session({"games": [game]})
    assert result.valid, result.errors
    assert result.games[0].points == [-10, -60, -50, -10]


@pytest.mark.parametrize(
    "value",
    [True, 1.0, "3", None, [1, 2, 3], {"x": 1}],
)
def test_non_integer_counts_are_refused(value: object) -> None:
    game = {"contract": "hearts", "chooser": 0, "counts": [value, 4, 5, 1]}
    assert codes({"games": [game]}) == ["counts_type"]


def test_huge_and_deep_values_never_raise() -> None:
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    huge = 10**5000
    document = {
        "ruleset": "classic",
        "games": [
            {"contract": "hearts", "chooser": huge, "counts": [huge, -huge, 13, 0]},
            {"contract": deep, "chooser": 1, "counts": deep, "doubles": deep},
            {"contract": "queens", "chooser": 2, "net": [huge, 0, 0, -huge]},
        ],
        "totals": [huge, 0, 0, -huge],
        "seats": deep,
    }
    result = score_session(document)
    assert not result.valid
    text = json.dumps(result.to_dict())
    assert "~10^5000" in text and len(text) < 20_000


def test_errors_are_capped() -> None:
    game = {f"x{i}": i for i in range(500)}
    result = score_session({"games": [game]})
    assert len(result.errors) == 201 and result.errors[-1].code == "too_many_errors"
