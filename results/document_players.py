"""The players a session document names, held to the table's (a Bonken document's ``seats``).

Points go by seat: the document's first total is the first seat's. A game whose documents
name their players by seat (``Game.players_key``) gets that list checked here against the
players seated at the table, before the game's ``table_document`` writes their names in:

* each entry names the player in that seat, by name (compared as names are: ``clubs.names``,
  so case, accents and spaces do not count) or by the player's id; then the document is
  stored, naming them as the table does;
* a name or id of nobody at the table is refused, naming it;
* the table's players in another order (or one of them twice, or not all of them) are refused
  with the table's order: taken as given, they would give every player someone else's points.

The list as the table's session last stored it still names its players (a player renamed
since), so a document read back and sent again is taken. A document without the key (or with
null) names nobody, and a game without a ``players_key`` numbers its seats only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.names import name_key
from core.errors import Text, problem
from games.seam import Game, is_int
from results.store import SeatedPlayer

_SHOWN = 40  # characters of a given name a message repeats


def named_players_problems(
    document: Any,
    game: Game,
    *,
    table_number: int,
    seats: Sequence[SeatedPlayer],
    stored: Any = None,
) -> list[dict[str, Any]]:
    """What is wrong with the players ``document`` names for the table whose players (by
    seat) are ``seats``; ``stored`` is the table's session document as saved, if any."""
    key = getattr(game, "players_key", None)
    if key is None or not isinstance(document, dict) or document.get(key) is None:
        return []
    given = document[key]
    before = stored.get(key) if isinstance(stored, dict) else None
    order = ", ".join(seated.player.name for seated in seats)
    if isinstance(given, list | tuple):
        strangers = [
            entry
            for position, entry in enumerate(given)
            if not any(_names(entry, seated) for seated in seats)
            and not _as_stored(entry, position, before)
        ]
        if strangers:
            return [
                problem(
                    "players_not_at_table",
                    Text(
                        _("Not at table %(table)s: %(names)s. Its players, by seat: %(players)s."),
                        table=table_number,
                        names=", ".join(_shown(entry) for entry in strangers),
                        players=order,
                    ),
                    field=key,
                )
            ]
        if len(given) == len(seats) and all(
            _names(entry, seated) or _as_stored(entry, position, before)
            for position, (entry, seated) in enumerate(zip(given, seats, strict=True))
        ):
            return []
    return [
        problem(
            "players_order",
            Text(
                _(
                    "List the players of table %(table)s by seat: %(players)s. Points go by "
                    "seat, so in another order they would get each other's points."
                ),
                table=table_number,
                players=order,
            ),
            field=key,
        )
    ]


def _names(entry: object, seated: SeatedPlayer) -> bool:
    """Whether ``entry`` (a name or an id) names the player in ``seated``."""
    if is_int(entry):
        return entry == seated.player.pk
    if isinstance(entry, str):
        return name_key(entry) == name_key(seated.player.name)
    return False


def _as_stored(entry: object, position: int, before: Any) -> bool:
    """Whether ``entry`` is what the stored document has in that seat (its names as the table
    had them when it was saved)."""
    return (
        isinstance(before, list)
        and position < len(before)
        and isinstance(entry, str)
        and entry == before[position]
    )


def _shown(entry: object) -> str:
    """A given entry for a message: a name quoted (shortened), an id as such."""
    if is_int(entry):
        return f"id {entry}"
    if isinstance(entry, str):
        text = entry if len(entry) <= _SHOWN else entry[: _SHOWN - 3] + "..."
        return f'"{text}"'
    return "null" if entry is None else type(entry).__name__
