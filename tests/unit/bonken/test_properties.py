"""Properties of the engine over random sessions of every ruleset (built-in and house)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.bonken.rules import RULESETS, Ruleset, score_session
from games.bonken.rules.reading.doubles import apply_doubles
from tests.unit.bonken.strategies import (
    HOUSE_RULESETS,
    Plan,
    after_doubles,
    counts_for,
    deal_points,
    doubles_for,
    sessions,
)

ALL_RULESETS = [RULESETS["classic"], RULESETS["eleven"], *HOUSE_RULESETS]
LEVELS = ("counts", "points", "net")
SOME = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
by_code = pytest.mark.parametrize("ruleset", ALL_RULESETS, ids=lambda ruleset: ruleset.code)


def expected_points(ruleset: Ruleset, game: dict[str, Any]) -> list[int]:
    contract = ruleset.contract(game["contract"])
    doubles = game.get("doubles") or []
    if "net" in game:
        return game["net"]
    base = game["points"] if "points" in game else deal_points(contract, game["counts"])
    return after_doubles(base, doubles)


@by_code
@SOME
@given(data=st.data())
def test_random_complete_sessions_validate_and_sum_to_zero(
    ruleset: Ruleset, data: st.DataObject
) -> None:
    document, plan = data.draw(sessions(ruleset, levels=LEVELS))
    result = score_session(document, ruleset=ruleset)
    assert result.valid, [error.to_dict() for error in result.errors]
    assert result.complete and result.next_chooser is None and result.available_contracts == []
    assert len(result.games) == ruleset.games_per_session
    assert [game.contract for game in result.games] == plan.contracts
    assert [game.chooser for game in result.games] == plan.choosers
    for game, scored in zip(document["games"], result.games, strict=True):
        assert scored.points == expected_points(ruleset, game)
        assert sum(scored.points) == ruleset.contract(game["contract"]).deal_total
    assert result.totals == [sum(game.points[seat] for game in result.games) for seat in range(4)]
    assert sum(result.totals) == 0
    ranked = sorted(result.totals, reverse=True)
    assert result.placements == [ranked.index(total) + 1 for total in result.totals]
    assert json.loads(json.dumps(result.to_dict())) == result.to_dict()


@by_code
@SOME
@given(data=st.data())
def test_partial_sessions_name_the_next_chooser_and_its_contracts(
    ruleset: Ruleset, data: st.DataObject
) -> None:
    document, plan = data.draw(sessions(ruleset))
    played = data.draw(st.integers(0, ruleset.games_per_session - 1))
    prefix = {"ruleset": ruleset.code, "games": document["games"][:played]}
    result = score_session(prefix, ruleset=ruleset)
    assert result.valid and not result.complete and result.placements is None
    so_far = Plan(ruleset, plan.first, plan.choosers[:played], plan.contracts[:played])
    if played == 0:
        assert result.next_chooser is None
        assert set(result.available_contracts) == {
            code for seat in range(4) for code in so_far.allowed(seat)
        }
    else:
        assert result.next_chooser == plan.choosers[played]
        assert result.available_contracts == so_far.allowed(result.next_chooser)
    assert plan.contracts[played] in result.available_contracts


@SOME
@given(data=st.data())
def test_doubling_never_changes_a_games_total(data: st.DataObject) -> None:
    ruleset = data.draw(st.sampled_from(ALL_RULESETS))
    contract = data.draw(st.sampled_from(ruleset.contracts))
    chooser = data.draw(st.integers(0, 3))
    counts = data.draw(counts_for(contract))
    doubles = data.draw(doubles_for(chooser))
    game = {"contract": contract.code, "chooser": chooser, "counts": counts, "doubles": doubles}
    result = score_session({"games": [game]}, ruleset=ruleset)
    assert result.valid, result.errors
    scored = result.games[0]
    assert sum(scored.points) == sum(scored.base) == contract.deal_total
    assert scored.points == after_doubles(deal_points(contract, counts), doubles)


@SOME
@given(
    base=st.lists(st.integers(-(10**6), 10**6), min_size=4, max_size=4),
    pairs=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3)).filter(lambda p: p[0] != p[1]),
        unique=True,
    ),
)
def test_apply_doubles_keeps_any_total(base: list[int], pairs: list[tuple[int, int]]) -> None:
    assert sum(apply_doubles(base, pairs)) == sum(base)


# Single-field mutations of a valid complete session, each with the code it must produce.


def _counts_games(games: list[dict[str, Any]]) -> list[int]:
    return [i for i, game in enumerate(games) if isinstance(game.get("counts"), list)]


def mutate(kind: str, ruleset: Ruleset, document: dict[str, Any], draw: Callable) -> Any:
    games = document["games"]
    index = draw(st.integers(0, len(games) - 1))
    game = games[index]
    chooser = game["chooser"]
    if kind in ("contract_repeated", "wrong_chooser"):
        assume(len(games) > 1)  # both need a game before the one they change
    if kind == "contract_repeated":
        index = draw(st.integers(1, len(games) - 1))
        games[index]["contract"] = games[draw(st.integers(0, index - 1))]["contract"]
    elif kind == "counts_sum":
        candidates = _counts_games(games)
        assume(candidates)
        counts = games[draw(st.sampled_from(candidates))]["counts"]
        counts[draw(st.integers(0, 3))] += draw(st.sampled_from([-1, 1, 2]))
    elif kind == "counts_negative":
        candidates = _counts_games(games)
        assume(candidates)
        counts = games[draw(st.sampled_from(candidates))]["counts"]
        seat = draw(st.integers(0, 3))
        shift = counts[seat] + draw(st.integers(1, 3))
        counts[seat] -= shift
        counts[(seat + 1) % 4] += shift
    elif kind == "counts_type":
        candidates = _counts_games(games)
        assume(candidates)
        target = games[draw(st.sampled_from(candidates))]
        target["counts"] = draw(
            st.sampled_from([target["counts"][:3], [*target["counts"], 0], "13", {}])
        )
    elif kind == "wrong_chooser":
        index = draw(st.integers(1, len(games) - 1))
        games[index]["chooser"] = (games[index]["chooser"] + draw(st.integers(1, 3))) % 4
    elif kind == "self_double":
        game.setdefault("doubles", []).append([chooser, chooser])
    elif kind == "double_repeated":
        a = (chooser + draw(st.integers(1, 3))) % 4
        b = draw(st.sampled_from([s for s in range(4) if s not in (a, chooser)]))
        game.setdefault("doubles", []).extend([[a, b], [a, b]])
    elif kind == "chooser_may_only_double_back":
        doubles = game.setdefault("doubles", [])
        free = [
            t
            for t in range(4)
            if t != chooser and [t, chooser] not in doubles and [chooser, t] not in doubles
        ]
        assume(free)
        doubles.append([chooser, draw(st.sampled_from(free))])
    elif kind == "double_seat_out_of_range":
        game.setdefault("doubles", []).append(draw(st.sampled_from([[0, 4], [-1, 2], [9, 1]])))
    elif kind == "unknown_contract":
        game["contract"] = draw(st.sampled_from(["bogus", "Hearts", "", "trumps"]))
    elif kind in ("game_total", "not_multiple_of_unit"):
        net = expected_points(ruleset, game)
        for level in ("counts", "points"):
            game.pop(level, None)
        seat = draw(st.integers(0, 3))
        unit = ruleset.contract(game["contract"]).granularity
        if kind == "game_total":
            net[seat] += unit * draw(st.sampled_from([-1, 1]))
        else:
            net[seat] += 1
            net[(seat + 1) % 4] -= 1
        game["net"] = net
    elif kind == "plus_contract_twice":
        unplayed = [
            c.code for c in ruleset.plus_contracts if all(g["contract"] != c.code for g in games)
        ]
        chosen_plus: set[int] = set()
        later = []
        for i, g in enumerate(games):
            if ruleset.contract(g["contract"]).is_plus:
                chosen_plus.add(g["chooser"])
            elif g["chooser"] in chosen_plus and ruleset.plus_per_player == 1:
                later.append(i)
        assume(unplayed and later)
        games[draw(st.sampled_from(later))]["contract"] = draw(st.sampled_from(unplayed))
    elif kind == "too_many_games":
        games.append(copy.deepcopy(games[0]))
    elif kind == "unknown_field":
        game[draw(st.sampled_from(["doubels", "note", "Counts"]))] = 1
    elif kind == "level_ambiguous":
        game["points" if "net" in game or "counts" in game else "net"] = [0, 0, 0, 0]
    elif kind == "not_zero_sum":
        totals = score_session(document, ruleset=ruleset).totals
        totals[draw(st.integers(0, 3))] += 5
        return {"ruleset": ruleset.code, "totals": totals}
    elif kind == "totals_mismatch":
        totals = score_session(document, ruleset=ruleset).totals
        seat = draw(st.integers(0, 3))
        totals[seat] += 5
        totals[(seat + 1) % 4] -= 5
        document["totals"] = totals
    else:  # pragma: no cover
        raise AssertionError(kind)
    return document


MUTATIONS = [
    "contract_repeated",
    "counts_sum",
    "counts_negative",
    "counts_type",
    "wrong_chooser",
    "self_double",
    "double_repeated",
    "chooser_may_only_double_back",
    "double_seat_out_of_range",
    "unknown_contract",
    "game_total",
    "not_multiple_of_unit",
    "plus_contract_twice",
    "too_many_games",
    "unknown_field",
    "level_ambiguous",
    "not_zero_sum",
    "totals_mismatch",
]


@pytest.mark.parametrize("kind", MUTATIONS)
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)
@given(data=st.data())
def test_single_mutations_are_rejected_with_their_code(kind: str, data: st.DataObject) -> None:
    ruleset = data.draw(st.sampled_from(ALL_RULESETS))
    document, _ = data.draw(sessions(ruleset, levels=LEVELS))
    mutated = mutate(kind, ruleset, document, data.draw)
    result = score_session(mutated, ruleset=ruleset)
    assert not result.valid
    assert kind in [error.code for error in result.errors], result.errors


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)


@SOME
@given(document=json_values)
def test_any_json_value_gets_a_result(document: Any) -> None:
    result = score_session(document)
    json.dumps(result.to_dict())
    assert result.valid == (not result.errors)


@SOME
@given(data=st.data())
def test_any_field_replaced_by_any_json_gets_a_result(data: st.DataObject) -> None:
    ruleset = data.draw(st.sampled_from([RULESETS["classic"], RULESETS["eleven"]]))
    document, _ = data.draw(sessions(ruleset, length=data.draw(st.integers(1, 4))))
    value = data.draw(json_values)
    if data.draw(st.booleans()):
        document[data.draw(st.sampled_from(["ruleset", "seats", "games", "totals"]))] = value
    else:
        game = data.draw(st.sampled_from(document["games"]))
        key = data.draw(st.sampled_from(["contract", "chooser", "counts", "doubles", "points"]))
        game[key] = value
    result = score_session(document)
    json.dumps(result.to_dict())
    assert result.valid == (not result.errors)
