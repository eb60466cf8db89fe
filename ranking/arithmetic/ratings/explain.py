"""Why a rating moved: one session from one player's point of view.

Terms:

* **placement gain**: expected placement minus actual placement. Positive: the player
  finished higher than the ratings predicted, which raises mu; negative lowers it. The size
  of the change also depends on the player's sigma (a provisional player moves more) and on
  the opponents' ratings.
* **points gain** (the points model, ``points.py``): the session total minus the total the
  ratings expected, given the player's own rating and the opponents'. The rating moves in the
  direction of the points gain, more the larger it is and the less certain the rating still
  is. The same total is worth more against a strong table (it was expected to score less
  there): ``opponents_rating`` is the mean displayed rating of the others at the table.
* **rated by**: ``points`` (a game whose points mean something, sessions of individuals) or
  ``ranks`` (placement against expectation: a team game, or a game rated by ranks only).
* **verdict**: ``better``, ``as_expected`` or ``worse`` than the ratings predicted, with
  ``as_expected`` for a placement gain smaller than ``AS_EXPECTED_WITHIN`` places, or (rated
  by points) a points gain within ``AS_EXPECTED_POINTS`` of the game's score scale.

The figures are plain numbers; wording and translation belong to the pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from ranking.arithmetic.ratings.config import RatingConfig
from ranking.arithmetic.ratings.points import expected_points
from ranking.arithmetic.ratings.records import HistoryEntry, PlayerId, SessionId

AS_EXPECTED_WITHIN = 0.25
AS_EXPECTED_POINTS = 0.1
Verdict = Literal["better", "as_expected", "worse"]
RatedBy = Literal["points", "ranks"]


@dataclass(frozen=True, slots=True)
class Opponent:
    player_id: PlayerId
    rating_before: float
    total: int
    place: int


@dataclass(frozen=True, slots=True)
class SessionExplanation:
    session_id: SessionId
    played_at: datetime
    player_id: PlayerId
    total: int
    place: int
    actual_placement: float
    expected_placement: float
    placement_gain: float
    verdict: Verdict
    rating_before: float
    rating_after: float
    rating_change: float
    mu_change: float
    sigma_before: float
    sigma_after: float
    provisional: bool
    opponents: tuple[Opponent, ...]
    rated_by: RatedBy = "ranks"
    opponents_rating: float = 0.0
    expected_total: float | None = None
    points_gain: float | None = None


def _verdict(placement_gain: float) -> Verdict:
    if placement_gain >= AS_EXPECTED_WITHIN:
        return "better"
    if placement_gain <= -AS_EXPECTED_WITHIN:
        return "worse"
    return "as_expected"


def _verdict_points(points_gain: float, config: RatingConfig) -> Verdict:
    within = AS_EXPECTED_POINTS * config.score_scale
    if points_gain >= within:
        return "better"
    if points_gain <= -within:
        return "worse"
    return "as_expected"


def explain_session(
    entries: Sequence[HistoryEntry],
    player_id: PlayerId,
    config: RatingConfig | None = None,
    *,
    teams: bool = False,
) -> SessionExplanation:
    """Explain one session for one player, from the history entries of all its seats.

    ``config`` is the configuration the session was rated with; with the points model (and
    ``teams`` false: a team game is rated by ranks) the explanation gives the expected total
    and the points gain, else the placements alone.
    """
    sessions = {entry.session_id for entry in entries}
    if len(sessions) != 1:
        raise ValueError("explain_session needs the history entries of exactly one session")
    mine = [entry for entry in entries if entry.player_id == player_id]
    if not mine:
        raise ValueError(f"player {player_id!r} did not play this session")
    entry = mine[0]
    opponents = tuple(
        Opponent(other.player_id, other.ordinal_before, other.total, other.place)
        for other in sorted(entries, key=lambda e: e.seat)
        if other.player_id != player_id
    )
    seats = sorted(entries, key=lambda e: e.seat)
    rated_by: RatedBy = "ranks"
    expected_total: float | None = None
    points_gain: float | None = None
    verdict = _verdict(entry.placement_gain)
    if config is not None and config.rates_points and not teams:
        mean = sum(e.total for e in seats) / len(seats)
        expected = expected_points([e.mu_before for e in seats], config)
        expected_total = mean + expected[seats.index(entry)]
        points_gain = entry.total - expected_total
        rated_by = "points"
        verdict = _verdict_points(points_gain, config)
    opponents_rating = (
        sum(o.rating_before for o in opponents) / len(opponents) if opponents else 0.0
    )
    return SessionExplanation(
        session_id=entry.session_id,
        played_at=entry.played_at,
        player_id=player_id,
        total=entry.total,
        place=entry.place,
        actual_placement=entry.actual_placement,
        expected_placement=entry.expected_placement,
        placement_gain=entry.placement_gain,
        verdict=verdict,
        rating_before=entry.ordinal_before,
        rating_after=entry.ordinal_after,
        rating_change=entry.ordinal_change,
        mu_change=entry.mu_change,
        sigma_before=entry.sigma_before,
        sigma_after=entry.sigma_after,
        provisional=entry.provisional,
        opponents=opponents,
        rated_by=rated_by,
        opponents_rating=opponents_rating,
        expected_total=expected_total,
        points_gain=points_gain,
    )
