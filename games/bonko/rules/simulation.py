"""A night of Bonko played by players of known (hidden) strength, for the ratings' benchmark.

Terms:

* **strength**: a player's hidden skill, a number around 0; **skill** how strongly strength
  shows at the table (0: the dice alone decide, as they do at a real table but for the calls).
  Dice have no memory; what strength stands for here is whatever makes one team score more
  than another over many rolls: each die shows the round's target number with probability
  ``min(1/2, exp(skill * strength) / 6)`` (the other faces share the rest alike).
* **call**: three target dice score 21 only when called out; a player calls with probability
  ``CALL`` (an attentive player more often: ``CALL_SPREAD * skill * strength`` on the odds).
* **night**: the players present pair up at random into teams of two that stay together all
  night; the teams sit at random tables of two teams; then sets of rounds (round r's target is
  r) with the game's movement after every round (``movement.next_tables``).
* **round**: the dice go round each table, the team already there first (seats 0, 1, 2, 3:
  the first team at 0 and 2); a player rolls again while a roll scores. The King's table rolls
  until a team reaches the bell score; that takes as many rolls as it takes, and every other
  table rolls as many (finishing the turn in progress, and every player rolls at least once).
  A tie is rolled off: every player one turn, until one team leads.

Each table's round is a document the game scores itself (``GAME.score``): its team scores
are Bonko points, its placements the winner after the roll-offs.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.bonko.rules.movement import next_tables
from games.bonko.rules.rolls import is_bonko, roll_points
from games.bonko.rules.rulesets import RULESETS, Ruleset

SEATS = 4
CALL, CALL_SPREAD = 0.9, 4.0
MAX_ROLLS = 2_000  # a round stops here whatever happens (never reached in practice)


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """One table's round: the players by seat (the first team at seats 0 and 2) and the
    document as the table would enter it."""

    table: int
    players: tuple[Any, ...]
    document: dict[str, Any]


class _Dice:
    """The dice of one round at one table: each seat's rolls and what they score."""

    def __init__(
        self,
        rng: random.Random,
        strengths: Sequence[float],
        target: int,
        skill: float,
        ruleset: Ruleset,
    ) -> None:
        self.rng = rng
        self.target = target
        self.ruleset = ruleset
        self.hit = [min(0.5, math.exp(skill * s) / 6.0) for s in strengths]
        self.call = [
            1.0 / (1.0 + math.exp(-(math.log(CALL / (1 - CALL)) + CALL_SPREAD * skill * s)))
            for s in strengths
        ]
        self.bonkos = [0] * SEATS
        self.rolls = 0

    def die(self, seat: int) -> int:
        rng = self.rng
        if rng.random() < self.hit[seat]:
            return self.target
        face = rng.randint(1, 5)
        return face + 1 if face >= self.target else face

    def turn(self, seat: int, points: list[int], stop_at: int | None) -> bool:
        """One turn of ``seat`` (its team is ``seat % 2``); True when the team reached
        ``stop_at``."""
        while self.rolls < MAX_ROLLS:
            dice = [self.die(seat), self.die(seat), self.die(seat)]
            called = self.rng.random() < self.call[seat]
            scored = roll_points(dice, self.target, self.ruleset, called=called)
            self.rolls += 1
            self.bonkos[seat] += is_bonko(dice, self.target, called=called)
            points[seat % 2] += scored
            if stop_at is not None and points[seat % 2] >= stop_at:
                return True
            if not scored:
                return False
        return True

    def round(self, *, stop_at: int | None, rolls: int | None) -> list[int]:
        """The teams' points: until a team reaches ``stop_at`` (the King's table), or for
        ``rolls`` rolls, each turn finished and every seat having had one."""
        points = [0, 0]
        turn = 0
        while self.rolls < MAX_ROLLS:
            if rolls is not None and self.rolls >= rolls and turn >= SEATS:
                break
            if self.turn(turn % SEATS, points, stop_at):
                break
            turn += 1
        return points

    def rolloffs(self) -> list[list[int]]:
        sessions: list[list[int]] = [[], []]
        while not sessions[0] or sessions[0][-1] == sessions[1][-1]:
            points = [0, 0]
            for seat in range(SEATS):
                self.turn(seat, points, None)
            sessions[0].append(points[0])
            sessions[1].append(points[1])
        return sessions


def _document(
    dice: _Dice, scores: list[int], set_number: int, king: bool, ruleset: Ruleset
) -> dict[str, Any]:
    rolloff = dice.rolloffs() if scores[0] == scores[1] else [[], []]
    return {
        "game": "bonko",
        "ruleset": ruleset.code,
        "set": set_number,
        "round": dice.target,
        "king": king,
        "bell": True,
        "teams": [
            {"seats": [0, 2], "score": scores[0], "rolloff": rolloff[0]},
            {"seats": [1, 3], "score": scores[1], "rolloff": rolloff[1]},
        ],
        "bonkos": dice.bonkos,
    }


def _first_won(document: dict[str, Any]) -> bool:
    """Whether the team already at the table won: the higher score, else the last roll-off."""
    first, second = document["teams"]
    return (first["score"], first["rolloff"][-1:]) > (second["score"], second["rolloff"][-1:])


def played_night(
    rng: random.Random,
    players: Sequence[Hashable],
    strength: Mapping[Any, float],
    *,
    skill: float,
    sets: int = 2,
    ruleset: Ruleset = RULESETS["bonko"],
) -> list[PlayedRound]:
    """A night of ``sets`` sets for ``players`` (those beyond a multiple of four sit out):
    every table's round, in play order (round by round, the King's table first)."""
    seated = list(players)
    rng.shuffle(seated)
    seated = seated[: len(seated) - len(seated) % SEATS]
    teams = [(seated[i], seated[i + 1]) for i in range(0, len(seated), 2)]
    tables = [(teams[i], teams[i + 1]) for i in range(0, len(teams), 2)]
    played: list[PlayedRound] = []
    for set_number in range(1, sets + 1):
        for target in range(1, ruleset.rounds_per_set + 1):
            results = []
            budget: int | None = None
            for number, (first, second) in enumerate(tables, start=1):
                at_table = (first[0], second[0], first[1], second[1])
                dice = _Dice(rng, [strength[p] for p in at_table], target, skill, ruleset)
                king = number == 1
                scores = dice.round(stop_at=ruleset.bell_score if king else None, rolls=budget)
                if king:
                    budget = dice.rolls
                document = _document(dice, scores, set_number, king, ruleset)
                played.append(PlayedRound(number, at_table, document))
                results.append((first, second) if _first_won(document) else (second, first))
            tables = next_tables(results, rule=ruleset.movement)
    return played
