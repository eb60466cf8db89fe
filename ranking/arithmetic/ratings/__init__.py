"""Pure rating and standings arithmetic for the clubs' games (no Django import).

Ratings: ``apply_session`` rates one complete session against a ``RatingState`` and returns
its ``HistoryEntry`` rows; ``replay`` does the same for a whole pool from scratch and gives
bit-identical numbers. Standings: see ``ranking.arithmetic.standings``. The terms are
defined in the docstrings of ``records``, ``config`` and ``table``; README.md has the overview.
"""

from ranking.arithmetic.ratings.config import DEFAULT_CONFIG, RatingConfig
from ranking.arithmetic.ratings.engine import (
    ReplayResult,
    SessionOutOfOrder,
    apply_session,
    initial_rating,
    rating_as_of,
    ratings_as_of,
    replay,
    state_from_history,
)
from ranking.arithmetic.ratings.explain import Opponent, SessionExplanation, explain_session
from ranking.arithmetic.ratings.records import (
    HistoryEntry,
    PlayerId,
    PlayerSkill,
    RatingState,
    ScoredSession,
    SessionId,
)
from ranking.arithmetic.ratings.table import TableOutcome, rate_table

__all__ = [
    "DEFAULT_CONFIG",
    "HistoryEntry",
    "Opponent",
    "PlayerId",
    "PlayerSkill",
    "RatingConfig",
    "RatingState",
    "ReplayResult",
    "SessionExplanation",
    "SessionId",
    "SessionOutOfOrder",
    "ScoredSession",
    "TableOutcome",
    "apply_session",
    "explain_session",
    "initial_rating",
    "rate_table",
    "rating_as_of",
    "ratings_as_of",
    "replay",
    "state_from_history",
]
