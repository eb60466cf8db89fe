"""Net scores copied from paper must be something a deal and its doubling could give: the
finite set of outcomes per contract (games/bonken/rules/reading/outcomes.py)."""

from __future__ import annotations

from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bonken.rules import RULESETS, score_session
from games.bonken.rules.reading.outcomes import outcomes, possible, shape_of
from tests.unit.bonken.strategies import (
    HOUSE_RULESETS,
    after_doubles,
    counts_for,
    deal_points,
    doubles_for,
)

CLASSIC = RULESETS["classic"]
ALL = [RULESETS["classic"], RULESETS["eleven"], *HOUSE_RULESETS]
PAIRS = [(a, b) for a in range(4) for b in range(4) if a != b]


def every_outcome_by_brute_force(code: str) -> set[tuple[int, ...]]:
    """Every counts split and every legal set of doubles (all choosers), the slow way."""
    contract = CLASSIC.contract(code)
    found = set()
    for counts in product(range(contract.units + 1), repeat=4):
        if sum(counts) != contract.units:
            continue
        base = [contract.value * n for n in counts]
        for chooser in range(4):
            for size in range(len(PAIRS) + 1):
                for doubles in combinations(PAIRS, size):
                    if any(a == chooser and (b, a) not in doubles for a, b in doubles):
                        continue
                    found.add(tuple(sorted(after_doubles(base, [list(d) for d in doubles]))))
    return found


@pytest.mark.parametrize("code", ["king_of_hearts", "seventh_thirteenth", "queens"])
def test_the_outcomes_are_exactly_what_deals_and_doubles_give(code):
    assert outcomes(shape_of(CLASSIC.contract(code))) == every_outcome_by_brute_force(code)


def test_the_issues_king_of_hearts_is_refused_with_its_code_in_both_languages():
    document = {"games": [{"contract": "king_of_hearts", "chooser": 0, "net": [-500, 400, 0, 0]}]}
    errors = score_session(document).errors
    assert [(e.code, e.game, e.field) for e in errors] == [("net_impossible", 1, "net")]
    assert errors[0].message.startswith("King of Hearts: no deal and doubling gives")
    assert errors[0].message_nl.startswith("Hartenheer: geen spel en geen dubbels geven")
    # Anna took the king; Bram and Cees both doubled her and she doubled Bram back.
    fine = {"games": [{"contract": "king_of_hearts", "chooser": 0, "net": [-400, 200, 100, 0]}]}
    assert score_session(fine).valid


def test_a_row_that_adds_up_but_no_deal_gives_is_refused():
    # Hearts: all multiples of 10 adding up to -130 and within 7 x 130, but a seat can only win
    # what the others took more than it, and nobody took more than 13 hearts.
    assert not possible(shape_of(CLASSIC.contract("hearts")), [-910, 780, 0, 0])
    assert possible(shape_of(CLASSIC.contract("hearts")), [-10, -80, -100, 60])  # the seed's


@pytest.mark.parametrize("ruleset", ALL, ids=lambda r: r.code)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_deal_and_doubling_is_a_possible_outcome(ruleset, data):
    """The invariant: whatever was taken and however the table doubled, the net row is in
    the contract's set, and the engine takes it at the net level."""
    contract = data.draw(st.sampled_from(ruleset.contracts))
    chooser = data.draw(st.integers(0, 3))
    counts = data.draw(counts_for(contract))
    doubles = data.draw(doubles_for(chooser))
    net = after_doubles(deal_points(contract, counts), doubles)
    assert possible(shape_of(contract), net)
    # The rows that are possible are closed under reordering the seats.
    assert possible(shape_of(contract), list(reversed(net)))
    result = score_session(
        {"games": [{"contract": contract.code, "chooser": chooser, "net": net}]}, ruleset=ruleset
    )
    assert result.valid or {e.code for e in result.errors} <= {
        "missing_plus_contract",
        "minus_quota_exceeded",
        "plus_contract_twice",
    }, result.errors
