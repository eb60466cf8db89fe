"""Schedules stored for layouts of mixed table sizes that no construction gives.

Keyed by (points, layout): the repeated pairs of the schedule, and each round its tables of
points 0..n-1. Checked by the tests. No zero-repeat schedule is known for these sizes, nor a
proof that none exists (docs/benchmarks.md): Jonkler's 30 players at 5 + 5 + 4 + 4 + 4 + 4 + 4
over 8 rounds and Bonanza Rummy's 33 at 5 + 5 + 5 + 5 + 5 + 4 + 4 over 8, where the planner's
own search seats 23 and 38 within a second.

Found offline in three steps. First seven rounds without a repeat that a cyclic group maps onto
themselves, from an exact model over the base rounds (each pair orbit covered at most once):
for 30, Z_5 on six levels of five, one base round developed over five rounds and two rounds
fixed by the group (two levels at the tables of five, a base block of four on the other four
levels developed into the tables of four); for 33, Z_7 on four levels of seven and five fixed
points, one base round developed over seven rounds. Then an eighth round with as few repeats
given those seven as a model of that one round finds in half a minute, and last a tabu search
over swaps of two players within a round, from that schedule.
"""

from __future__ import annotations

Round = tuple[tuple[int, ...], ...]

STORED_MIXED: dict[tuple[int, tuple[int, ...]], tuple[int, tuple[Round, ...]]] = {
    (30, (5, 5, 4, 4, 4, 4, 4)): (
        8,
        (
            (
                (4, 5, 12, 24, 29),
                (6, 11, 19, 21, 22),
                (0, 10, 17, 23),
                (1, 9, 15, 27),
                (2, 13, 18, 26),
                (3, 7, 16, 20),
                (8, 14, 25, 28),
            ),
            (
                (0, 6, 13, 20, 25),
                (7, 12, 15, 22, 23),
                (1, 11, 18, 24),
                (2, 5, 16, 28),
                (3, 14, 19, 27),
                (4, 8, 17, 21),
                (9, 10, 26, 29),
            ),
            (
                (1, 7, 14, 21, 26),
                (8, 13, 16, 23, 24),
                (0, 9, 18, 22),
                (2, 12, 19, 20),
                (3, 6, 17, 29),
                (4, 10, 15, 28),
                (5, 11, 25, 27),
            ),
            (
                (2, 8, 10, 22, 27),
                (9, 14, 17, 20, 24),
                (0, 11, 16, 29),
                (1, 5, 19, 23),
                (3, 13, 15, 21),
                (4, 7, 18, 25),
                (6, 12, 26, 28),
            ),
            (
                (3, 9, 11, 23, 28),
                (5, 10, 18, 20, 21),
                (0, 8, 19, 26),
                (1, 12, 17, 25),
                (2, 6, 15, 24),
                (4, 14, 16, 22),
                (7, 13, 27, 29),
            ),
            (
                (0, 1, 2, 3, 4),
                (5, 6, 7, 8, 9),
                (10, 19, 24, 25),
                (11, 15, 20, 26),
                (12, 16, 21, 27),
                (13, 17, 22, 28),
                (14, 18, 23, 29),
            ),
            (
                (10, 11, 12, 13, 14),
                (15, 16, 17, 18, 19),
                (0, 7, 24, 28),
                (1, 8, 20, 29),
                (2, 9, 21, 25),
                (3, 5, 22, 26),
                (4, 6, 23, 27),
            ),
            (
                (20, 22, 25, 28, 29),
                (21, 23, 24, 26, 27),
                (0, 5, 14, 15),
                (1, 6, 10, 16),
                (2, 7, 11, 17),
                (3, 8, 12, 18),
                (4, 9, 13, 19),
            ),
        ),
    ),
    (33, (5, 5, 5, 5, 5, 4, 4)): (
        8,
        (
            (
                (0, 9, 20, 27, 28),
                (2, 8, 16, 24, 30),
                (3, 11, 14, 26, 32),
                (5, 10, 17, 23, 29),
                (6, 13, 15, 25, 31),
                (1, 12, 18, 22),
                (4, 7, 19, 21),
            ),
            (
                (0, 7, 16, 26, 31),
                (1, 10, 14, 21, 28),
                (3, 9, 17, 25, 30),
                (4, 12, 15, 27, 32),
                (6, 11, 18, 24, 29),
                (2, 13, 19, 23),
                (5, 8, 20, 22),
            ),
            (
                (0, 12, 19, 25, 29),
                (1, 8, 17, 27, 31),
                (2, 11, 15, 22, 28),
                (4, 10, 18, 26, 30),
                (5, 13, 16, 21, 32),
                (3, 7, 20, 24),
                (6, 9, 14, 23),
            ),
            (
                (1, 13, 20, 26, 29),
                (2, 9, 18, 21, 31),
                (3, 12, 16, 23, 28),
                (5, 11, 19, 27, 30),
                (6, 7, 17, 22, 32),
                (0, 10, 15, 24),
                (4, 8, 14, 25),
            ),
            (
                (0, 8, 18, 23, 32),
                (2, 7, 14, 27, 29),
                (3, 10, 19, 22, 31),
                (4, 13, 17, 24, 28),
                (6, 12, 20, 21, 30),
                (1, 11, 16, 25),
                (5, 9, 15, 26),
            ),
            (
                (0, 13, 14, 22, 30),
                (1, 9, 19, 24, 32),
                (3, 8, 15, 21, 29),
                (4, 11, 20, 23, 31),
                (5, 7, 18, 25, 28),
                (2, 12, 17, 26),
                (6, 10, 16, 27),
            ),
            (
                (1, 7, 15, 23, 30),
                (2, 10, 20, 25, 32),
                (4, 9, 16, 22, 29),
                (5, 12, 14, 24, 31),
                (6, 8, 19, 26, 28),
                (0, 11, 17, 21),
                (3, 13, 18, 27),
            ),
            (
                (0, 1, 2, 5, 6),
                (8, 10, 11, 12, 13),
                (14, 15, 18, 19, 20),
                (21, 23, 24, 25, 26),
                (28, 29, 30, 31, 32),
                (3, 4, 22, 27),
                (7, 9, 16, 17),
            ),
        ),
    ),
}
