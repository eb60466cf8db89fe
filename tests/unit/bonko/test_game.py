"""Bonko behind the seam: the game object, its rulesets, its schema, examples and benchmark."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.rules import main
from games import registry
from games.bonko.rules import GAME, RULESETS, Ruleset, RulesetError
from games.seam import Game, RuleError

EXAMPLES = Path(__file__).resolve().parents[3] / "games" / "bonko" / "rules" / "examples"


def test_game_object() -> None:
    assert isinstance(GAME, Game)
    assert registry.get_game("bonko") is GAME
    assert (GAME.code, GAME.name, GAME.name_nl) == ("bonko", "Bonko", "Bonko")
    assert GAME.table_sizes == (4,) and GAME.preferred_size == 4
    assert GAME.teams == {4: ((0, 2), (1, 3))}
    assert (GAME.zero_sum, GAME.higher_is_better) == (False, True)
    assert GAME.default_ruleset == "bonko" and set(GAME.rulesets) == {"bonko"}
    assert [stat.code for stat in GAME.stats] == ["bonkos", "wins"]
    assert GAME.stats[0].name == "Bonkos"
    assert GAME.standings_order == ("wins", "bonkos", "total")
    rules = GAME.rulesets["bonko"]
    assert (
        rules.bell_score,
        rules.bonko_points,
        rules.triple_points,
        rules.rounds_per_set,
        rules.movement,
    ) == (21, 21, 5, 6, "seed")


def test_registry_dispatches_on_game() -> None:
    document = json.loads((EXAMPLES / "kings_table.json").read_text())
    assert registry.score_document(document).valid


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda path: path.stem)
def test_examples(path: Path) -> None:
    document = json.loads(path.read_text())
    outcome = GAME.score(document)
    assert outcome.valid == (path.stem != "invalid"), outcome.errors
    if outcome.valid:
        jsonschema.validate(document, GAME.document_schema)


def test_example_results() -> None:
    rolled = GAME.score(json.loads((EXAMPLES / "round_with_rolls.json").read_text()))
    assert rolled.totals == [8, 22, 8, 22] and rolled.placements == [2, 1, 2, 1]
    assert rolled.stats() == {"bonkos": [0, 1, 0, 0], "wins": [0, 1, 0, 1]}
    assert rolled.parts()[0].level == "rolls" and rolled.parts()[0].number == 2
    tie = GAME.score(json.loads((EXAMPLES / "tie_with_rolloff.json").read_text()))
    detail = tie.to_dict()
    assert detail["winner"] == 0 and detail["teams"] == [[1, 3], [0, 2]]
    assert tie.teams() == [[1, 3], [0, 2]]
    assert tie.placements == [2, 1, 2, 1] and tie.totals == [34, 34, 34, 34]
    assert detail["rolloff"] == [[3, 5], [3, 1]] and detail["scores"] == [34, 34]
    assert tie.hint() == {} and detail["next"] is None
    invalid = GAME.score(json.loads((EXAMPLES / "invalid.json").read_text()))
    assert {error.code for error in invalid.errors} >= {
        "unknown_field",
        "round_range",
        "roll_seat",
        "dice_range",
        "rolloff_needed",
    }
    assert all(isinstance(error, RuleError) for error in invalid.errors)


def test_table_document_fills_the_ruleset_and_keeps_the_teams() -> None:
    document = json.loads((EXAMPLES / "kings_table.json").read_text())
    del document["game"]
    stored = GAME.table_document(document, ruleset="house", names=["A", "B", "C", "D"])
    assert stored["ruleset"] == "house" and stored["game"] == "bonko"
    assert stored["teams"] == document["teams"] and "game" not in document


def test_builtin_ruleset_round_trip() -> None:
    for ruleset in RULESETS.values():
        assert GAME.ruleset_from_dict(GAME.ruleset_to_dict(ruleset)) == ruleset


@given(
    values=st.fixed_dictionaries(
        {
            "code": st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True),
            "name": st.text(min_size=1, max_size=20).filter(str.strip),
            "name_nl": st.text(min_size=1, max_size=20).filter(str.strip),
        },
        optional={
            "version": st.integers(1, 100),
            "bell_score": st.integers(1, 200),
            "bonko_points": st.integers(1, 200),
            "triple_points": st.integers(0, 50),
            "rounds_per_set": st.integers(1, 6),
            "movement": st.just("seed"),
        },
    )
)
def test_house_ruleset_round_trip(values: dict[str, Any]) -> None:
    ruleset = GAME.ruleset_from_dict(values)
    data = GAME.ruleset_to_dict(ruleset)
    assert {key: data[key] for key in values} == values
    assert GAME.ruleset_from_dict(data) == ruleset
    assert json.loads(json.dumps(data)) == data


BASE = {"code": "house", "name": "House", "name_nl": "Huis"}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "must be an object"),
        ({**BASE, "bell": 21}, "unknown key"),
        ({"code": "house", "name": "House"}, "missing name_nl"),
        ({**BASE, "code": "House!"}, "code must be"),
        ({**BASE, "name": " "}, "name must be"),
        ({**BASE, "rounds_per_set": 7}, "rounds_per_set must be a whole number from 1 to 6"),
        ({**BASE, "bell_score": 0}, "bell_score"),
        ({**BASE, "bonko_points": True}, "bonko_points"),
        ({**BASE, "triple_points": -1}, "triple_points"),
        ({**BASE, "version": 1.5}, "version"),
        ({**BASE, "movement": "random"}, "movement must be one of seed"),
    ],
)
def test_ruleset_errors_say_why(data: object, reason: str) -> None:
    with pytest.raises(RulesetError) as raised:
        GAME.ruleset_from_dict(data)
    assert reason in str(raised.value)


def test_ruleset_to_dict_refuses_another_games_ruleset() -> None:
    with pytest.raises(RulesetError):
        GAME.ruleset_to_dict({"code": "classic"})
    assert isinstance(GAME.rulesets["bonko"], Ruleset)


def test_bench_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "bonko", "--sessions", "50", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    data = json.loads(lines[0])
    assert len(lines) == 1 and data["game"] == "bonko" and data["sessions"] == 50
    assert data["sessions_per_second"] > 0
