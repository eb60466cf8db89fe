"""The simulated clubs of every game, for ``bench.ratings_accuracy`` (``--game``).

Terms:

* **kind**: a kind of club (``ClubSpec``): how many players, how many evenings of how many
  rounds, how strongly strength shows (``skill``), whether strengths drift, whether rounds are
  seated by level. Every game has the same kinds where they make sense, with its own tables.
* **skill** means something else in every game (a card game's hands, a dice game's rolls), so
  each game multiplies the kinds' skill by a factor of its own (``skill_factor``), chosen so
  that the hidden strengths predict a table about as well as in a Bonken club of that kind
  (the oracle's row of the benchmark).
* **tables**: a game's own sizes, as the service seats them (``seating.layout.table_layout``
  with the game's sizes and preferred size: Jonkler 3 to 6 around 4, Bonanza Rummy 2 to 9
  around 5); a Bonko night is its own (teams of two all night, the King's table and the
  movement: ``games.bonko.rules.simulation``).
* **play**: every table plays a session by the game's own rules (its ``simulation`` module),
  and the game scores the document (``GAME.score``), so the totals are the game's points
  (Jonkler points, Bonanza chips, Bonko team scores) and the ranks its placements (Bonko's
  roll-off decides a tie).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bench.league_accuracy import LEAGUE, leagues
from games.bonanza.rules import GAME as BONANZA
from games.bonanza.rules.simulation import played_session as bonanza_session
from games.bonko.rules import GAME as BONKO
from games.bonko.rules.simulation import played_night
from games.jonkler.rules import GAME as JONKLER
from games.jonkler.rules.simulation import played_session as jonkler_session
from ranking.arithmetic.ratings.config import DEFAULT_SCORE_SCALE
from ranking.arithmetic.ratings.records import ScoredSession
from ranking.arithmetic.ratings.simulate import (
    NightTable,
    PlayedTable,
    SimulatedClub,
    simulate_club,
)
from seating.layout import table_layout


@dataclass(frozen=True, slots=True)
class ClubSpec:
    name: str
    players: int
    evenings: int
    rounds_per_evening: int
    skill: float
    drift: float
    by_level: bool = False
    league: bool = False  # players: of the whole league; evenings: its weeks


CLUB_SPECS: tuple[ClubSpec, ...] = (
    ClubSpec("small, luck-heavy", 24, 160, 2, 0.15, 0.0),
    ClubSpec("medium", 40, 120, 2, 0.25, 0.0),
    ClubSpec("large, one round", 80, 100, 1, 0.25, 0.0),
    ClubSpec("skilled", 36, 120, 2, 0.4, 0.0),
    ClubSpec("drifting strengths", 40, 160, 2, 0.3, 0.04),
    ClubSpec("one season", 32, 30, 2, 0.25, 0.0),
    ClubSpec("big and sparse", 160, 40, 1, 0.25, 0.0),
    ClubSpec("very luck-heavy", 24, 160, 2, 0.08, 0.0),
    # Every other kind seats at random, where the opponents' strength averages out over a
    # player's sessions; here it does not (see ``simulate.py``).
    ClubSpec("seated by level", 40, 120, 2, 0.25, 0.0, by_level=True),
)

# A Bonko night is sets of six rounds, so a night plays six times the sessions a player plays
# in a round of the others: a Bonko club meets a quarter as often, and ``rounds_per_evening``
# counts sets. Its movement seats every round by the last one's results, so no kind is seated
# at random and none needs seating by level.
BONKO_SPECS: tuple[ClubSpec, ...] = (
    ClubSpec("small, luck-heavy", 24, 40, 2, 0.15, 0.0),
    ClubSpec("medium", 40, 30, 2, 0.25, 0.0),
    ClubSpec("large, one set", 80, 25, 1, 0.25, 0.0),
    ClubSpec("skilled", 36, 30, 2, 0.4, 0.0),
    ClubSpec("drifting strengths", 40, 40, 2, 0.3, 0.08),
    ClubSpec("one season", 32, 8, 2, 0.25, 0.0),
    ClubSpec("big and sparse", 160, 10, 1, 0.25, 0.0),
    ClubSpec("very luck-heavy", 24, 40, 2, 0.08, 0.0),
)

Build = Callable[[ClubSpec, int, int], SimulatedClub]  # kind, seed, evenings


@dataclass(frozen=True, slots=True)
class GameClubs:
    """A game's simulated clubs: its kinds, how a club of a kind is played, and the spread the
    points are read in (``points_scale``: the game's ``rating_scale`` where it declares one,
    else the spread measured at a table of equals, for the points model to be compared)."""

    code: str
    kinds: tuple[ClubSpec, ...]
    build: Build
    points_scale: float
    team_game: bool = False


def _scored(game: Any, document: dict[str, Any]) -> PlayedTable:
    outcome = game.score(document)
    if not (outcome.valid and outcome.complete):
        raise ValueError(f"a simulated session is not valid: {outcome.to_dict()}")
    teams = outcome.teams()
    return PlayedTable(
        tuple(outcome.totals),
        tuple(outcome.placements),
        tuple(tuple(team) for team in teams) if teams is not None else None,
    )


def _table_game(game: Any, session: Callable[..., dict[str, Any]], factor: float) -> Build:
    def layout(present: int) -> list[int]:
        return table_layout(present, game.table_sizes, game.preferred_size)

    def build(spec: ClubSpec, seed: int, evenings: int) -> SimulatedClub:
        skill = spec.skill * factor

        def play(strengths: Sequence[float], rng: random.Random) -> PlayedTable:
            return _scored(game, session(rng, strengths, skill=skill))

        return simulate_club(
            seed=seed,
            name=spec.name,
            players=spec.players,
            evenings=evenings,
            rounds_per_evening=spec.rounds_per_evening,
            drift=spec.drift,
            by_level=spec.by_level,
            layout=layout,
            play=play,
        )

    return build


def _bonko(factor: float) -> Build:
    def build(spec: ClubSpec, seed: int, evenings: int) -> SimulatedClub:
        skill = spec.skill * factor

        def night(
            present: list[int], strength: Mapping[int, float], rng: random.Random
        ) -> list[NightTable]:
            rounds = played_night(rng, present, strength, skill=skill, sets=spec.rounds_per_evening)
            tables: list[NightTable] = []
            for played in rounds:
                seated = tuple(int(player) for player in played.players)
                tables.append(
                    NightTable(
                        _round_of(tables, played.table),
                        played.table - 1,
                        seated,
                        _scored(BONKO, played.document),
                    )
                )
            return tables

        return simulate_club(
            seed=seed,
            name=spec.name,
            players=spec.players,
            evenings=evenings,
            drift=spec.drift,
            night=night,
        )

    return build


def _round_of(tables: Sequence[NightTable], number: int) -> int:
    """The round of the next table of a night: a new one when it is the King's table."""
    if not tables:
        return 0
    return tables[-1].round_index + (1 if number == 1 else 0)


