"""Rating configuration and the displayed rating scale.

Terms:

* **mu** and **sigma**: a player's Weng-Lin (OpenSkill) skill estimate: the mean of a normal
  distribution over the player's skill and its standard deviation (the uncertainty).
* **ordinal**: the conservative skill estimate ``mu - z * sigma`` (``z`` = 3 by default: the
  player is 99.7 % likely to be at least this good). It grows as a player both plays well and
  plays often, which is why leader boards sort on it.
* **displayed rating**: the ordinal on a friendly scale,
  ``display_offset + display_scale * (mu - display_z * sigma)``. With the defaults a new player
  (mu 25, sigma 25/3) shows exactly 1000, an average regular settles around 1750-1850 and the
  strongest players of a club reach 2000 and more. The value is a float; pages round it.
* **provisional**: a player with fewer than ``provisional_sessions`` rated sessions. Their
  rating is shown, marked as provisional, because sigma is still large.
* **model**: ``points`` (the default: a seat's points against expectation, ``points.py``,
  with ranks by Plackett-Luce where points mean nothing), or Weng-Lin on ranks only:
  ``plackett_luce`` or ``bradley_terry_full``.
* **score_scale**: the game's spread of session totals in points; 0 rates by ranks only.
  ``points_beta``, ``points_noise`` and ``points_tau`` shape the points update (see
  ``points.py``; tuned on simulated clubs other than the benchmark's).
* **margin**: score margin in session points (0 = ranks only), Bradley-Terry only. See
  ``README.md`` for the benchmark behind the defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

ModelName = Literal["points", "plackett_luce", "bradley_terry_full"]
MODEL_NAMES: tuple[ModelName, ...] = ("points", "plackett_luce", "bradley_terry_full")

# The spread of a seat's session total in points (about one standard deviation at a table of
# equals) of the default game's classic rules. A game gives its own (``rating_scale`` of its
# rules, see ``games.seam``); a game without one is rated by ranks.
DEFAULT_SCORE_SCALE = 250.0


@dataclass(frozen=True, slots=True)
class RatingConfig:
    """Everything that determines the rating arithmetic of one club rating pool.

    Two replays give bit-identical numbers only with equal configurations, so the Django layer
    stores the configuration with the pool and rebuilds from scratch when it changes.
    """

    model: ModelName = "points"
    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    kappa: float = 0.0001
    tau: float = 25.0 / 300.0
    margin: float = 0.0
    score_scale: float = DEFAULT_SCORE_SCALE
    points_beta: float = 15.0
    points_noise: float = 1.0
    points_tau: float = 0.25
    provisional_sessions: int = 10
    display_offset: float = 1000.0
    display_scale: float = 40.0
    display_z: float = 3.0

    def __post_init__(self) -> None:
        if self.model not in MODEL_NAMES:
            raise ValueError(f"unknown rating model {self.model!r}; choose from {MODEL_NAMES}")
        if self.sigma <= 0 or self.beta <= 0:
            raise ValueError("sigma and beta must be positive")
        if self.tau <= 0:
            # openskill treats tau=0 as "use the model default", which would silently differ.
            raise ValueError("tau must be positive")
        if self.kappa <= 0:
            raise ValueError("kappa must be positive")
        if self.margin < 0:
            raise ValueError("margin must be 0 (ranks only) or a positive number of points")
        if self.margin > 0 and self.model != "bradley_terry_full":
            # The accuracy benchmark shows a Plackett-Luce margin is harmful or at best
            # neutral, and scores would bypass the tie handling of weng_lin.py.
            raise ValueError("a score margin is only supported with model='bradley_terry_full'")
        if self.score_scale < 0 or min(self.points_beta, self.points_noise, self.points_tau) <= 0:
            raise ValueError(
                "score_scale must not be negative; "
                "points_beta, points_noise and points_tau must be positive"
            )
        if self.provisional_sessions < 0:
            raise ValueError("provisional_sessions must not be negative")

    @property
    def rates_points(self) -> bool:
        """Whether sessions are rated by their points (else by ranks)."""
        return self.model == "points" and self.score_scale > 0

    @property
    def rank_model(self) -> ModelName:
        """The Weng-Lin model for sessions rated by ranks (a game without a score scale)."""
        return "plackett_luce" if self.model == "points" else self.model

    def display(self, mu: float, sigma: float) -> float:
        """The displayed rating of (mu, sigma) on the friendly scale."""
        return self.display_offset + self.display_scale * (mu - self.display_z * sigma)

    def is_provisional(self, sessions_played: int) -> bool:
        """Whether a player with this many rated sessions is still provisional."""
        return sessions_played < self.provisional_sessions


DEFAULT_CONFIG = RatingConfig()


def game_config(score_scale: float, overrides: Mapping[str, Any] | None = None) -> RatingConfig:
    """A pool's configuration: its game's score scale (0, ranks only, for a game whose points
    mean nothing across tables) with the pool's overrides on top."""
    return RatingConfig(**{"score_scale": score_scale, **(overrides or {})})
