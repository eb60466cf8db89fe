"""The seating methods, one module each, and `seat_round`: seat the next round of an event with
any of them.

* ``balanced``: every remaining round planned at once (``planner``: the whole-event plans and
  the balanced round that follows them);
* ``shuffle``: ``random``, a seeded shuffle;
* ``swiss``: one round from the standings;
* ``progressive``: a King's table movement, or the game's own;
* ``manual``: the organizer's round checked, or proposed in the players' order.
"""

from __future__ import annotations

from dataclasses import replace

from ..layout import check_sizes, table_layout
from ..quality import quality_report
from ..teams import TeamSeating, check_teams, team_problems
from ..types import (
    METHODS,
    PROGRESSIVE_RULES,
    RoundPlan,
    SeatingError,
    SeatingRequest,
    SeatingRound,
)
from .manual import manual_round
from .planner import balanced_round, check_players
from .progressive import progressive_round
from .shuffle import random_round
from .swiss import swiss_round


def seat_round(request: SeatingRequest) -> RoundPlan:
    """Seat round len(request.played_rounds) + 1; see SeatingRequest for the inputs.

    Tables have the sizes of table_layout(players, request.table_sizes,
    request.preferred_size) (tables of four by default); the players they leave over sit out.
    Raises SeatingError for an unknown method, a player listed twice, table sizes that are not
    positive, or an invalid manual round.
    """
    method = request.method
    if method not in METHODS:
        raise SeatingError([f"unknown method {method!r}; choose from {', '.join(METHODS)}"])
    rule = request.options.progressive_rule
    if not callable(rule) and rule not in PROGRESSIVE_RULES:
        raise SeatingError([f"unknown progressive rule {request.options.progressive_rule!r}"])
    players = list(request.players)
    check_players(players)
    sizes = check_sizes(request.table_sizes)
    if request.teams:
        return _seat_teams(request, sizes)
    layout = table_layout(len(players), sizes, request.preferred_size)
    played = list(request.played_rounds)
    round_: SeatingRound
    if method == "balanced":
        round_ = balanced_round(
            players,
            played,
            rounds_total=request.rounds_total,
            seed=request.seed,
            history=request.history,
            byes_so_far=request.byes_so_far,
            options=request.options,
            layout=layout,
            team_seats=request.team_seats,
        )
    elif method == "random":
        round_ = random_round(
            players, played, byes_so_far=request.byes_so_far, seed=request.seed, layout=layout
        )
    elif method == "swiss":
        round_ = swiss_round(
            players,
            played,
            standings=request.standings,
            history=request.history,
            byes_so_far=request.byes_so_far,
            options=request.options,
            seed=request.seed,
            layout=layout,
        )
    elif method == "progressive":
        round_ = progressive_round(
            players,
            played,
            round_points=request.round_points,
            standings=request.standings,
            byes_so_far=request.byes_so_far,
            rule=request.options.progressive_rule,
            seed=request.seed,
            layout=layout,
        )
    else:
        round_ = manual_round(
            players,
            request.manual_round,
            played_rounds=played,
            byes_so_far=request.byes_so_far,
            layout=layout,
            sizes=sizes,
            preferred=request.preferred_size,
        )
    return RoundPlan(
        round_number=len(played) + 1,
        method=method,
        tables=round_.tables,
        byes=round_.byes,
        report=quality_report([*played, round_]),
    )


def _seat_teams(request: SeatingRequest, sizes: tuple[int, ...]) -> RoundPlan:
    """A team game: the partners of each team seated as one unit (see seating/teams.py)."""
    teams = check_teams(request.teams or ())
    if request.method == "manual" and request.manual_round is not None:
        plan = seat_round(replace(request, teams=None))
        problems = team_problems(plan.as_round(), teams, request.team_seats, sizes)
        if problems:
            raise SeatingError(problems)
        return replace(
            plan, report=quality_report([*request.played_rounds, plan.as_round()], teams)
        )
    played = list(request.played_rounds)
    units = TeamSeating(request, teams)
    round_ = units.to_players(seat_round(units.unit_request(request)).as_round())
    # Partners (and the night's stand-in pairs) meet every round by rule: no repeats.
    partners = [*teams, *units.members.values()]
    return RoundPlan(
        round_number=len(played) + 1,
        method=request.method,
        tables=round_.tables,
        byes=round_.byes,
        report=quality_report([*played, round_], partners),
    )
