"""Random valid Bonko documents, for the benchmark, the tests and demos.

A round is played out with real dice: the dice go round the table from the first listed team
(the team already at the table), a player rolls again while a roll scores, and a Bonko is called
most of the time. The King's table plays until a team reaches the bell score; the other tables
stop after a random number of turns (the bell rang) and finish the turn in progress. A tie is
rolled off: in each session every player has one turn, until one team leads. About half of the
documents keep every roll; the rest keep the scores only, some of them with a made-up tie and
its roll-offs.
"""

from __future__ import annotations

import random
from typing import Any

from games.bonko.rules.rolls import is_bonko, roll_points
from games.bonko.rules.rulesets import Ruleset

SEATS = 4
CALL_RATE = 0.9
MAX_ROLLS = 5_000


class _Table:
    """The dice going round one table: the points per team and per session, and the rolls."""

    def __init__(
        self, rng: random.Random, ruleset: Ruleset, target: int, teams: list[list[int]]
    ) -> None:
        self.rng = rng
        self.ruleset = ruleset
        self.target = target
        self.team_of = {seat: index for index, team in enumerate(teams) for seat in team}
        self.order = [teams[0][0], teams[1][0], teams[0][1], teams[1][1]]
        self.rolls: list[dict[str, Any]] = []
        self.bonkos = [0] * SEATS

    def turn(self, seat: int, session: int, points: list[int], stop_at: int | None) -> bool:
        """One player's turn; True when the team reached ``stop_at`` (the bell)."""
        team = self.team_of[seat]
        while len(self.rolls) < MAX_ROLLS:
            dice = [self.rng.randint(1, 6) for _ in range(3)]
            called = all(die == self.target for die in dice) and self.rng.random() < CALL_RATE
            scored = roll_points(dice, self.target, self.ruleset, called=called)
            roll: dict[str, Any] = {"seat": seat, "dice": dice, "called": called}
            if session:
                roll["rolloff"] = session
            self.rolls.append(roll)
            self.bonkos[seat] += is_bonko(dice, self.target, called=called)
            points[team] += scored
            if stop_at is not None and points[team] >= stop_at:
                return True
            if not scored:
                return False
        return True

    def round(self, turns: int, stop_at: int | None) -> list[int]:
        points = [0, 0]
        for number in range(turns if stop_at is None else MAX_ROLLS):
            if self.turn(self.order[number % SEATS], 0, points, stop_at):
                break
        return points

    def rolloffs(self) -> list[list[int]]:
        sessions: list[list[int]] = [[], []]
        while not sessions[0] or sessions[0][-1] == sessions[1][-1]:
            points = [0, 0]
            for seat in self.order:
                self.turn(seat, len(sessions[0]) + 1, points, None)
            sessions[0].append(points[0])
            sessions[1].append(points[1])
        return sessions


def random_session(
    rng: random.Random,
    *,
    seats: int = SEATS,
    ruleset: Ruleset,
    set_number: int | None = None,
    target: int | None = None,
    king: bool | None = None,
) -> dict[str, Any]:
    """A random valid, complete document of one table's round (``bench.rules`` uses this);
    ``set_number``, ``target`` (the round in its set) and ``king`` fix what a given table is."""
    if seats != SEATS:
        raise ValueError("Bonko is played at tables of four")
    if target is None:
        target = rng.randint(1, ruleset.rounds_per_set)
    if king is None:
        king = rng.random() < 0.25
    bell = rng.random() < 0.9
    teams = [[0, 2], [1, 3]]
    if rng.random() < 0.5:
        teams.reverse()
    if rng.random() < 0.2:
        teams[0].reverse()
    table = _Table(rng, ruleset, target, teams)
    stop_at = ruleset.bell_score if king and bell else None
    scores = table.round(rng.randint(4, 40), stop_at)
    rolloff = table.rolloffs() if scores[0] == scores[1] else [[], []]
    bonkos: list[int] | None = table.bonkos
    keep_rolls = rng.random() < 0.5
    if not keep_rolls and rng.random() < 0.3:
        scores, rolloff = _made_up_tie(rng, ruleset, stop_at)
        bonkos = [0] * SEATS
    document: dict[str, Any] = {
        "game": "bonko",
        "ruleset": ruleset.code,
        "set": rng.randint(1, 4) if set_number is None else set_number,
        "round": target,
    }
    if king or rng.random() < 0.5:
        document["king"] = king
    if rng.random() < 0.8:
        document["bell"] = bell
    document["teams"] = [
        {"seats": team, "score": score, "rolloff": sessions}
        for team, score, sessions in zip(teams, scores, rolloff, strict=True)
    ]
    if rng.random() < 0.7:
        document["bonkos"] = bonkos
    if keep_rolls:
        document["rolls"] = table.rolls
    return document


def _made_up_tie(
    rng: random.Random, ruleset: Ruleset, stop_at: int | None
) -> tuple[list[int], list[list[int]]]:
    """Tied scores and the roll-off sessions that broke the tie (scores only, no rolls)."""
    score = rng.randint(stop_at or 0, (stop_at or 0) + 60)
    sessions: list[list[int]] = [[], []]
    for _ in range(rng.randint(0, 2)):
        points = rng.randint(0, 12)
        sessions[0].append(points)
        sessions[1].append(points)
    first = rng.randint(0, 12)
    second = rng.choice([points for points in range(13) if points != first])
    sessions[0].append(first)
    sessions[1].append(second)
    return [score, score], sessions
