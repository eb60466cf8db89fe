"""Properties of Bonko scoring over random documents: valid ones always have one winning team,
rolls add up by the seed's formula, and no input makes scoring raise."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bonko.rules import GAME, RULESETS, is_bonko, roll_points
from games.bonko.rules.sample import random_session
from tests.unit.bonko.strategies import JSON, points_of, rolled_documents, scored_documents

SOME = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
RULES = RULESETS["bonko"]


def one_winning_team(outcome: Any) -> int:
    assert outcome.valid, [error.message for error in outcome.errors]
    assert outcome.complete
    teams = outcome.teams()
    winner = outcome.to_dict()["winner"]
    assert sorted(seat for team in teams for seat in team) == [0, 1, 2, 3]
    assert outcome.placements == [1 if seat in teams[winner] else 2 for seat in range(4)]
    assert outcome.stats()["wins"] == [1 if seat in teams[winner] else 0 for seat in range(4)]
    for team in teams:
        assert len({outcome.totals[seat] for seat in team}) == 1
    part = outcome.parts()[0]
    assert (part.kind, part.actor, part.points) == ("round", None, outcome.totals)
    json.dumps(outcome.to_dict())
    return int(winner)


@SOME
@given(document=scored_documents())
def test_scored_documents_have_the_expected_winner(document: dict[str, Any]) -> None:
    expected = document.pop("expected_winner")
    outcome = GAME.score(document)
    assert one_winning_team(outcome) == expected
    for team in document["teams"]:
        assert all(outcome.totals[seat] == team["score"] for seat in team["seats"])
    assert outcome.parts()[0].level == "scores"
    assert outcome.stats()["bonkos"] == document["bonkos"]


@SOME
@given(document=rolled_documents())
def test_rolls_add_up_by_the_seeds_formula(document: dict[str, Any]) -> None:
    scores = document.pop("expected_scores")
    bonkos = document.pop("expected_bonkos")
    outcome = GAME.score(document)
    one_winning_team(outcome)
    assert outcome.totals == [scores[0], scores[1], scores[0], scores[1]]
    assert outcome.stats()["bonkos"] == bonkos
    assert outcome.parts()[0].level == "rolls"
    if document["rolls"]:
        wrong = copy.deepcopy(document)
        wrong["teams"][0]["score"] += 1
        assert "rolls_sum" in [error.code for error in GAME.score(wrong).errors]


@SOME
@given(rng=st.randoms(use_true_random=False))
def test_sample_documents_validate_with_one_winner(rng: random.Random) -> None:
    document = random_session(rng, ruleset=RULES)
    jsonschema.validate(document, GAME.document_schema)
    one_winning_team(GAME.score(document))
    one_winning_team(GAME.score(document, names=["Anna", "Bram", "Cees", "Daan"]))


@given(
    dice=st.lists(st.integers(1, 6), min_size=3, max_size=3),
    target=st.integers(1, 6),
    called=st.booleans(),
)
def test_roll_points(dice: list[int], target: int, called: bool) -> None:
    points = roll_points(dice, target, RULES, called=called)
    assert points == points_of(dice, target, called)
    assert points in {0, 1, 2, 3, 5, 21}
    assert is_bonko(dice, target, called=called) == (points == 21)


def test_roll_points_seed_examples() -> None:
    assert roll_points([1, 1, 2], 1, RULES, called=False) == 2
    assert roll_points([1, 1, 2], 2, RULES, called=False) == 1
    assert all(roll_points([1, 1, 2], r, RULES, called=False) == 0 for r in range(3, 7))
    assert roll_points([5, 5, 5], 3, RULES, called=False) == 5
    assert roll_points([5, 5, 5], 3, RULES, called=True) == 5
    assert roll_points([3, 3, 3], 3, RULES, called=True) == 21
    assert roll_points([3, 3, 3], 3, RULES, called=False) == 3
    assert roll_points([1, 2, 5], 2, RULES, called=False) == 1


@settings(max_examples=300, deadline=None)
@given(document=JSON, names=st.none() | st.lists(st.text(max_size=5), max_size=6))
def test_score_never_raises_on_junk(document: Any, names: list[str] | None) -> None:
    outcome = GAME.score(document, names=names)
    json.dumps(outcome.to_dict())
    assert outcome.valid or outcome.errors


KEYS = ["game", "ruleset", "set", "round", "king", "bell", "teams", "bonkos", "rolls"]


@SOME
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_score_never_raises_on_damaged_documents(data: st.DataObject, rng: random.Random) -> None:
    document = random_session(rng, ruleset=RULES)
    for _ in range(data.draw(st.integers(1, 4))):
        target: Any = document
        path = data.draw(st.lists(st.integers(0, 40), min_size=1, max_size=4))
        for step in path[:-1]:
            if isinstance(target, dict) and target:
                child = target[sorted(target)[step % len(target)]]
            elif isinstance(target, list) and target:
                child = target[step % len(target)]
            else:
                break
            if not isinstance(child, dict | list):
                break
            target = child
        junk = data.draw(JSON)
        if isinstance(target, dict):
            key = data.draw(st.sampled_from([*sorted(target), *KEYS, "seats", "extra"]))
            target[key] = junk
        elif isinstance(target, list) and target:
            target[path[-1] % len(target)] = junk
    outcome = GAME.score(document)
    json.dumps(outcome.to_dict())
    assert outcome.valid == (outcome.totals is not None)
    if outcome.valid:
        one_winning_team(outcome)
