"""The `manual` method: the organizer places players; these helpers keep the round valid."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from .byes import choose_byes, sit_out_counts
from .types import PlayerId, Round, SeatingError


def validate_manual_round(players: Sequence[PlayerId], round_: Round) -> list[str]:
    """Every problem with an organizer's round, or an empty list when it can be played.

    A valid round seats every present player exactly once or gives them a bye, has tables of
    exactly four, names nobody who is not present, and has no more byes than players % 4
    (otherwise another table of four could be formed).
    """
    problems: list[str] = []
    present = set(players)
    for number, table in enumerate(round_.tables, start=1):
        if len(table) != 4:
            problems.append(f"table {number} has {len(table)} players, not 4")
    placed = Counter(round_.seated()) + Counter(round_.byes)
    for player, times in sorted(placed.items()):
        if times > 1:
            problems.append(f"player {player} is placed {times} times")
        if player not in present:
            problems.append(f"player {player} is not present")
    missing = sorted(present - set(placed))
    if missing:
        problems.append("not seated and not on a bye: " + ", ".join(map(str, missing)))
    allowed = len(present) % 4
    if len(round_.byes) > allowed:
        problems.append(f"{len(round_.byes)} byes where {allowed} are needed")
    return problems


def swap_players(round_: Round, a: PlayerId, b: PlayerId) -> Round:
    """A copy of the round with a and b in each other's places (a seat or a bye)."""

    def where(player: PlayerId) -> tuple[int, int]:
        for t, table in enumerate(round_.tables):
            if player in table:
                return t, table.index(player)
        if player in round_.byes:
            return -1, round_.byes.index(player)
        raise SeatingError([f"player {player} is not in this round"])

    tables = [list(table) for table in round_.tables]
    byes = list(round_.byes)
    (ta, ia), (tb, ib) = where(a), where(b)
    (tables[ta] if ta >= 0 else byes)[ia] = b
    (tables[tb] if tb >= 0 else byes)[ib] = a
    return Round(tables=tables, byes=byes)


def manual_round(
    players: Sequence[PlayerId],
    proposed: Round | None,
    *,
    played_rounds: Sequence[Round] = (),
    byes_so_far: Mapping[PlayerId, int] | None = None,
) -> Round:
    """The organizer's round after checking it.

    Without one, a starting point to edit: fair byes taken from the end of the list, and the
    other players at tables in the order given.
    """
    if proposed is None:
        counts = sit_out_counts(players, played_rounds, byes_so_far)
        byes = choose_byes(list(players)[::-1], counts, len(players) % 4)
        seated = [p for p in players if p not in set(byes)]
        return Round(tables=[seated[i : i + 4] for i in range(0, len(seated), 4)], byes=byes)
    problems = validate_manual_round(players, proposed)
    if problems:
        raise SeatingError(problems)
    return Round(tables=[list(t) for t in proposed.tables], byes=list(proposed.byes))
