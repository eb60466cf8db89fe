"""A league season's standings: a club season's (``season``) counted in nights, across clubs.

Terms:

* **night**: one event that counts for the league (a club's league night or a league day); a
  seat result's ``round_id`` names it. "Best N nights" sums a player's N best night totals.
* **minimum nights**: a player who played fewer nights than ``min_nights`` is listed after the
  ranked players, ordered the same way, without a rank (as ``min_sessions`` does for sessions).
* **players**: whoever the caller passes results of: a league ranks the players with a league
  number only (their places at each table are the table's, with every seat).

Ranks are those of ``season_standings`` among the players with enough nights, so a player below
the minimum never moves another's rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ranking.arithmetic.ratings.records import PlayerId
from ranking.arithmetic.standings.records import SeatResult
from ranking.arithmetic.standings.season import SeasonRow, SeasonRules, season_standings


@dataclass(frozen=True, slots=True)
class LeagueRules:
    season: SeasonRules
    min_nights: int = 0

    def __post_init__(self) -> None:
        if self.min_nights < 0:
            raise ValueError("min_nights must not be negative")


def nights_played(results: Iterable[SeatResult]) -> dict[PlayerId, int]:
    """How many distinct nights each player has a result in."""
    nights: dict[PlayerId, set[object]] = {}
    for result in results:
        nights.setdefault(result.player_id, set()).add(result.round_id)
    return {player: len(played) for player, played in nights.items()}


def league_standings(
    results: Iterable[SeatResult], rules: LeagueRules, *, players: Sequence[PlayerId] = ()
) -> list[SeasonRow]:
    """The season's rows: players with at least ``min_nights`` nights ranked first, the others
    after them without a rank. ``players`` lists league players without results too."""
    season = [r for r in results if _in_season(r, rules.season)]
    nights = nights_played(season)
    enough = {p for p, count in nights.items() if count >= rules.min_nights}
    if rules.min_nights == 0:
        enough |= set(players)
    ranked = season_standings(
        [r for r in season if r.player_id in enough],
        rules.season,
        players=[p for p in players if p in enough],
    )
    others = season_standings(
        [r for r in season if r.player_id not in enough],
        rules.season,
        players=[p for p in players if p not in enough],
    )
    return ranked + [replace(row, rank=None, tied=False) for row in others]


def _in_season(result: SeatResult, rules: SeasonRules) -> bool:
    if rules.start is not None and result.played_on < rules.start:
        return False
    return rules.end is None or result.played_on <= rules.end
