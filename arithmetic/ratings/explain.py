"""Why a rating moved: one session from one player's point of view.

Terms:

* **placement gain**: expected placement minus actual placement. Positive: the player
  finished higher than the ratings predicted, which raises mu; negative lowers it. The size
  of the change also depends on the player's sigma (a provisional player moves more) and on
  the opponents' ratings.
* **verdict**: ``better``, ``as_expected`` or ``worse`` than the ratings predicted, with
  ``as_expected`` for a placement gain smaller than ``AS_EXPECTED_WITHIN`` places.

The figures are plain numbers; wording and translation belong to the pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from arithmetic.ratings.records import HistoryEntry, PlayerId, SessionId

AS_EXPECTED_WITHIN = 0.25
Verdict = Literal["better", "as_expected", "worse"]


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


def _verdict(placement_gain: float) -> Verdict:
    if placement_gain >= AS_EXPECTED_WITHIN:
        return "better"
    if placement_gain <= -AS_EXPECTED_WITHIN:
        return "worse"
    return "as_expected"


def explain_session(entries: Sequence[HistoryEntry], player_id: PlayerId) -> SessionExplanation:
    """Explain one session for one player, from the history entries of all its seats."""
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
    return SessionExplanation(
        session_id=entry.session_id,
        played_at=entry.played_at,
        player_id=player_id,
        total=entry.total,
        place=entry.place,
        actual_placement=entry.actual_placement,
        expected_placement=entry.expected_placement,
        placement_gain=entry.placement_gain,
        verdict=_verdict(entry.placement_gain),
        rating_before=entry.ordinal_before,
        rating_after=entry.ordinal_after,
        rating_change=entry.ordinal_change,
        mu_change=entry.mu_change,
        sigma_before=entry.sigma_before,
        sigma_after=entry.sigma_after,
        provisional=entry.provisional,
        opponents=opponents,
    )
