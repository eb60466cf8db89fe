"""The `balanced` method: plan every remaining round of an event at once.

The planner keeps the played rounds as they are, starts the remaining rounds from the longest
zero-repeat construction for the number of players present (see seating/designs/constructions.py),
or from shuffles when there is none, and improves them by simulated annealing (seating/search.py).
When players % 4 sit out each round, the start is the construction for the others, with the extra
players in the seats of those on a bye (seating/designs/extras.py); when three sit out, the design
one point larger with the table-mates of one point on a bye is tried first
(seating/designs/ghost.py); 18 and 22 players start from a schedule stored for them
(seating/designs/stored.py), and 23 players over 8 rounds and 30 over 10 from the schedules with
the fewest repeats known (``BEST_KNOWN`` there). Tables of other sizes (a game that allows them:
Jonkler 5 + 5 + 4) start from a design with ghost points where the layout is tables of four and
three, from a schedule stored for the layout where there is one (seating/designs/mixed.py), else
from shuffles cut into the layout's tables (layout.table_layout); the search swaps players between
tables, so every round keeps its layout. Byes start from a seeded rotation over the players with
the fewest sit-outs, so they are fair by construction; the search moves them only by letting two
players who have sat out equally often trade places from some round on, which keeps them fair.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..byes import bye_schedule, sit_out_counts
from ..designs.constructions import is_complete, zero_repeat_schedule
from ..designs.extras import seat_with_extras
from ..designs.ghost import ghost_rounds_fit, seat_around_ghost
from ..designs.mixed import mixed_start
from ..designs.stored import best_known_fit, seat_best_known, seat_stored, stored_rounds_fit
from ..layout import cut_tables
from ..quality import normalize_history
from ..rng import derive_seed, make_rng
from ..search import SearchProblem, anneal
from ..types import Pair, PlayerId, SeatingOptions, SeatingRound


def search_budget(tables: int, free_rounds: int, effort: float) -> int:
    """Swap evaluations allowed: 6,000 per table and round, within 100k..1.5M."""
    steps = 6000 * tables * free_rounds
    return int(effort * min(max(steps, 100_000), 1_500_000))


def _initial_rounds(
    n: int,
    free: int,
    byes: list[list[int]],
    previous: list[list[int]] | None,
    seed: int,
    layout: list[int],
) -> list[list[list[int]]]:
    """Starting tables (player indices) for the free rounds."""
    rng = make_rng(seed, "start")
    fours = all(size == 4 for size in layout)
    construction = zero_repeat_schedule(n) if fours and not any(byes) else []
    complete = bool(construction) and is_complete(n, len(construction))
    rounds: list[list[list[int]]] = []
    if construction:
        order = list(range(len(construction)))
        rng.shuffle(order)
        labels = list(range(n))
        rng.shuffle(labels)
        if previous is not None and (complete or len(construction) > free):
            # Relabel so that the construction's first round is the round just played; the
            # rounds after it then repeat none of its pairs.
            first = construction[order[0]]
            for point_table, player_table in zip(first, previous, strict=True):
                for point, player in zip(point_table, player_table, strict=True):
                    labels[point] = player
            order = order[1:] + order[:1] if complete else order[1:]
        for r in range(min(free, len(order)) if not complete else free):
            source = construction[order[r % len(order)]]
            rounds.append([[labels[p] for p in table] for table in source])
    while len(rounds) < free:
        r = len(rounds)
        off = set(byes[r])
        seated = [p for p in range(n) if p not in off]
        rng.shuffle(seated)
        rounds.append(cut_tables(seated, layout))
    return rounds


def _last_round(
    played_rounds: Sequence[SeatingRound], ids: list[PlayerId], index: dict[PlayerId, int]
) -> tuple[list[list[int]] | None, list[int] | None]:
    """The last played round's tables (player indices; None unless everyone present sat in
    it) and each present player's table in it (-1: not seated; None: no played round)."""
    if not played_rounds:
        return None, None
    last = played_rounds[-1]
    where = [-1] * len(ids)
    for t, table in enumerate(last.tables):
        for p in table:
            if p in index:
                where[index[p]] = t
    if sorted(last.seated()) != ids:
        return None, where
    return [[index[p] for p in table] for table in last.tables], where


