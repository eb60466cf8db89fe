"""A night played by players of known strength (the ratings' benchmark): every table's round a
valid document the game scores itself, the teams moving by the game's rule."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bonko.rules import GAME, RULESETS
from games.bonko.rules.simulation import played_night


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(4, 30), st.floats(0.0, 1.0), st.integers(1, 2))
def test_every_round_of_a_night_is_valid_and_the_teams_stay_together(
    seed: int, players: int, skill: float, sets: int
) -> None:
    rng = random.Random(seed)
    strength = {player: rng.gauss(0.0, 1.0) for player in range(players)}
    rounds = played_night(rng, list(strength), strength, skill=skill, sets=sets)
    tables = players // 4
    per_set = RULESETS["bonko"].rounds_per_set
    assert len(rounds) == tables * per_set * sets
    partners: dict[object, object] = {}
    for played in rounds:
        outcome = GAME.score(played.document)
        assert outcome.valid and outcome.complete, outcome.errors
        first, second, third, fourth = played.players
        for a, b in ((first, third), (second, fourth)):
            assert partners.setdefault(a, b) == b and partners.setdefault(b, a) == a
        if played.table == 1:
            assert max(outcome.totals) >= RULESETS["bonko"].bell_score
    seated = Counter(player for played in rounds for player in played.players)
    assert len(seated) == 4 * tables and set(seated.values()) == {per_set * sets}


def test_the_winners_move_up_and_the_kings_losers_go_down() -> None:
    rng = random.Random(2)
    strength = {player: 0.0 for player in range(12)}
    rounds = played_night(rng, list(strength), strength, skill=0.0, sets=1)
    first, second = rounds[:3], rounds[3:6]
    king = first[0]
    outcome = GAME.score(king.document)
    winners = {p for seat, p in enumerate(king.players) if outcome.placements[seat] == 1}
    losers = set(king.players) - winners
    assert winners <= set(second[0].players)
    assert losers <= set(second[-1].players)


def test_stronger_teams_win_more_when_skill_shows() -> None:
    rng = random.Random(4)
    strength = {player: (1.0 if player < 8 else -1.0) for player in range(16)}
    wins = Counter()
    for _ in range(10):
        for played in played_night(rng, list(strength), strength, skill=0.5, sets=1):
            outcome = GAME.score(played.document)
            for seat, player in enumerate(played.players):
                wins[strength[player] > 0] += outcome.placements[seat] == 1
    assert wins[True] > wins[False]
