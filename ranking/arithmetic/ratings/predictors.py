"""Rating methods side by side, for the accuracy benchmark.

Terms:

* **predictor**: a rating method reduced to two operations: ``learn`` from one session and
  ``scores`` for the players of a table (higher means expected to finish higher).
* **pairwise Elo**: every session counts as the two-player games between its seats (win,
  loss or draw by the game's ranks; in a team game between opponents only), each updating
  both players by ``k * (result - expectation)``.
* **average points**: a player's mean session total so far (0 for an unknown player).
* **least squares**: every player's strength fitted to all the sessions learnt at once
  (points residual = own strength minus the table's mean strength, a ridge penalty of
  ``shrinkage`` sessions towards the pool's mean). Not incremental: a reference for what the
  points say with the opponents' final strengths, rather than a rating method.
* **oracle**: the hidden simulated strength; the ceiling no method can pass on average.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from openskill.models import BradleyTerryFull, PlackettLuce, ThurstoneMostellerFull

from ranking.arithmetic.ratings.config import RatingConfig
from ranking.arithmetic.ratings.engine import apply_session
from ranking.arithmetic.ratings.records import PlayerId, RatingState, ScoredSession
from ranking.arithmetic.ratings.table import places, rank_key

OpenSkillModel = PlackettLuce | BradleyTerryFull | ThurstoneMostellerFull


class Predictor(Protocol):
    name: str

    def learn(self, session: ScoredSession) -> None: ...

    def scores(self, player_ids: Sequence[PlayerId]) -> list[float]: ...


class EnginePredictor:
    """This package's rating engine (``apply_session``) with a given configuration."""

    def __init__(self, name: str, config: RatingConfig) -> None:
        self.name = name
        self.config = config
        self.state = RatingState()

    def learn(self, session: ScoredSession) -> None:
        apply_session(self.state, session, self.config)

    def scores(self, player_ids: Sequence[PlayerId]) -> list[float]:
        players = self.state.players
        return [players[p].mu if p in players else self.config.mu for p in player_ids]


class LibraryPredictor:
    """An ``openskill`` model's own ``rate()``, ranked by total or (with a margin) by score."""

    def __init__(self, name: str, model: OpenSkillModel, *, use_scores: bool = False) -> None:
        self.name = name
        self.model = model
        self.use_scores = use_scores
        self.ratings: dict[PlayerId, Any] = {}  # each model's own rating objects
        self.overflows = 0

    def learn(self, session: ScoredSession) -> None:
        model = self.model
        ids = session.player_ids
        seats = session.teams or tuple((seat,) for seat in range(len(ids)))
        teams: Any = [[self.ratings.get(ids[s]) or model.rating() for s in team] for team in seats]
        key = rank_key(session.totals, session.ranks)
        rated: Any
        try:
            if self.use_scores:
                scores = [float(session.totals[team[0]]) for team in seats]
                rated = model.rate(teams, scores=scores)
            else:
                ranks = [float(place) for place in places([key[team[0]] for team in seats])]
                rated = model.rate(teams, ranks=ranks)
        except OverflowError:
            # Plackett-Luce with a small margin drives mus so far apart in long clubs that
            # the library's exp() overflows; such a session is left unrated (counted).
            self.overflows += 1
            return
        for team, players in zip(seats, rated, strict=True):
            for seat, player in zip(team, players, strict=True):
                self.ratings[ids[seat]] = player

    def scores(self, player_ids: Sequence[PlayerId]) -> list[float]:
        default = self.model.mu
        return [self.ratings[p].mu if p in self.ratings else default for p in player_ids]


