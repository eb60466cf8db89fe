"""The `random` method: a seeded shuffle, with fair byes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..byes import choose_byes, sit_out_counts
from ..layout import cut_tables
from ..rng import make_rng
from ..types import PlayerId, SeatingRound


def random_round(
    players: Sequence[PlayerId],
    played_rounds: Sequence[SeatingRound],
    *,
    byes_so_far: Mapping[PlayerId, int] | None,
    seed: int,
    layout: list[int] | None = None,
) -> SeatingRound:
    """A shuffle cut into tables of the layout's sizes (by default tables of four)."""
    order = sorted(set(players))
    make_rng(seed, "random", len(played_rounds)).shuffle(order)
    counts = sit_out_counts(order, played_rounds, byes_so_far)
    if layout is None:
        layout = [4] * (len(order) // 4)
    byes = choose_byes(order, counts, len(order) - sum(layout))
    off = set(byes)
    seated = [p for p in order if p not in off]
    return SeatingRound(tables=cut_tables(seated, layout), byes=byes)
