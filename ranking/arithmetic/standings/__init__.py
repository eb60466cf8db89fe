"""Standings over time: season standings of a club and event standings (pure arithmetic).

See ``records`` for the input (one ``SeatResult`` per player per session), ``season`` and
``event`` for the rules, and ``ranking`` for how ties share a rank.
"""

from ranking.arithmetic.standings.event import (
    EVENT_CRITERIA,
    ByeCredit,
    ByeRecord,
    EventCriterion,
    EventRow,
    EventRules,
    standings_from_results,
)
from ranking.arithmetic.standings.league import LeagueRules, league_standings, nights_played
from ranking.arithmetic.standings.ranking import Ranked, rank
from ranking.arithmetic.standings.records import (
    RoundId,
    SeatResult,
    middle_place_points,
    placement_points,
    seat_results,
)
from ranking.arithmetic.standings.season import (
    SEASON_CRITERIA,
    SeasonCriterion,
    SeasonRow,
    SeasonRules,
    season_standings,
)

__all__ = [
    "EVENT_CRITERIA",
    "SEASON_CRITERIA",
    "ByeRecord",
    "ByeCredit",
    "EventCriterion",
    "EventRow",
    "EventRules",
    "LeagueRules",
    "Ranked",
    "RoundId",
    "SeasonCriterion",
    "SeasonRow",
    "SeasonRules",
    "SeatResult",
    "standings_from_results",
    "league_standings",
    "middle_place_points",
    "nights_played",
    "placement_points",
    "rank",
    "seat_results",
    "season_standings",
]
