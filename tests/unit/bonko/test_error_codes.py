"""Every error code, at least once: a document that triggers it, and where it points."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from games.bonko.rules import GAME, RULESETS
from games.bonko.rules.messages import CATALOGUE

README = Path(__file__).resolve().parents[3] / "games" / "bonko" / "rules" / "README.md"
NAMES = ["Anna", "Bram", "Cees", "Daan"]


def document(**changes: Any) -> dict[str, Any]:
    """A valid round (23 to 17) with the given top-level keys replaced (None removes one)."""
    base: dict[str, Any] = {
        "game": "bonko",
        "ruleset": "bonko",
        "set": 1,
        "round": 3,
        "teams": [
            {"seats": [0, 2], "score": 23, "rolloff": []},
            {"seats": [1, 3], "score": 17, "rolloff": []},
        ],
        "bonkos": [0, 0, 0, 0],
    }
    for key, value in changes.items():
        if value is None:
            base.pop(key, None)
        else:
            base[key] = value
    return base


def teams(first: dict[str, Any], second: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"seats": [0, 2], "rolloff": [], **first}, {"seats": [1, 3], "rolloff": [], **second}]


# Rolls in round 3 for 23 to 17 would be long; these make 5 (seat 0) to 3 (seat 1).
ROLLS = [
    {"seat": 0, "dice": [5, 5, 5]},
    {"seat": 0, "dice": [1, 2, 4]},
    {"seat": 1, "dice": [3, 3, 3]},
    {"seat": 1, "dice": [6, 6, 1]},
    {"seat": 2, "dice": [1, 1, 2]},
    {"seat": 3, "dice": [4, 5, 6]},
]
SCORED_5_3 = teams({"score": 5}, {"score": 3})

# code -> (document, names, expected field)
CASES: dict[str, tuple[Any, list[str] | None, str | None]] = {
    "document_type": ([1, 2], None, None),
    "unknown_field": (document(players=["a"]), None, "players"),
    "unknown_game": (document(game="bonken"), None, "game"),
    "unknown_ruleset": (document(ruleset="yahtzee"), None, "ruleset"),
    "too_many_errors": (document(**{f"x{i}": 0 for i in range(300)}), None, None),
    "seats_mismatch": (document(), ["Anna", "Bram", "Cees"], None),
    "flag_type": (document(bell="yes"), None, "bell"),
    "set_range": (document(set=0), None, "set"),
    "round_range": (document(round=7), None, "round"),
    "teams_shape": (document(teams=[{"seats": [0, 2], "score": 1}]), None, "teams"),
    "score_range": (document(teams=teams({"score": -1}, {"score": 3})), None, "teams[0].score"),
    "rolloff_length": (
        document(teams=teams({"score": 9, "rolloff": [1, 1]}, {"score": 9, "rolloff": [2]})),
        None,
        "teams[1].rolloff",
    ),
    "rolloff_not_tied": (
        document(teams=teams({"score": 9, "rolloff": [1, 4]}, {"score": 9, "rolloff": [2, 0]})),
        None,
        "teams[0].rolloff[0]",
    ),
    "rolloff_needed": (document(teams=teams({"score": 9}, {"score": 9})), None, "teams[0].rolloff"),
    "rolloff_tied": (
        document(teams=teams({"score": 9, "rolloff": [2]}, {"score": 9, "rolloff": [2]})),
        None,
        "teams[0].rolloff[0]",
    ),
    "king_below_bell": (
        document(king=True, bell=True, teams=teams({"score": 20}, {"score": 12})),
        None,
        "teams[0].score",
    ),
    "rolls_type": (document(rolls={"seat": 0}), None, "rolls"),
    "dice_range": (document(rolls=[{"seat": 0, "dice": [1, 2]}]), None, "rolls[0].dice"),
    "roll_seat": (document(rolls=[{"seat": 4, "dice": [1, 2, 3]}]), None, "rolls[0].seat"),
    "rolls_sum": (document(rolls=ROLLS), None, "teams[0].score"),
    "bonkos_range": (document(bonkos=[0, 0, -1, 0]), None, "bonkos"),
    "bonkos_mismatch": (
        document(
            teams=teams({"score": 5}, {"score": 21}),
            bonkos=[0, 0, 0, 0],
            rolls=[*ROLLS[:2], {"seat": 1, "dice": [3, 3, 3], "called": True}, *ROLLS[3:]],
        ),
        None,
        "bonkos[1]",
    ),
}


def test_every_code_has_a_case_and_a_readme_line() -> None:
    assert CATALOGUE.codes() == set(CASES)
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", README.read_text(), re.MULTILINE))
    assert listed == set(CASES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_error_code(code: str) -> None:
    raw, names, field = CASES[code]
    outcome = GAME.score(copy.deepcopy(raw), names=names)
    assert not outcome.valid
    assert outcome.totals is None and outcome.placements is None and outcome.parts() == []
    matching = [error for error in outcome.errors if error.code == code]
    assert matching, [(error.code, error.message) for error in outcome.errors]
    error = matching[0]
    if code != "too_many_errors":
        assert error.field == field
    assert error.game is None
    assert error.message and error.message_nl and error.message != error.message_nl
    assert "{" not in error.message + error.message_nl
    assert outcome.to_dict()["errors"][outcome.errors.index(error)] == error.to_dict()


def test_too_many_errors_caps_the_list() -> None:
    raw, _, _ = CASES["too_many_errors"]
    errors = GAME.score(raw).errors
    assert len(errors) == 201 and errors[-1].code == "too_many_errors"


def test_valid_base_documents() -> None:
    assert GAME.score(document()).valid
    assert GAME.score(document(teams=SCORED_5_3, rolls=ROLLS)).valid
    assert GAME.score(document(teams=SCORED_5_3, rolls=ROLLS, bonkos=None)).valid


def test_messages_name_players_or_count_seats_from_one() -> None:
    raw = document(
        teams=teams({"score": 9}, {"score": 9}),
        bonkos=[0, 0, 0, 0],
        rolls=[{"seat": 0, "dice": [3, 3, 3], "called": True}],
    )
    plain = GAME.score(raw).errors
    named = GAME.score(raw, names=NAMES).errors
    sums = [error for error in plain if error.code == "rolls_sum"]
    assert "the team of seats 1 and 3" in sums[0].message
    assert "het team van stoelen 1 en 3" in sums[0].message_nl
    named_sums = [error for error in named if error.code == "rolls_sum"]
    assert "the team of Anna and Cees" in named_sums[0].message
    assert "het team van Anna en Cees" in named_sums[0].message_nl
    mismatch = [error for error in plain if error.code == "bonkos_mismatch"][0]
    assert "seat 1:" in mismatch.message and "stoel 1:" in mismatch.message_nl
    named_mismatch = [error for error in named if error.code == "bonkos_mismatch"][0]
    assert "Anna:" in named_mismatch.message


def test_every_problem_at_once() -> None:
    raw = {
        "game": "bonko",
        "set": "one",
        "round": 0,
        "king": 1,
        "teams": [{"seats": [0, 0], "score": -3, "rolloff": "none", "colour": "red"}, 7],
        "bonkos": [1],
        "rolls": [5, {"seat": -1, "dice": [0, 7, 3], "called": "yes", "note": 1}],
    }
    codes = [error.code for error in GAME.score(raw).errors]
    assert codes == [
        "set_range",
        "round_range",
        "flag_type",
        "unknown_field",
        "teams_shape",
        "score_range",
        "rolloff_length",
        "teams_shape",
        "rolls_type",
        "unknown_field",
        "roll_seat",
        "dice_range",
        "rolls_type",
        "bonkos_range",
    ]


def test_teams_must_cover_the_four_seats() -> None:
    raw = document(teams=[{"seats": [0, 2], "score": 3}, {"seats": [2, 1], "score": 4}])
    errors = GAME.score(raw, names=NAMES).errors
    assert [(error.code, error.field) for error in errors] == [("teams_shape", "teams")]
    assert "Cees and Daan" in errors[0].message


def test_rolloff_when_the_scores_differ() -> None:
    raw = document(teams=teams({"score": 9, "rolloff": [3]}, {"score": 8, "rolloff": [1]}))
    errors = GAME.score(raw).errors
    assert [(e.code, e.field) for e in errors] == [("rolloff_not_tied", "teams[0].rolloff")]
    assert "(9 to 8)" in errors[0].message


def test_rolloff_rolls_must_name_a_session() -> None:
    late = {"seat": 0, "dice": [1, 1, 1], "rolloff": 2}
    tied = teams({"score": 9, "rolloff": [5]}, {"score": 9, "rolloff": [0]})
    errors = GAME.score(document(teams=tied, rolls=[late])).errors
    assert ("rolls_type", "rolls[0].rolloff") in [(e.code, e.field) for e in errors]
    errors = GAME.score(document(rolls=[late])).errors
    assert [(e.code, e.field) for e in errors] == [("rolls_type", "rolls[0].rolloff")]
    assert "no roll-off" in errors[0].message


def test_rolloff_rolls_add_up_per_session() -> None:
    tied = teams({"score": 0, "rolloff": [0, 3]}, {"score": 0, "rolloff": [0, 1]})
    rolls = [
        {"seat": 0, "dice": [6, 6, 1], "rolloff": 1},
        {"seat": 2, "dice": [2, 2, 6], "rolloff": 2},
        {"seat": 1, "dice": [2, 5, 1], "rolloff": 2},
    ]
    outcome = GAME.score(document(round=2, teams=tied, rolls=rolls))
    assert [(e.code, e.field) for e in outcome.errors] == [
        ("rolls_sum", "teams[0].rolloff[1]"),
    ]
    assert "roll-off session 2" in outcome.errors[0].message
    rolls[1]["dice"] = [2, 2, 2]
    assert GAME.score(document(round=2, teams=tied, rolls=rolls)).valid is True


def test_bonkos_without_rolls_cannot_exceed_the_points() -> None:
    raw = document(teams=teams({"score": 30}, {"score": 17}), bonkos=[1, 0, 1, 0])
    errors = GAME.score(raw).errors
    assert [(e.code, e.field) for e in errors] == [("bonkos_range", "bonkos")]
    assert "42 points" in errors[0].message
    assert GAME.score(document(bonkos=[1, 0, 0, 0])).valid


def test_a_ruleset_argument_replaces_the_documents() -> None:
    short = GAME.ruleset_from_dict(
        {"code": "short", "name": "Short", "name_nl": "Kort", "rounds_per_set": 3, "bell_score": 15}
    )
    assert not GAME.score(document(round=4), ruleset=short).valid
    assert GAME.score(document(ruleset="other"), ruleset=short).valid
    assert GAME.score(document(ruleset="other"), ruleset="bonko").valid
    assert GAME.score(document(), ruleset="other").errors[0].code == "unknown_ruleset"
    king = document(king=True, bell=True, teams=teams({"score": 16}, {"score": 3}))
    assert GAME.score(king, ruleset=short).valid
    assert not GAME.score(king, ruleset=RULESETS["bonko"]).valid


def test_a_count_of_names_agrees_with_its_noun() -> None:
    (one,) = GAME.score(document(), names=["Anna"]).errors
    assert one.message == "A Bonko table seats 4 players; 1 name was given."
    assert one.message_nl == "Aan een Bonkotafel zitten 4 spelers; er is 1 naam opgegeven."
    (three,) = GAME.score(document(), names=NAMES[:3]).errors
    assert three.message == "A Bonko table seats 4 players; 3 names were given."
    assert three.message_nl == "Aan een Bonkotafel zitten 4 spelers; er zijn 3 namen opgegeven."
