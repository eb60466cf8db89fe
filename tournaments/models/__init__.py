"""The models of events and how they are seated, one module a group; every model is imported
here, so Django knows them and ``from tournaments.models import Event`` works.

- ``events``: the event, a club night or a tournament of one club;
- ``rounds``: its rounds, their tables and seats, substitutions and byes;
- ``entries``: the players of an event and who may enter its results;
- ``teams``: a team for the night; ``house_rules``: a club's house ruleset;
- ``standings``: an event's derived ranking, recomputed by a Celery task, never typed in.

The choices and validators the fields use are beside them: ``counted`` (which sessions count)
and ``standings_rules`` (how an event configures its standings).
"""

from tournaments.models.entries import EventPlayer, EventScorer
from tournaments.models.events import Event, new_door_token
from tournaments.models.house_rules import HouseRuleset
from tournaments.models.rounds import (
    MAX_SEATS,
    Bye,
    Round,
    Seat,
    Substitution,
    Table,
    new_scoring_token,
)
from tournaments.models.standings import Standing, StandingsComputation
from tournaments.models.teams import EventTeam

__all__ = [
    "MAX_SEATS",
    "Bye",
    "Event",
    "EventPlayer",
    "EventScorer",
    "EventTeam",
    "HouseRuleset",
    "Round",
    "Seat",
    "Standing",
    "StandingsComputation",
    "Substitution",
    "Table",
    "new_door_token",
    "new_scoring_token",
]
