"""A league's models, one module a group: the league and its rules (``league``: organizers,
member clubs, seasons, the nights that count), one player across clubs (``players``: the league
number and the club records linked to it with consent) and what is computed from the member
clubs' sessions (``derived``: versions, standings, ratings and their history)."""

from leagues.models.derived import (
    LeagueRating,
    LeagueRatingEntry,
    LeagueStanding,
    LeagueVersion,
)
from leagues.models.league import (
    League,
    LeagueClub,
    LeagueNight,
    LeagueOrganizer,
    LeagueSeason,
)
from leagues.models.players import LeagueLink, LeaguePlayer

__all__ = [
    "League",
    "LeagueClub",
    "LeagueLink",
    "LeagueNight",
    "LeagueOrganizer",
    "LeaguePlayer",
    "LeagueRating",
    "LeagueRatingEntry",
    "LeagueSeason",
    "LeagueStanding",
    "LeagueVersion",
]
