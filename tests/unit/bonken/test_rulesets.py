"""Rulesets as data: the built-ins, house rulesets from dicts, and what is refused."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable

import pytest

from games.bonken.rules import (
    RULESETS,
    Ruleset,
    RulesetError,
    get_ruleset,
    ruleset_from_dict,
    ruleset_to_dict,
    score_session,
)
from games.bonken.rules.builtin import CLASSIC
from tests.unit.bonken.strategies import CLASSIC_MINUS, CLASSIC_PLUS, HOUSE_RULESETS


def test_classic_contracts_and_names() -> None:
    classic = get_ruleset("classic")
    assert classic.rotation == "passing" and classic.games_per_session == 12
    assert len(classic.contracts) == 13
    assert [c.code for c in classic.minus_contracts] == [
        "hearts",
        "kings_jacks",
        "king_of_hearts",
        "queens",
        "duck",
        "domino",
        "seventh_thirteenth",
        "last_trick",
    ]
    assert sum(c.deal_total for c in classic.minus_contracts) == -1040
    assert {c.deal_total for c in classic.plus_contracts} == {260}
    dutch = {c.code: c.name_nl for c in classic.contracts}
    assert dutch["hearts"] == "Hartenjagen"
    assert dutch["kings_jacks"] == "Heren en boeren"
    assert dutch["king_of_hearts"] == "Hartenheer"
    assert dutch["duck"] == "Bukken"
    assert dutch["seventh_thirteenth"] == "7e/13e slag"
    assert dutch["last_trick"] == "Laatste slag"
    assert dutch["trumps_spades"] == "Schoppen troef"
    assert dutch["no_trumps"] == "Zonder troef"
    assert classic.contract("queens").value == -45 and classic.contract("queens").units == 4
    assert classic.totals_unit == 5


def test_eleven_contracts() -> None:
    eleven = get_ruleset("eleven")
    assert eleven.rotation == "strict" and eleven.games_per_session == 11
    men = eleven.contract("men")
    assert men.name_nl == "Heren en boeren" and men.value is None
    assert [(k.code, k.value, k.units) for k in men.card_kinds] == [
        ("kings", -20, 4),
        ("jacks", -10, 4),
    ]
    assert men.deal_total == -120 and men.granularity == 10
    assert sum(c.deal_total for c in eleven.minus_contracts) == -520
    assert {c.deal_total for c in eleven.plus_contracts} == {130}


def test_get_ruleset_unknown_is_a_key_error() -> None:
    with pytest.raises(KeyError) as caught:
        get_ruleset("whist")
    assert isinstance(caught.value, RulesetError)
    assert "whist" in str(caught.value) and "classic" in str(caught.value)
    with pytest.raises(RulesetError):
        get_ruleset(["classic"])  # type: ignore[arg-type]


@pytest.mark.parametrize("ruleset", [*RULESETS.values(), *HOUSE_RULESETS], ids=lambda r: r.code)
def test_to_dict_round_trips(ruleset: Ruleset) -> None:
    data = ruleset_to_dict(ruleset)
    assert json.loads(json.dumps(data)) == data
    again = ruleset_from_dict(data)
    assert again == ruleset and ruleset_to_dict(again) == data
    assert again.games_per_session == ruleset.games_per_session


def test_house_rotations() -> None:
    by_code = {r.code: r for r in HOUSE_RULESETS}
    assert by_code["house_strict"].games_per_session == 12
    assert by_code["house_quota"].games_per_session == 12
    assert by_code["house_quota"].minus_per_player == 2
    assert by_code["house_double_plus"].games_per_session == 13


def test_quota_minus_share() -> None:
    quota = next(r for r in HOUSE_RULESETS if r.code == "house_quota")
    games = [
        {"contract": "hearts", "chooser": 0, "counts": [4, 3, 3, 3]},
        {"contract": "duck", "chooser": 1, "counts": [4, 3, 3, 3]},
        {"contract": "queens", "chooser": 2, "counts": [1, 1, 1, 1]},
        {"contract": "domino", "chooser": 3, "counts": [1, 0, 0, 0]},
        {"contract": "last_trick", "chooser": 0, "counts": [1, 0, 0, 0]},
    ]
    result = score_session({"games": games}, ruleset=quota)
    assert result.valid and result.next_chooser == 1
    games.append({"contract": "kings_jacks", "chooser": 1, "counts": [2, 2, 2, 2]})
    assert score_session({"games": games}, ruleset=quota).valid
    games.append({"contract": "seventh_thirteenth", "chooser": 2, "counts": [1, 1, 0, 0]})
    games.append({"contract": "king_of_hearts", "chooser": 3, "counts": [1, 0, 0, 0]})
    result = score_session({"games": games}, ruleset=quota)
    # Every seat has chosen its two minus contracts: seat 0 may only choose a plus contract.
    assert result.valid and result.next_chooser == 0
    assert result.available_contracts == [c["code"] for c in CLASSIC_PLUS]


def _house(**changes: object) -> dict:
    data = {
        "code": "house",
        "name": "House",
        "name_nl": "Huis",
        "rotation": "passing",
        "contracts": copy.deepcopy(CLASSIC_MINUS + CLASSIC_PLUS),
    }
    data.update(changes)
    return data


def test_other_values_that_still_sum_to_zero() -> None:
    data = _house()
    data["contracts"][0]["value"] = -5  # hearts -65 ...
    data["contracts"][4]["value"] = -15  # ... and duck -195: minus total unchanged
    assert ruleset_from_dict(data).games_per_session == 12


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["contracts"][0].update(value=-20), "cannot add up to zero"),
        (lambda d: d["contracts"][8].update(value=30), "all be worth the same"),
        (lambda d: d.update(rotation="quota", minus_per_player=3), "plays 12 minus"),
        (lambda d: d.update(plus_per_player=2), "plays 8 plus"),
        (lambda d: d.update(rotation="random"), "rotation must be one of"),
        (lambda d: d["contracts"].append(d["contracts"][0]), "repeated: hearts"),
        (lambda d: d["contracts"][0].update(value=10, sign="minus"), "needs negative values"),
        (lambda d: d["contracts"][0].update(value=0), "values; got 0"),
        (lambda d: d["contracts"][0].update(units=0), "units must be a whole number"),
        (lambda d: d["contracts"][0].update(value=True), "value must be a whole number"),
        (lambda d: d["contracts"][0].update(colour="red"), "unknown key"),
        (lambda d: d["contracts"][0].pop("name_nl"), "missing name_nl"),
        (lambda d: d["contracts"][0].update(code="Hearts!"), "lower-case"),
        (lambda d: d.update(contracts=[]), "1 to 64 contracts"),
        (lambda d: d.update(contracts="hearts"), "must be a list"),
        (lambda d: d.update(games_per_session=13), "make a session of 12 games"),
        (lambda d: d.update(minus_per_player=2), "quota rotation only"),
        (lambda d: d.pop("rotation"), "missing rotation"),
        (lambda d: d.update(name=""), "non-empty text"),
        (lambda d: d["contracts"][0].update(card_kinds=[]), "card_kinds must be a list"),
    ],
)
def test_malformed_rulesets_are_refused(change: Callable[[dict], object], message: str) -> None:
    data = _house()
    change(data)
    with pytest.raises(RulesetError, match=message):
        ruleset_from_dict(data)


def test_card_kind_problems_are_refused() -> None:
    data = _house()
    data["contracts"][1] = {
        "code": "men",
        "name": "Men",
        "name_nl": "Heren en boeren",
        "card_kinds": [
            {"code": "kings", "name": "Kings", "name_nl": "Heren", "value": -25, "units": 4},
            {"code": "kings", "name": "Jacks", "name_nl": "Boeren", "value": -25, "units": 4},
        ],
    }
    with pytest.raises(RulesetError, match="card kind codes must be different"):
        ruleset_from_dict(data)
    data["contracts"][1]["card_kinds"][1]["code"] = "jacks"
    assert ruleset_from_dict(data).contract("men").deal_total == -200
    data["contracts"][1]["value"] = -25
    with pytest.raises(RulesetError, match="not both"):
        ruleset_from_dict(data)


@pytest.mark.parametrize("data", [None, [], "classic", 5, {"code": "x"}, {"contracts": [[]]}])
def test_non_dicts_are_refused(data: object) -> None:
    with pytest.raises(RulesetError):
        ruleset_from_dict(data)


def test_deep_values_in_a_ruleset_are_refused_cleanly() -> None:
    deep: list = []
    for _ in range(50_000):
        deep = [deep]
    data = _house(rotation=deep)
    with pytest.raises(RulesetError, match="a list"):
        ruleset_from_dict(data)


def test_builtin_data_is_the_classic_dict() -> None:
    assert ruleset_from_dict(CLASSIC) == RULESETS["classic"]
