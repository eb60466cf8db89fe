"""Computed arguments behind docs/benchmarks.md's frontier sizes (pure code, no search).

30 players over 10 rounds, two sitting out each round: the counting bound is 5. Take a schedule
that Z_10 maps onto itself (points (x, level), x in Z_10, three levels; one base round of seven
tables of four and a bye pair from levels 0 and 1, round t the base shifted by t) reaching 5.
The ten of level 2 never sit out and meet all 29 others, one of them twice: they use every
pair orbit of theirs once and their short orbit (difference 5: each of its five pairs meets
twice, the five repeats). The twenty of levels 0 and 1 meet 27 others once each: every orbit of
theirs once but one orbit between levels 0 and 1 (difference u) and their short orbits. Count,
in the base round, the pairs whose x differ in parity: a table holding k points of odd x has
k(4 - k) of them (0, 3 or 4), and they must be exactly the orbits of odd difference. When u has
the parity of the byes' difference no seven tables do it; the other cases remain open.
"""

from functools import lru_cache
from itertools import product


def orbits_needed(bye_difference: int, unused: int) -> tuple[int, int]:
    """(pair orbits of odd difference the base round covers, points of odd x seated), with the
    byes (0, level 0) and (bye_difference, level 1), level 2 never out and the orbit of
    difference `unused` between levels 0 and 1 left unused."""
    odd = 0
    for level in range(3):
        for d in range(1, 6):
            if d == 5 and level != 2:
                continue  # a short orbit: its pairs would meet twice
            odd += d % 2
    odd += 3 * 5  # ten differences between two levels, five of them odd
    odd -= unused % 2
    seated_odd = 15 - bye_difference % 2  # five odd x a level; the bye (0, 0) has even x
    return odd, seated_odd


@lru_cache
def table_profiles(tables: int, odd_points: int, odd_pairs: int) -> tuple[tuple[int, ...], ...]:
    """Every way seven tables of four can hold `odd_points` points of odd x with exactly
    `odd_pairs` pairs of odd difference."""
    return tuple(
        ks
        for ks in product(range(5), repeat=tables)
        if sum(ks) == odd_points and sum(k * (4 - k) for k in ks) == odd_pairs
    )


def test_no_cyclic_schedule_of_30_over_10_at_the_bound_when_parities_agree() -> None:
    for bye_difference in range(10):
        for unused in range(10):
            odd_pairs, odd_points = orbits_needed(bye_difference, unused)
            profiles = table_profiles(7, odd_points, odd_pairs)
            assert (profiles == ()) == (bye_difference % 2 == unused % 2)


def test_four_points_of_a_forest_span_at_most_three_of_its_edges() -> None:
    # 29 x 10 from the 28-player design: the tenth round's new pairs form a forest of stars,
    # so each of its seven tables repeats at least three of its six pairs (21 in all).
    edges = [(a, b) for a in range(4) for b in range(a + 1, 4)]
    for mask in range(1 << 6):
        chosen = [e for i, e in enumerate(edges) if mask >> i & 1]
        parent = list(range(4))

        def find(x: int, parent: list[int] = parent) -> int:
            while parent[x] != x:
                x = parent[x]
            return x

        acyclic = True
        for a, b in chosen:
            ra, rb = find(a), find(b)
            if ra == rb:
                acyclic = False
                break
            parent[ra] = rb
        if acyclic:
            assert len(chosen) <= 3
