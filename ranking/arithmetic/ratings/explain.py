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
* **rated by**: ``points`` (a game whose points mean something) or ``ranks`` (placement
  against expectation: a game rated by ranks only).
* **side**: the player's team in a team game (the player and the **partners**), else the
  player alone. In a team game the points are the team's score, expected from the sum of the
  partners' ratings against the other team's; ``side_rating`` is the mean rating of the side
  before the session, and the **opponents** are the other teams' players only.
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
    partners: tuple[Opponent, ...] = ()
    side_rating: float = 0.0


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


def sides(entries: Sequence[HistoryEntry], teams: bool) -> list[list[HistoryEntry]]:
    """The sides of a table, by seat: in a team game the seats of each team (partners share
    their team's place and score, and no two teams share both once a tie is rolled off), else
    every seat alone."""
    seats = sorted(entries, key=lambda e: e.seat)
    if not teams:
        return [[entry] for entry in seats]
    grouped: dict[tuple[int, int], list[HistoryEntry]] = {}
    for entry in seats:
        grouped.setdefault((entry.place, entry.total), []).append(entry)
    return list(grouped.values())


def _opponent(entry: HistoryEntry) -> Opponent:
    return Opponent(entry.player_id, entry.ordinal_before, entry.total, entry.place)


def _points(
    table: Sequence[Sequence[HistoryEntry]], mine: int, config: RatingConfig
) -> tuple[float, float]:
    """The side's expected score and its score against it (``points.py``'s expectation: the
    sides' strengths, each the sum of its players' mus, around the mean score)."""
    scores = [sum(e.total for e in side) / len(side) for side in table]
    strengths = [sum(e.mu_before for e in side) for side in table]
    expected_total = sum(scores) / len(scores) + expected_points(strengths, config)[mine]
    return expected_total, scores[mine] - expected_total


def explain_session(
    entries: Sequence[HistoryEntry],
    player_id: PlayerId,
    config: RatingConfig | None = None,
    *,
    teams: bool = False,
) -> SessionExplanation:
    """Explain one session for one player, from the history entries of all its seats.

    ``config`` is the configuration the session was rated with; with the points model the
    explanation gives the expected total (in a team game, ``teams``, the team's) and the
    points gain, else the placements alone.
    """
    sessions = {entry.session_id for entry in entries}
    if len(sessions) != 1:
        raise ValueError("explain_session needs the history entries of exactly one session")
    mine = [entry for entry in entries if entry.player_id == player_id]
    if not mine:
        raise ValueError(f"player {player_id!r} did not play this session")
    entry = mine[0]
    table = sides(entries, teams)
    side = next(index for index, seats in enumerate(table) if entry in seats)
    partners = tuple(_opponent(e) for e in table[side] if e is not entry)
    opponents = tuple(_opponent(e) for index, s in enumerate(table) if index != side for e in s)
    rated_by: RatedBy = "ranks"
    expected_total: float | None = None
    points_gain: float | None = None
    verdict = _verdict(entry.placement_gain)
    if config is not None and config.rates_points:
        expected_total, points_gain = _points(table, side, config)
        rated_by = "points"
        verdict = _verdict_points(points_gain, config)
    opponents_rating = (
        sum(o.rating_before for o in opponents) / len(opponents) if opponents else 0.0
    )
    side_rating = (entry.ordinal_before + sum(p.rating_before for p in partners)) / (
        1 + len(partners)
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
        partners=partners,
        side_rating=side_rating,
    )
