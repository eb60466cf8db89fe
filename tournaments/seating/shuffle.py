"""The `random` method: a seeded shuffle, with fair byes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .byes import choose_byes, sit_out_counts
from .rng import make_rng
from .types import PlayerId, Round


def random_round(
    players: Sequence[PlayerId],
    played_rounds: Sequence[Round],
    *,
    byes_so_far: Mapping[PlayerId, int] | None,
    seed: int,
) -> Round:
    order = sorted(set(players))
    make_rng(seed, "random", len(played_rounds)).shuffle(order)
    counts = sit_out_counts(order, played_rounds, byes_so_far)
    byes = choose_byes(order, counts, len(order) % 4)
    off = set(byes)
    seated = [p for p in order if p not in off]
    return Round(tables=[seated[i : i + 4] for i in range(0, len(seated), 4)], byes=byes)
