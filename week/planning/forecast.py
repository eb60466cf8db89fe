"""What the answers to a planned night give at the game's tables, and how the night's page says
it.

A *seating* here is the forecast for a count of players: the tables they fill (the game's table
sizes laid out by ``seating.table_layout``), who would sit out, and how many more players would
give everyone a seat. The sentences say it for those who said yes and, apart, for everyone if
those who said maybe come too: every count, from nobody to many, and every game's table sizes
(Bonken and Bonko 4; Jonkler 3 to 6; Bonanza 2 to 9) gets a sentence that is true of it, also
when the players fill no table at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from seating import table_layout


@dataclass(frozen=True)
class Seating:
    """The tables ``players`` fill (largest first), who sits out, and how many players more
    would seat everyone (0: everyone has a seat, or no count up to the largest table does)."""

    players: int
    layout: tuple[int, ...]
    sits_out: int
    more_needed: int
    smallest: int  # the smallest table the game allows


def _layout(players: int, sizes: Sequence[int], preferred: int) -> tuple[int, ...]:
    return tuple(table_layout(players, sizes, preferred)) if players else ()


def seating_for(players: int, sizes: Sequence[int], preferred: int) -> Seating:
    """The forecast for ``players`` at a game whose tables seat ``sizes``, aiming at
    ``preferred``."""
    layout = _layout(players, sizes, preferred)
    sits_out = players - sum(layout)
    more = 0
    if sits_out or not players:
        more = next(
            (
                extra
                for extra in range(1, max(sizes) + 1)
                if players + extra == sum(_layout(players + extra, sizes, preferred))
            ),
            0,
        )
    return Seating(players, layout, sits_out, more, min(sizes))


NO_BREAK = "\u00a0"  # a line never breaks inside the tables' sizes


def layout_text(layout: Sequence[int]) -> str:
    """Tables written the same in every language: "2 × 5 + 4", on one line."""
    parts = []
    for size, group in groupby(layout):
        n = len(list(group))
        parts.append(f"{n} × {size}" if n > 1 else str(size))
    return " + ".join(parts).replace(" ", NO_BREAK)


def tables_text(layout: Sequence[int]) -> str:
    """ "one table of 4", "tables of 2 × 5 + 4" (``layout`` is not empty)."""
    if len(layout) == 1:
        return _("one table of %(size)s") % {"size": layout[0]}
    return _("tables of %(tables)s") % {"tables": layout_text(layout)}


def coming_sentence(coming: Seating) -> str:
    """What those who said yes give: their tables, who would sit out and how many more players
    to ask; or that they fill no table yet."""
    n = coming.players
    if not n:
        return _("Nobody said they are coming yet.")
    if not coming.layout:
        sentence = ngettext(
            "%(n)s coming: too few for a table of %(size)s.",
            "%(n)s coming: too few for a table of %(size)s.",
            n,
        ) % {"n": n, "size": coming.smallest}
        if coming.more_needed:
            sentence += " " + ask_more(coming.more_needed, everyone=False)
        return sentence
    tables = tables_text(coming.layout)
    if not coming.sits_out:
        return ngettext("%(n)s coming: %(tables)s.", "%(n)s coming: %(tables)s.", n) % {
            "n": n,
            "tables": tables,
        }
    sentence = " ".join(
        [
            ngettext("%(n)s coming: %(tables)s;", "%(n)s coming: %(tables)s;", n)
            % {"n": n, "tables": tables},
            ngettext("%(out)s would sit out.", "%(out)s would sit out.", coming.sits_out)
            % {"out": coming.sits_out},
        ]
    )
    if coming.more_needed:
        sentence += " " + ask_more(coming.more_needed, everyone=True)
    return sentence


def ask_more(more: int, *, everyone: bool) -> str:
    """ "Ask 1 more player." (to fill a first table), "Ask 3 more players to seat everyone."."""
    if everyone:
        return ngettext(
            "Ask %(more)s more player to seat everyone.",
            "Ask %(more)s more players to seat everyone.",
            more,
        ) % {"more": more}
    return ngettext("Ask %(more)s more player.", "Ask %(more)s more players.", more) % {
        "more": more
    }


def maybe_sentence(maybe: int, all_come: Seating) -> str:
    """What the night gives if the ``maybe`` players who said maybe come too (``all_come``:
    the forecast for everyone who said yes or maybe)."""
    if not all_come.layout:
        return ngettext(
            "%(n)s maybe; if they all come, %(total)s is still too few for a table of %(size)s.",
            "%(n)s maybe; if they all come, %(total)s are still too few for a table of %(size)s.",
            all_come.players,
        ) % {"n": maybe, "total": all_come.players, "size": all_come.smallest}
    tables = tables_text(all_come.layout)
    if not all_come.sits_out:
        return _("%(n)s maybe; if they all come: %(tables)s.") % {"n": maybe, "tables": tables}
    return ngettext(
        "%(n)s maybe; if they all come: %(tables)s, %(out)s sitting out.",
        "%(n)s maybe; if they all come: %(tables)s, %(out)s sitting out.",
        all_come.sits_out,
    ) % {"n": maybe, "tables": tables, "out": all_come.sits_out}
