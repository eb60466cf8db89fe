"""Fair byes: who sits out when no mix of the game's table sizes seats everyone present.

Each round, the players that the table layout leaves over sit out (layout.table_layout:
players % 4 for Bonken and Bonko, none for Jonkler and Bonanza from three and two players).
Fair means the sit-out counts never differ by more than one among the players present: a
round's byes always go to players with the fewest sit-outs so far, so nobody sits out twice
before everyone has sat out once. A round missed
because the player had not arrived counts as a sit-out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from .types import PlayerId, SeatingRound


def sit_out_counts(
    players: Sequence[PlayerId],
    played_rounds: Sequence[SeatingRound],
    byes_so_far: Mapping[PlayerId, int] | None = None,
) -> dict[PlayerId, int]:
    """Sit-outs per present player: `byes_so_far` when given, else from the played rounds."""
    if byes_so_far is not None:
        return {p: int(byes_so_far.get(p, 0)) for p in players}
    seated: Counter[PlayerId] = Counter()
    for round_ in played_rounds:
        seated.update(round_.seated())
    return {p: len(played_rounds) - seated[p] for p in players}


def choose_byes(
    priority: Sequence[PlayerId], counts: Mapping[PlayerId, int], how_many: int
) -> list[PlayerId]:
    """The `how_many` players with the fewest sit-outs; ties go to the earliest in `priority`."""
    order = {p: i for i, p in enumerate(priority)}
    ranked = sorted(priority, key=lambda p: (counts.get(p, 0), order[p]))
    return ranked[:how_many]


def bye_schedule(
    priority: Sequence[PlayerId],
    counts: Mapping[PlayerId, int],
    rounds: int,
    how_many: int | None = None,
) -> list[list[PlayerId]]:
    """Byes for `rounds` rounds in a row (`how_many` each, by default players % 4), rotating
    through `priority` among equal counts."""
    running = {p: counts.get(p, 0) for p in priority}
    if how_many is None:
        how_many = len(priority) % 4
    schedule = []
    for _ in range(rounds):
        byes = choose_byes(priority, running, how_many)
        for p in byes:
            running[p] += 1
        schedule.append(byes)
    return schedule
