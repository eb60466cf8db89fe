"""Random valid session documents, for the benchmark, examples and demos.

A generated session follows the ruleset's rotation (the next chooser and the contracts it may
choose come from rotation.next_turn), deals every unit of a contract to random seats, and adds
random doubles that respect the doubling-back rule.
"""

from __future__ import annotations

import random
from typing import Any

from games.bonken.rules.reading.doubles import apply_doubles
from games.bonken.rules.rotation import next_turn
from games.bonken.rules.rulesets import Contract, Ruleset

LEVELS = ("counts", "points", "net")


def random_counts(contract: Contract, rng: random.Random) -> list[int] | dict[str, list[int]]:
    """What each seat took in a random deal of ``contract``."""

    def deal(units: int) -> list[int]:
        counts = [0, 0, 0, 0]
        for _ in range(units):
            counts[rng.randrange(4)] += 1
        return counts

    if contract.card_kinds:
        return {kind.code: deal(kind.units) for kind in contract.card_kinds}
    return deal(contract.units)


def base_points(contract: Contract, counts: list[int] | dict[str, list[int]]) -> list[int]:
    """Each seat's deal points from its counts."""
    if isinstance(counts, dict):
        return [
            sum(counts[kind.code][seat] * kind.value for kind in contract.card_kinds)
            for seat in range(4)
        ]
    assert contract.value is not None
    return [count * contract.value for count in counts]


def random_doubles(chooser: int, rng: random.Random, rate: float) -> list[list[int]]:
    """Random doubles: any seat but the chooser doubles anyone; the chooser only doubles back."""
    doubles = [
        [doubler, target]
        for doubler in range(4)
        for target in range(4)
        if doubler != target and doubler != chooser and rng.random() < rate
    ]
    doubled_chooser = [doubler for doubler, target in doubles if target == chooser]
    doubles += [[chooser, seat] for seat in doubled_chooser if rng.random() < rate * 2]
    rng.shuffle(doubles)
    return doubles


def random_games(
    ruleset: Ruleset,
    rng: random.Random,
    *,
    games: int | None = None,
    level: str = "counts",
    double_rate: float = 0.25,
) -> dict[str, Any]:
    """A random valid session of ``games`` games (default: complete).

    ``level`` is ``counts``, ``points``, ``net`` or ``mixed`` (a random level per game).
    """
    wanted = ruleset.games_per_session if games is None else games
    played = [0] * len(ruleset.contracts)
    plus_count = [0, 0, 0, 0]
    minus_count = [0, 0, 0, 0]
    minus_left = ruleset.minus_in_session
    prev: int | None = None
    out: list[dict[str, Any]] = []
    for number in range(1, wanted + 1):
        chooser, available = next_turn(
            ruleset, number - 1, prev, played, plus_count, minus_count, minus_left
        )
        if chooser is None:
            chooser = rng.randrange(4)
            _, available = next_turn(
                ruleset, number - 1, (chooser - 1) % 4, played, plus_count, minus_count, minus_left
            )
        contract = ruleset.by_code[rng.choice(available)]
        played[ruleset.index[contract.code]] = number
        if contract.is_plus:
            plus_count[chooser] += 1
        else:
            minus_count[chooser] += 1
            minus_left -= 1
        prev = chooser
        counts = random_counts(contract, rng)
        doubles = random_doubles(chooser, rng, double_rate)
        game_level = rng.choice(LEVELS) if level == "mixed" else level
        game: dict[str, Any] = {"contract": contract.code, "chooser": chooser}
        if game_level == "counts":
            game["counts"] = counts
        elif game_level == "points":
            game["points"] = base_points(contract, counts)
        else:
            pairs = [(doubler, target) for doubler, target in doubles]
            game["net"] = apply_doubles(base_points(contract, counts), pairs)
        game["doubles"] = doubles
        out.append(game)
    return {"ruleset": ruleset.code, "games": out}


def random_session(
    rng: random.Random, *, seats: int = 4, ruleset: Ruleset, level: str = "counts"
) -> dict[str, Any]:
    """A random complete session, as every game's sample module gives one (``bench.rules``)."""
    if seats != 4:
        raise ValueError("Bonken is played by four")
    return random_games(ruleset, rng, level=level)
