"""Pure rating and standings arithmetic for Bonken clubs (no Django import).

Ratings: ``apply_session`` rates one complete session against a ``RatingState`` and returns
its ``HistoryEntry`` rows; ``replay`` does the same for a whole pool from scratch and gives
bit-identical numbers. Standings: see ``tournaments.ratings.standings``. The terms are
defined in the docstrings of ``records``, ``config`` and ``table``; README.md has the overview.
"""

from tournaments.ratings.config import DEFAULT_CONFIG, RatingConfig
from tournaments.ratings.engine import (
    ReplayResult,
    SessionOutOfOrder,
    apply_session,
    initial_rating,
    rating_as_of,
    ratings_as_of,
    replay,
    state_from_history,
)
from tournaments.ratings.explain import Opponent, SessionExplanation, explain_session
from tournaments.ratings.records import (
    HISTORY_COLUMNS,
    HistoryEntry,
    PlayerId,
    PlayerRating,
    RatingState,
    SessionId,
    SessionResult,
)
from tournaments.ratings.table import TableOutcome, rate_table

__all__ = [
    "DEFAULT_CONFIG",
    "HISTORY_COLUMNS",
    "HistoryEntry",
    "Opponent",
    "PlayerId",
    "PlayerRating",
    "RatingConfig",
    "RatingState",
    "ReplayResult",
    "SessionExplanation",
    "SessionId",
    "SessionOutOfOrder",
    "SessionResult",
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