# Bonken's kinds and a league: six clubs of 14, their levels spread over two standard
# deviations, at home every week and at a league day every fourth (``simulate_league``),
# judged on the tables where players of different clubs meet (``bench.league_accuracy``).
BONKEN_SPECS: tuple[ClubSpec, ...] = (
    *CLUB_SPECS,
    ClubSpec(LEAGUE, 84, 60, 2, 0.3, 0.0, league=True),
)

GAME_CLUBS: dict[str, GameClubs] = {
    "bonken": GameClubs(
        "bonken",
        BONKEN_SPECS,
        lambda spec, seed, evenings: simulate_club(
            seed=seed,
            name=spec.name,
            players=spec.players,
            evenings=evenings,
            rounds_per_evening=spec.rounds_per_evening,
            skill=spec.skill,
            drift=spec.drift,
            by_level=spec.by_level,
        ),
        DEFAULT_SCORE_SCALE,
    ),
    "jonkler": GameClubs("jonkler", CLUB_SPECS, _table_game(JONKLER, jonkler_session, 1.4), 50.0),
    "bonanza": GameClubs("bonanza", CLUB_SPECS, _table_game(BONANZA, bonanza_session, 2.4), 50.0),
    "bonko": GameClubs("bonko", BONKO_SPECS, _bonko(1.0), 7.0, team_game=True),
}
GAMES: tuple[str, ...] = tuple(GAME_CLUBS)


def build_clubs(
    seeds: int, *, seed_offset: int = 0, evenings_factor: float = 1.0, game: str = "bonken"
) -> list[SimulatedClub]:
    """``seeds`` clubs of every kind of ``game``; ``seed_offset`` picks other clubs of the
    same kinds and ``evenings_factor`` lengthens (or shortens) every club's history."""
    clubs = GAME_CLUBS[game]
    built = []
    for spec_index, spec in enumerate(clubs.kinds):
        evenings = max(1, round(spec.evenings * evenings_factor))
        if spec.league:
            built += leagues(
                base=1000 * spec_index,
                name=spec.name,
                players=spec.players,
                weeks=evenings,
                rounds=spec.rounds_per_evening,
                skill=spec.skill,
                seeds=range(seed_offset, seed_offset + seeds),
            )
            continue
        for repeat in range(seed_offset, seed_offset + seeds):
            built.append(clubs.build(spec, 1000 * spec_index + repeat, evenings))
    return built


def by_team(predicted: Sequence[float], session: ScoredSession) -> Sequence[float]:
    """Each seat's prediction, or in a team game its team's: the sum over the partners."""
    if session.teams is None:
        return predicted
    team_of = [0.0] * len(predicted)
    for team in session.teams:
        strength = sum(predicted[seat] for seat in team)
        for seat in team:
            team_of[seat] = strength
    return team_of


def random_winner(sessions: Sequence[ScoredSession]) -> float:
    """The winner credit of a random guess: one over the number of sides at the table."""
    return sum(1 / len(s.teams or s.totals) for s in sessions) / len(sessions)
