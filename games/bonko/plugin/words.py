"""Bonko's words, the same on every page that says them: a table's result in one sentence
(with the roll-off that decided a tie), where a table's teams go after the round, who rolls
first, and a team named by its name and its players.

The rules decide (``games.bonko.rules``: ``summary`` reads a stored result, ``moves_after``
says where a table's winners and losers go); this module only says it, in the page's
language. The table page, its correction, the round's table plan, the printed table cards and
tallies, the event's page, the public table sheet and the room's screen all take their words
from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from games.bonko.rules import moves_after, summary


def players(seats: Sequence[int], names: Sequence[str]) -> str:
    """A team by its players' names, in seat order (``Anna & Cor``)."""
    return " & ".join(names[seat] for seat in seats if 0 <= seat < len(names))


def score_pair(won: int, lost: int) -> str:
    return _("%(won)s to %(lost)s") % {"won": won, "lost": lost}


def result_sentence(result: Mapping[str, Any] | None, names: Sequence[str]) -> str:
    """The stored result in one sentence ("Anna & Cor beat Bram & Dewi, 23 to 17"; after a tie
    "..., 15 to 15 after a roll-off of 6 to 3"), or "" when there is no result to say."""
    found = summary(result)
    if found is None:
        return ""
    values: dict[str, Any] = {
        "winner": players(found.winners, names),
        "loser": players(found.losers, names),
        "won": found.won,
        "lost": found.lost,
    }
    if not found.rolloffs:
        return _("%(winner)s beat %(loser)s, %(won)s to %(lost)s") % values
    if len(found.rolloffs) == 1:
        first, second = found.rolloffs[0]
        return _(
            "%(winner)s beat %(loser)s, %(won)s to %(lost)s after a roll-off of "
            "%(rolled_won)s to %(rolled_lost)s"
        ) % {**values, "rolled_won": first, "rolled_lost": second}
    sessions = get_text_list([score_pair(*pair) for pair in found.rolloffs], _("and"))
    return _(
        "%(winner)s beat %(loser)s, %(won)s to %(lost)s after %(count)s roll-offs: %(sessions)s"
    ) % {**values, "count": len(found.rolloffs), "sessions": sessions}


def table_name(number: int, *, king: bool = False) -> str:
    """A table as the movement names it: the round's first table is the King's table."""
    if king:
        return _("the King's table")
    return _("table %(n)s") % {"n": number}


def after_round(table: int, numbers: Sequence[int]) -> str:
    """Where the teams of table ``table`` play the next round (``numbers``: the round's table
    numbers; the lowest is the King's table), as the rules say it (``moves_after``): the King's
    table's winners stay and its losers go to the lowest table; every other table's winners move
    up one table and its losers stay. "" for a table the round does not have."""
    ordered = sorted(set(numbers))
    if table not in ordered:
        return ""
    place = ordered.index(table) + 1
    moves = moves_after(place, len(ordered))
    if len(ordered) == 1:
        return _("After the round both teams stay at this table; the winners roll first.")
    if place == 1:
        return _(
            "After the round the winners stay at the King's table; the losers go to the lowest "
            "table, table %(lowest)s."
        ) % {"lowest": ordered[moves.losers - 1]}
    return _(
        "After the round the winners move up to %(up)s; the losers stay at table %(here)s."
    ) % {
        "up": table_name(ordered[moves.winners - 1], king=moves.winners == 1),
        "here": ordered[moves.losers - 1],
    }


def roll_order(first: bool, moved: bool) -> str:
    """What a team's place at the table says: the team already there rolls first, the team
    that moved there second; in a round nobody moved into (the night's first, or one not seated
    by the last round's results) the team named first rolls first."""
    if first:
        return _("rolls first")
    return _("moved here, rolls second") if moved else _("rolls second")


def order_note(moved: bool, first_round: bool) -> str:
    """The line under the two teams that explains who rolls first."""
    if moved:
        return _(
            "The team already at this table rolls first; the team that moved here rolls second."
        )
    if first_round:
        return _("The night's first round: the team named first rolls first.")
    return _(
        "This round was not seated by the last round's results: the team named first rolls first."
    )
