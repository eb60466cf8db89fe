"""A rating pool's configuration as the arithmetic reads it: the game's defaults (its
``rating_scale``) with the pool's overrides. Read by the services that rate and by the
selectors that explain a rating alike."""

from __future__ import annotations

from games.registry import find_game
from ranking.arithmetic.ratings import RatingConfig
from ranking.arithmetic.ratings.config import game_config
from ranking.ratings.models import RatingPool


def pool_config(pool: RatingPool) -> RatingConfig:
    """The pool's rating configuration: the game's defaults with the pool's overrides (an
    empty configuration follows the defaults, so a new default replays every such pool)."""
    return game_config(rating_scale(pool.game), pool.config)


def rating_scale(game: str) -> float:
    """The spread of the game's session totals the points model reads them in (the rules'
    ``rating_scale``), or 0: rated by ranks."""
    rules = find_game(game)
    return float(getattr(rules, "rating_scale", 0.0)) if rules is not None else 0.0
