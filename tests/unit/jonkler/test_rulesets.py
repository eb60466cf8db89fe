"""Jonkler rulesets: the dict form both ways, and the reasons a house ruleset is refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.jonkler.rules import GAME, RULESETS, Ruleset, ruleset_from_dict, ruleset_to_dict
from games.seam import RulesetError


def test_the_built_in_ruleset_is_the_seeds_rules() -> None:
    jonkler = RULESETS["jonkler"]
    assert ruleset_to_dict(jonkler) == {
        "code": "jonkler",
        "name": "Jonkler",
        "name_nl": "Jonkler",
        "version": 1,
        "rounds": 8,
        "met_round_factor": 5,
        "met_bid_factor": 10,
        "miss_trick_points": 1,
        "hook_rule": True,
    }
    assert ruleset_from_dict(ruleset_to_dict(jonkler)) == jonkler
    assert GAME.ruleset_from_dict(GAME.ruleset_to_dict(jonkler)) == jonkler


def test_keys_left_out_take_the_built_in_values() -> None:
    house = ruleset_from_dict(
        {"code": "house", "name": "House", "name_nl": "Huis", "hook_rule": False}
    )
    assert house.rounds == 8 and house.met_bid_factor == 10 and house.hook_rule is False


house_dicts = st.fixed_dictionaries(
    {
        "code": st.from_regex(r"[a-z][a-z0-9_]{0,39}", fullmatch=True),
        "name": st.text(min_size=1, max_size=20).filter(str.strip),
        "name_nl": st.text(min_size=1, max_size=20).filter(str.strip),
    },
    optional={
        "version": st.integers(1, 1_000_000),
        "rounds": st.integers(1, 20),
        "met_round_factor": st.integers(0, 1000),
        "met_bid_factor": st.integers(0, 1000),
        "miss_trick_points": st.integers(-1000, 1000),
        "hook_rule": st.booleans(),
    },
)


@given(data=house_dicts)
def test_dict_to_ruleset_to_dict_round_trips(data: dict[str, Any]) -> None:
    ruleset = ruleset_from_dict(data)
    written = ruleset_to_dict(ruleset)
    assert {key: written[key] for key in data} == data
    assert ruleset_from_dict(written) == ruleset
    assert ruleset_to_dict(ruleset_from_dict(written)) == written


BASE = {"code": "house", "name": "House", "name_nl": "Huis"}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ("jonkler", "must be an object"),
        ([BASE], "must be an object"),
        ({**BASE, "round": 6}, "unknown key 'round'"),
        ({"code": "house", "name": "House"}, "missing name_nl"),
        ({**BASE, "code": "House Rules"}, "code must be lower-case"),
        ({**BASE, "name": "  "}, "name must be a non-empty text"),
        ({**BASE, "name_nl": None}, "name_nl must be a non-empty text"),
        ({**BASE, "rounds": 0}, "rounds must be a whole number from 1 to 20; got 0"),
        ({**BASE, "rounds": 8.0}, "rounds must be a whole number from 1 to 20; got 8.0"),
        ({**BASE, "met_bid_factor": True}, "met_bid_factor must be a whole number"),
        ({**BASE, "met_round_factor": -5}, "met_round_factor must be a whole number from 0"),
        ({**BASE, "miss_trick_points": 10**30}, "miss_trick_points must be a whole number"),
        ({**BASE, "version": 0}, "version must be a whole number from 1"),
        ({**BASE, "hook_rule": "yes"}, "hook_rule must be true or false; got 'yes'"),
    ],
)
def test_a_bad_ruleset_is_refused_with_its_reason(data: object, reason: str) -> None:
    with pytest.raises(RulesetError) as caught:
        GAME.ruleset_from_dict(data)
    assert reason in str(caught.value)
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, ValueError)


def test_a_ruleset_is_checked_when_built_in_code_too() -> None:
    with pytest.raises(RulesetError):
        Ruleset(code="x", name="X", name_nl="X", rounds=21)
