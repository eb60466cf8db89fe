"""Rulesets: the built-in one, house rulesets from their dict form and back, and refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from games.bonanza.rules import GAME, RULESETS, Ruleset, get_ruleset, ruleset_from_dict
from games.seam import Ruleset as SeamRuleset
from games.seam import RulesetError
from tests.unit.bonanza.strategies import rulesets

EXAMPLES = Path(__file__).resolve().parents[3] / "games" / "bonanza" / "rules" / "examples"


def test_the_built_in_ruleset() -> None:
    ruleset = RULESETS["bonanza"]
    assert isinstance(ruleset, SeamRuleset)
    assert (ruleset.code, ruleset.name, ruleset.name_nl, ruleset.version) == (
        "bonanza",
        "Bonanza Rummy",
        "Bonanza Rummy",
        1,
    )
    assert (ruleset.ante, ruleset.poker_stake, ruleset.leftover, ruleset.max_cards_left) == (
        1,
        2,
        "split",
        52,
    )
    assert get_ruleset("bonanza") is ruleset
    with pytest.raises(RulesetError, match="unknown ruleset"):
        get_ruleset("poch")


@given(ruleset=rulesets)
def test_round_trip(ruleset: Ruleset) -> None:
    data = GAME.ruleset_to_dict(ruleset)
    assert json.loads(json.dumps(data)) == data
    assert GAME.ruleset_from_dict(data) == ruleset


def test_the_house_example_and_defaults() -> None:
    data = json.loads((EXAMPLES / "house_ruleset.json").read_text())
    house = GAME.ruleset_from_dict(data)
    assert (house.ante, house.poker_stake, house.leftover) == (2, 4, "last_winner")
    assert GAME.ruleset_to_dict(house) == data
    short = GAME.ruleset_from_dict({"code": "h", "name": "H", "name_nl": "H"})
    assert GAME.ruleset_to_dict(short) == {
        "code": "h",
        "name": "H",
        "name_nl": "H",
        "version": 1,
        "ante": 1,
        "poker_stake": 2,
        "leftover": "split",
        "max_cards_left": 52,
    }


BASE = {"code": "h", "name": "House", "name_nl": "Huis"}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([1], "must be an object"),
        ({**BASE, "antes": 2}, "unknown key"),
        ({"code": "h", "name": "H"}, "missing name_nl"),
        ({**BASE, "code": ""}, "code must be a text"),
        ({**BASE, "name": 5}, "name must be a text"),
        ({**BASE, "ante": 0}, "ante must be a whole number from 1"),
        ({**BASE, "ante": 1.5}, "ante"),
        ({**BASE, "ante": True}, "ante"),
        ({**BASE, "poker_stake": -2}, "poker_stake"),
        ({**BASE, "poker_stake": 10**6}, "poker_stake"),
        ({**BASE, "leftover": "dealer"}, "leftover must be one of split, last_winner"),
        ({**BASE, "leftover": ["split"]}, "leftover"),
        ({**BASE, "max_cards_left": 54}, "max_cards_left"),
        ({**BASE, "version": 0}, "version"),
    ],
)
def test_refused(data: Any, reason: str) -> None:
    with pytest.raises(RulesetError, match=reason) as caught:
        GAME.ruleset_from_dict(data)
    assert isinstance(caught.value, KeyError | ValueError) and str(caught.value)


def test_to_dict_refuses_another_games_ruleset() -> None:
    with pytest.raises(RulesetError):
        GAME.ruleset_to_dict({"code": "classic"})


def test_a_house_ruleset_limits_the_cards_left() -> None:
    house = ruleset_from_dict({**BASE, "max_cards_left": 13})
    document = {"seats": 2, "hands": [{"out": {"seat": 0, "cards_left": [0, 14]}}]}
    errors = GAME.score(document, ruleset=house).errors
    assert [(e.code, e.field) for e in errors] == [("out_cards", "out.cards_left[1]")]
    assert "0 to 13" in errors[0].message
    assert GAME.score(document).valid


def test_a_ruleset_may_be_given_as_a_code_or_a_dict() -> None:
    document = {
        "seats": 2,
        "ruleset": "nonesuch",
        "hands": [{"out": {"seat": 0, "cards_left": [0, 1]}}],
    }
    assert GAME.score(document, ruleset="bonanza").valid
    assert GAME.score(document, ruleset={**BASE, "ante": 3}).totals == [-30 + 6 + 1, -31]
    bad = GAME.score(document, ruleset={**BASE, "ante": 0})
    assert [e.code for e in bad.errors] == ["unknown_ruleset"]
    assert [e.code for e in GAME.score(document).errors] == ["unknown_ruleset"]
