"""Whole-event plans, and the balanced round that follows (or re-plans) them.

`plan_event` plans every remaining round at once. `balanced_round` seats round k + 1 inside
an event: it recomputes the plan the event started with (same players, seed and history) and,
when the k played rounds are exactly that plan's first k rounds, returns its next round, so
a whole event seated round by round is the zero-repeat construction where one exists. When
the played rounds differ (a manual change, a late arrival, a player who left) it re-plans the
remaining rounds around the played ones, keeping them fixed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..byes import sit_out_counts
from ..layout import table_layout
from ..partners import TeamSeats, team_plan, whist_at_bounds
from ..quality import quality_report
from ..types import EventPlan, Pair, PlayerId, SeatingError, SeatingOptions, SeatingRound
from .balanced import plan_balanced
from .shuffle import random_round

PLANNABLE = ("balanced", "random")

TEAM_MEETINGS_EFFORT = 0.4
"""The share of the plan for meetings' budget when the seating makes the teams: there the
opponents count, and the search over partners and opponents (partners.py) spends the rest
better (17 x 8 and 20 x 8 oppose again less often, in about half the time)."""


def meetings_options(options: SeatingOptions, team_seats: TeamSeats | None) -> SeatingOptions:
    """The options of the plan for meetings: a smaller budget with `team_seats`."""
    return replace(options, effort=options.effort * TEAM_MEETINGS_EFFORT) if team_seats else options


def check_players(players: Sequence[PlayerId]) -> list[PlayerId]:
    """The players, sorted, after checking that nobody is listed twice."""
    ids = sorted(players)
    twice = sorted({a for a, b in zip(ids, ids[1:], strict=False) if a == b})
    if twice:
        raise SeatingError(["listed more than once: " + ", ".join(map(str, twice))])
    return ids


def plan_event(
    players: Sequence[PlayerId],
    rounds: int,
    *,
    method: str = "balanced",
    seed: int = 0,
    history: Mapping[Pair, int] | None = None,
    played_rounds: Sequence[SeatingRound] = (),
    byes_so_far: Mapping[PlayerId, int] | None = None,
    options: SeatingOptions | None = None,
    table_sizes: Sequence[int] = (4,),
    preferred_size: int | None = None,
    team_seats: TeamSeats | None = None,
) -> EventPlan:
    """Plan rounds len(played_rounds) + 1 .. `rounds` for the players present now.

    Returns every round, the played ones first and unchanged. `byes_so_far` are the sit-outs
    before the first planned round (by default counted from `played_rounds`). Only `balanced`
    and `random` can be planned ahead; `swiss` and `progressive` need each round's results.
    Tables have the sizes of `table_layout(players, table_sizes, preferred_size)`. With
    `team_seats` (a team game seated without fixed teams) each table's players are ordered
    over the seats so that partners and opponents rotate (seating/partners.py).
    """
    if method not in PLANNABLE:
        raise SeatingError([f"method {method!r} cannot plan a whole event, only {PLANNABLE}"])
    ids = check_players(players)
    options = options or SeatingOptions()
    played = list(played_rounds)
    layout = table_layout(len(ids), table_sizes, preferred_size)
    whist = None
    if method == "balanced" and team_seats and not played:
        whist = whist_at_bounds(ids, rounds, team_seats, seed)
    if whist is not None:
        planned = whist
    elif method == "balanced":
        planned = plan_balanced(
            ids,
            rounds,
            seed=seed,
            history=history or {},
            played_rounds=played,
            byes_so_far=byes_so_far,
            options=meetings_options(options, team_seats),
            layout=layout,
        )
    else:
        planned = []
        counts = dict(sit_out_counts(ids, played, byes_so_far))
        for _ in range(rounds - len(played)):
            round_ = random_round(
                ids, played + planned, byes_so_far=counts, seed=seed, layout=layout
            )
            for p in round_.byes:
                counts[p] += 1
            planned.append(round_)
    if team_seats and whist is None:
        planned = team_plan(played, planned, team_seats, seed, options.effort)
    everything = played + planned
    return EventPlan(method=method, seed=seed, rounds=everything, report=quality_report(everything))


def _team_plan(
    plan: list[SeatingRound],
    played: Sequence[SeatingRound],
    team_seats: TeamSeats | None,
    seed: int,
    effort: float,
) -> list[SeatingRound]:
    return team_plan(played, plan, team_seats, seed, effort) if team_seats else plan


def _shape(round_: SeatingRound) -> tuple[frozenset[frozenset[PlayerId]], frozenset[PlayerId]]:
    return frozenset(frozenset(t) for t in round_.tables), frozenset(round_.byes)


def _participants(round_: SeatingRound) -> set[PlayerId]:
    return set(round_.seated()) | set(round_.byes)


def balanced_round(
    players: Sequence[PlayerId],
    played_rounds: Sequence[SeatingRound],
    *,
    rounds_total: int | None,
    seed: int,
    history: Mapping[Pair, int],
    byes_so_far: Mapping[PlayerId, int] | None,
    options: SeatingOptions,
    layout: list[int] | None = None,
    team_seats: TeamSeats | None = None,
) -> SeatingRound:
    """Round len(played_rounds) + 1 of a balanced event, at tables of the `layout`'s sizes
    (their players ordered over `team_seats`, when given, as in `plan_event`).

    The plans are replayed as a chain: the plan made when the current players first sat down
    together (the event's original plan if nobody arrived or left), then, after the first
    played round that differs from it, the plan made right after that round, and so on. When
    every suggestion was followed this is a single plan; each manual change adds one.
    """
    ids = check_players(players)
    played = list(played_rounds)
    k = len(played)
    total = max(rounds_total or 0, k + 1)
    everyone = set(ids)
    start = k
    while start > 0 and _participants(played[start - 1]) == everyone:
        start -= 1
    while True:
        counts = None
        if byes_so_far is not None:
            later = sit_out_counts(ids, played[start:])
            counts = {p: max(0, byes_so_far.get(p, 0) - later[p]) for p in ids}
        plan = (
            whist_at_bounds(ids, total, team_seats, seed) if team_seats and not start else None
        ) or _team_plan(
            plan_balanced(
                ids,
                total,
                seed=seed,
                history=history,
                played_rounds=played[:start],
                byes_so_far=counts,
                options=meetings_options(options, team_seats),
                layout=layout,
            ),
            played[:start],
            team_seats,
            seed,
            options.effort,
        )
        differs = [i for i in range(start, k) if _shape(plan[i - start]) != _shape(played[i])]
        if not differs:
            return plan[k - start]
        start = differs[0] + 1