class EloPredictor:
    """Pairwise Elo on the usual 400-point logistic scale."""

    def __init__(self, name: str, k: float) -> None:
        self.name = name
        self.k = k
        self.ratings: dict[PlayerId, float] = {}

    def learn(self, session: ScoredSession) -> None:
        ids = session.player_ids
        totals = rank_key(session.totals, session.ranks)
        team = [0] * len(ids)
        for index, seats in enumerate(session.teams or ()):
            for seat in seats:
                team[seat] = index
        old = [self.ratings.get(p, 1500.0) for p in ids]
        change = [0.0] * len(ids)
        for i in range(len(ids)):
            for j in range(i + 1, len(ids)):
                if session.teams is not None and team[i] == team[j]:
                    continue  # partners
                expected_i = 1.0 / (1.0 + 10.0 ** ((old[j] - old[i]) / 400.0))
                result_i = 1.0 if totals[i] > totals[j] else 0.5 if totals[i] == totals[j] else 0.0
                step = self.k * (result_i - expected_i)
                change[i] += step
                change[j] -= step
        for index, player_id in enumerate(ids):
            self.ratings[player_id] = old[index] + change[index]

    def scores(self, player_ids: Sequence[PlayerId]) -> list[float]:
        return [self.ratings.get(p, 1500.0) for p in player_ids]


class AveragePointsPredictor:
    """Mean session total per player."""

    def __init__(self, name: str = "average points per session") -> None:
        self.name = name
        self.sums: dict[PlayerId, int] = {}
        self.counts: dict[PlayerId, int] = {}

    def learn(self, session: ScoredSession) -> None:
        for player_id, total in zip(session.player_ids, session.totals, strict=True):
            self.sums[player_id] = self.sums.get(player_id, 0) + total
            self.counts[player_id] = self.counts.get(player_id, 0) + 1

    def scores(self, player_ids: Sequence[PlayerId]) -> list[float]:
        return [
            self.sums.get(p, 0) / self.counts[p] if p in self.counts else 0.0 for p in player_ids
        ]


class LeastSquaresPredictor:
    """Least squares (ridge) fit of strengths to every learnt session's points residuals.

    With strength ``s``, the model ``residual_i = s_i - mean of the table's s`` (in units of
    the score scale) plus noise, its normal equations say that a player's strength is the
    mean over their sessions of ``k / (k - 1) * residual + mean strength of the opponents``,
    over ``sessions + shrinkage``; Gauss-Seidel sweeps solve them.
    """

    def __init__(
        self,
        name: str = "least squares",
        *,
        shrinkage: float = 2.0,
        sweeps: int = 40,
        scale: float = 250.0,
    ) -> None:
        self.name = name
        self.shrinkage = shrinkage
        self.sweeps = sweeps
        self.scale = scale
        # Per player: the summed own part and, per session, the opponents' ids and weight.
        self.own: dict[PlayerId, float] = {}
        self.meetings: dict[PlayerId, list[tuple[tuple[PlayerId, ...], float]]] = {}
        self.fitted: dict[PlayerId, float] | None = None

    def learn(self, session: ScoredSession) -> None:
        ids = session.player_ids
        seats = len(ids)
        mean = sum(session.totals) / seats
        for player_id, total in zip(ids, session.totals, strict=True):
            residual = (total - mean) / self.scale
            self.own[player_id] = self.own.get(player_id, 0.0) + residual * seats / (seats - 1)
            others = tuple(other for other in ids if other != player_id)
            self.meetings.setdefault(player_id, []).append((others, 1.0 / (seats - 1)))
        self.fitted = None

    def _fit(self) -> dict[PlayerId, float]:
        strength = dict.fromkeys(self.own, 0.0)
        for _ in range(self.sweeps):
            for player_id, meetings in self.meetings.items():
                opponents = 0.0
                for others, weight in meetings:
                    opponents += weight * sum(strength[other] for other in others)
                strength[player_id] = (self.own[player_id] + opponents) / (
                    len(meetings) + self.shrinkage
                )
        return strength

    def scores(self, player_ids: Sequence[PlayerId]) -> list[float]:
        if self.fitted is None:
            self.fitted = self._fit()
        return [self.fitted.get(p, 0.0) for p in player_ids]
