"""A Bonko round's tables as the pages name them (``GamePlugin.table_words``): the King's table
(the round's lowest number), the two teams at each table by their names and players with who
rolls first, the result in one sentence, and where the teams go after the round.

Partners sit opposite each other: the team on seats 0 and 2 is the one already at the table
(it rolls first), the team on seats 1 and 3 the one that moved there. Nobody moved in the
night's first round or in a round the organizer seated another way than by the last round's
results (``arrived_by_movement``); the pages then say no "moved".
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bonko.plugin import words
from games.bonko.plugin.forms import TEAMS
from games.bonko.plugin.seating import METHOD
from tournaments.game_plugins import TableWords, TeamWords
from tournaments.models import Event, EventTeam, Round, Table

_TEAMS_CACHE = "_bonko_team_names"


def arrived_by_movement(round_: Round) -> bool:
    """Whether the round's teams came to their tables by the last round's results (so one team
    at every table moved there): a round after the first, seated by the results."""
    return round_.number > 1 and round_.seating_method == METHOD


def team_names(event: Event) -> dict[frozenset[int], str]:
    """The event's teams' own names by their two players' ids (read once per event object)."""
    cached = getattr(event, _TEAMS_CACHE, None)
    if cached is None:
        cached = {
            frozenset((first, second)): name
            for first, second, name in EventTeam.objects.filter(event_id=event.pk).values_list(
                "first_id", "second_id", "name"
            )
        }
        setattr(event, _TEAMS_CACHE, cached)
    return cached


def seat_order(table: Table) -> list[tuple[int, str]]:
    """The table's players in seat order: (player id, name)."""
    seats = sorted(table.seats.all(), key=lambda seat: seat.position)
    return [(seat.player_id, seat.player.name) for seat in seats]


def table_teams(
    seated: Sequence[tuple[int, str]], named: dict[frozenset[int], str], moved: bool
) -> tuple[TeamWords, ...]:
    """The table's two teams (seats 0 and 2, then 1 and 3): each by its name of the night when
    the two partners are a team of the event, and by its players."""
    if len(seated) != 4:
        return ()
    names = [name for _player, name in seated]
    teams = []
    for index, seats in enumerate(TEAMS):
        ids = frozenset(seated[seat][0] for seat in seats)
        partners = words.players(seats, names)
        teams.append(
            TeamWords(
                name=named.get(ids) or partners,
                players=partners,
                note=words.roll_order(index == 0, moved),
            )
        )
    return tuple(teams)


def round_table_words(round_: Round, tables: Sequence[Table]) -> dict[int, TableWords]:
    """By table id, what the pages say of each table of the round."""
    if not tables:
        return {}
    named = team_names(round_.event)
    moved = arrived_by_movement(round_)
    ordered = sorted(tables, key=lambda table: table.number)
    king = ordered[0].pk
    numbers = [table.number for table in ordered]
    said = {}
    for table in ordered:
        seated = seat_order(table)
        session = getattr(table, "session", None)
        result = session.result if session is not None and session.complete else None
        said[table.pk] = TableWords(
            title=words.table_name(table.number, king=True) if table.pk == king else "",
            teams=table_teams(seated, named, moved),
            result=words.result_sentence(result, [name for _player, name in seated]),
            after=words.after_round(table.number, numbers),
        )
    return said
