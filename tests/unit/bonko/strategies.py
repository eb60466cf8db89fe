"""Hypothesis strategies for Bonko documents, written from the rules and not from the engine."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

BELL = 21
BONKO = 21
TEAMS = ([0, 2], [1, 3])


def points_of(dice: list[int], target: int, called: bool) -> int:
    """The seed's scoring of one roll, written out again."""
    if dice[0] == dice[1] == dice[2]:
        if dice[0] == target:
            return BONKO if called else 3
        return 5
    return sum(1 for die in dice if die == target)


@st.composite
def tie_break(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Roll-off sessions that end a tie: tied sessions, then one that decides."""
    tied = draw(st.lists(st.integers(0, 40), max_size=3))
    last = draw(st.lists(st.integers(0, 40), min_size=2, max_size=2, unique=True))
    return [*tied, last[0]], [*tied, last[1]]


@st.composite
def scored_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid scores-only document; its "expected_winner" key is taken off before scoring."""
    king = draw(st.booleans())
    bell = draw(st.booleans())
    scores = draw(st.lists(st.integers(0, 300), min_size=2, max_size=2))
    if draw(st.integers(0, 3)) == 0:
        scores[1] = scores[0]
    if king and bell and max(scores) < BELL:
        scores[scores.index(max(scores))] += BELL
        if scores[0] == scores[1]:
            scores = [scores[0] + BELL, scores[0] + BELL]
    rolloffs: tuple[list[int], list[int]] = ([], [])
    if scores[0] == scores[1]:
        rolloffs = draw(tie_break())
    made = [score + sum(sessions) for score, sessions in zip(scores, rolloffs, strict=True)]
    winner = 0 if made[0] > made[1] else 1
    bonkos = [0, 0, 0, 0]
    for team, seats in enumerate(TEAMS):
        for _ in range(draw(st.integers(0, made[team] // BONKO))):
            bonkos[draw(st.sampled_from(seats))] += 1
    order = draw(st.sampled_from([(0, 1), (1, 0)]))
    document: dict[str, Any] = {
        "game": "bonko",
        "ruleset": "bonko",
        "set": draw(st.integers(1, 999)),
        "round": draw(st.integers(1, 6)),
        "king": king,
        "bell": bell,
        "teams": [
            {"seats": list(TEAMS[team]), "score": scores[team], "rolloff": rolloffs[team]}
            for team in order
        ],
        "bonkos": bonkos,
        "expected_winner": order.index(winner),
    }
    return document


@st.composite
def rolled_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid document with its rolls; keys "expected_scores" and "expected_bonkos" are taken
    off before scoring."""
    target = draw(st.integers(1, 6))
    dice = st.lists(st.integers(1, 6), min_size=3, max_size=3)
    triple = st.sampled_from([[target] * 3, [target % 6 + 1] * 3])
    rolls = draw(
        st.lists(
            st.fixed_dictionaries(
                {
                    "seat": st.integers(0, 3),
                    "dice": st.one_of(dice, triple),
                    "called": st.booleans(),
                }
            ),
            max_size=30,
        )
    )
    scores = [0, 0]
    bonkos = [0, 0, 0, 0]
    for roll in rolls:
        scores[roll["seat"] % 2] += points_of(roll["dice"], target, roll["called"])
        bonkos[roll["seat"]] += roll["called"] and roll["dice"] == [target] * 3
    rolloffs: list[list[int]] = [[], []]
    if scores[0] == scores[1]:
        rolls.append({"seat": 1, "dice": [target, target % 6 + 1, target % 6 + 1], "rolloff": 1})
        rolloffs = [[0], [1]]
    document: dict[str, Any] = {
        "game": "bonko",
        "set": 1,
        "round": target,
        "teams": [
            {"seats": [0, 2], "score": scores[0], "rolloff": rolloffs[0]},
            {"seats": [1, 3], "score": scores[1], "rolloff": rolloffs[1]},
        ],
        "rolls": rolls,
        "expected_scores": scores,
        "expected_bonkos": bonkos,
    }
    if draw(st.booleans()):
        document["bonkos"] = bonkos
    return document


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)
