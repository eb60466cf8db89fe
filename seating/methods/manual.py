"""The `manual` method: the organizer places players; these helpers keep the round valid."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ..byes import choose_byes, sit_out_counts
from ..layout import byes_needed, check_sizes, cut_tables
from ..types import PlayerId, SeatingError, SeatingRound


def _sizes_text(sizes: tuple[int, ...]) -> str:
    if len(sizes) == 1:
        return str(sizes[0])
    return ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"


def validate_manual_round(
    players: Sequence[PlayerId],
    round_: SeatingRound,
    sizes: Sequence[int] = (4,),
    preferred: int | None = None,
) -> list[str]:
    """Every problem with an organizer's round, or an empty list when it can be played.

    A valid round seats every present player exactly once or gives them a bye, has tables of
    allowed sizes (four for Bonken), names nobody who is not present, and has no more byes than
    the fewest the allowed sizes leave (players % 4 for Bonken: otherwise another table could
    be formed). The organizer may choose any mix of allowed sizes.
    """
    problems: list[str] = []
    present = set(players)
    allowed = check_sizes(sizes)
    for number, table in enumerate(round_.tables, start=1):
        if len(table) not in allowed:
            problems.append(f"table {number} has {len(table)} players, not {_sizes_text(allowed)}")
    placed = Counter(round_.seated()) + Counter(round_.byes)
    for player, times in sorted(placed.items()):
        if times > 1:
            problems.append(f"player {player} is placed {times} times")
        if player not in present:
            problems.append(f"player {player} is not present")
    missing = sorted(present - set(placed))
    if missing:
        problems.append("not seated and not on a bye: " + ", ".join(map(str, missing)))
    needed = byes_needed(len(present), allowed, preferred)
    if len(round_.byes) > needed:
        problems.append(f"{len(round_.byes)} byes where {needed} are needed")
    return problems


def swap_players(round_: SeatingRound, a: PlayerId, b: PlayerId) -> SeatingRound:
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
    return SeatingRound(tables=tables, byes=byes)


def manual_round(
    players: Sequence[PlayerId],
    proposed: SeatingRound | None,
    *,
    played_rounds: Sequence[SeatingRound] = (),
    byes_so_far: Mapping[PlayerId, int] | None = None,
    layout: list[int] | None = None,
    sizes: Sequence[int] = (4,),
    preferred: int | None = None,
) -> SeatingRound:
    """The organizer's round after checking it (tables of the allowed `sizes`).

    Without one, a starting point to edit: fair byes taken from the end of the list, and the
    other players at the layout's tables in the order given.
    """
    if proposed is None:
        if layout is None:
            layout = [4] * (len(players) // 4)
        counts = sit_out_counts(players, played_rounds, byes_so_far)
        byes = choose_byes(list(players)[::-1], counts, len(players) - sum(layout))
        seated = [p for p in players if p not in set(byes)]
        return SeatingRound(tables=cut_tables(seated, layout), byes=byes)
    problems = validate_manual_round(players, proposed, sizes, preferred)
    if problems:
        raise SeatingError(problems)
    return SeatingRound(tables=[list(t) for t in proposed.tables], byes=list(proposed.byes))