def _fixed_meetings(
    index: dict[PlayerId, int],
    history: Mapping[Pair, int],
    played_rounds: Sequence[SeatingRound],
    weight: int,
) -> list[int]:
    """The flat n*n matrix of meetings the plan cannot change: the club's earlier events
    (times `weight`) and the played rounds."""
    n = len(index)
    base = [0] * (n * n)
    if weight:
        for (a, b), times in normalize_history(history).items():
            if a in index and b in index:
                i, j = index[a], index[b]
                base[i * n + j] += weight * times
                base[j * n + i] += weight * times
    for round_ in played_rounds:
        for table in round_.tables:
            inside = [index[p] for p in table if p in index]
            for i in inside:
                for j in inside:
                    if i != j:
                        base[i * n + j] += 1
    return base


def plan_balanced(
    players: Sequence[PlayerId],
    rounds_total: int,
    *,
    seed: int,
    history: Mapping[Pair, int],
    played_rounds: Sequence[SeatingRound],
    byes_so_far: Mapping[PlayerId, int] | None,
    options: SeatingOptions,
    layout: list[int] | None = None,
) -> list[SeatingRound]:
    """The free rounds (after the played ones) of a balanced plan, each round at tables of
    the `layout`'s sizes (by default tables of four)."""
    ids = sorted(players)
    n = len(ids)
    if layout is None:
        layout = [4] * (n // 4)
    free = rounds_total - len(played_rounds)
    if free <= 0:
        return []
    if n == 0:
        return [SeatingRound(tables=[], byes=[]) for _ in range(free)]
    index = {p: i for i, p in enumerate(ids)}
    label = derive_seed(seed, "balanced", len(played_rounds))

    base = _fixed_meetings(index, history, played_rounds, options.history_weight)
    counts = sit_out_counts(ids, played_rounds, byes_so_far)
    priority = list(range(n))
    make_rng(label, "byes").shuffle(priority)
    index_counts = {i: counts[ids[i]] for i in range(n)}
    sitting_out = n - sum(layout)
    byes = bye_schedule(priority, index_counts, free, sitting_out)
    fours = all(size == 4 for size in layout)
    design = zero_repeat_schedule(n - sitting_out) if sitting_out and n > 4 and fours else []

    previous_tables, previous_where = _last_round(played_rounds, ids, index)

    sit_outs = [index_counts[i] for i in range(n)]
    larger = zero_repeat_schedule(n + 1) if sitting_out == 3 and fours else []
    if fours and best_known_fit(n, free, sit_outs):
        # The fewest repeats known for this size (found offline; see designs/stored.py).
        start, byes = seat_best_known(n, free, make_rng(label, "best"))
    elif fours and stored_rounds_fit(n, free, sit_outs):
        # A schedule stored for this size (found offline; no design gives it).
        rng = make_rng(label, "stored")
        start, byes = seat_stored(n, free, sit_outs=sit_outs, priority=priority, rng=rng)
    elif larger and ghost_rounds_fit(n, free, sit_outs, len(larger)):
        # Three sit out each round: the design one point larger, its ghost's mates on a bye.
        rng = make_rng(label, "ghost")
        start, byes = seat_around_ghost(
            larger, n, free, sit_outs=sit_outs, priority=priority, rng=rng
        )
    elif design:
        # Some players sit out every round: the construction for the others, with the extra
        # players in the seats of those on a bye.
        complete = is_complete(n - sitting_out, len(design))
        rng = make_rng(label, "extras")
        start, byes = seat_with_extras(
            design,
            n,
            free,
            complete=complete,
            sit_outs=sit_outs,
            priority=priority,
            base=base,
            rng=rng,
        )
    else:
        mixed = (
            None
            if fours or played_rounds
            else mixed_start(n, free, layout, make_rng(label, "mixed"))
        )
        start = mixed or _initial_rounds(n, free, byes, previous_tables, label, layout)
    problem = SearchProblem(
        n=n,
        base=base,
        rounds=start,
        byes=byes,
        previous=previous_where,
        sit_outs=sit_outs,
        consecutive_weight=options.consecutive_weight,
        budget=search_budget(len(layout), free, options.effort),
        seed=derive_seed(label, "search"),
    )
    tables, final_byes = anneal(problem)
    return [
        SeatingRound(
            tables=[[ids[i] for i in table] for table in round_tables],
            byes=sorted(ids[i] for i in round_byes),
        )
        for round_tables, round_byes in zip(tables, final_byes, strict=True)
    ]
