"""The game seam: what every game package gives the rest of the service, and nothing more.

A game's rules (Bonken, Jonkler, Bonko, Bonanza Rummy, ...) are a pure package,
``games/<code>/rules``, with no Django import. It exposes one object that satisfies
:class:`Game`; the registry (``games.registry``) lists them. The core (events, rounds, tables,
seats, standings, ratings, the API and the page shells) knows a game only through that object.

Terms:
seat        A place at a table, numbered 0..k-1 clockwise in documents; every page and message a
            person reads names the player or counts seats from 1.
document    What a table played, as JSON: ``{"game": ..., "ruleset": ..., ...}``; each game
            defines the rest (``document_schema``). A missing ``game`` means ``bonken``.
outcome     What ``Game.score`` returns for a document: every problem at once, or per-seat
            totals, placements, the parts (games, rounds, hands) and a hint for the table page.
part        One unit of play inside a session: a Bonken game (one contract), a Jonkler round, a
            Bonanza hand. Stored as a row so statistics are plain queries.
placement   1-based place at the table by total (best first, ties share the better place:
            competition ranking). For a team game both partners share their team's place.
ruleset     The variant of a game a session is played under: data with a code, built in or a
            club's house rules (``Game.ruleset_from_dict`` checks it).
problem     One thing wrong with a document (:class:`RuleError`): a stable ``code``, English and
            Dutch messages, the 1-based game/round/hand it concerns (``game``), the ``field``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeGuard, runtime_checkable

_SMALL = 10**12
_MAX_TEXT = 40
MAX_ERRORS = 200


class RulesetError(KeyError, ValueError):
    """A ruleset that does not exist or cannot be built (malformed, or against the game's
    invariants such as a Bonken ruleset that cannot add up to zero). ``str()`` is the reason."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True, slots=True)
class RuleError:
    """One problem in a session document."""

    code: str
    message: str
    message_nl: str
    game: int | None = None
    field: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "message": self.message,
            "message_nl": self.message_nl,
            "game": self.game,
            "field": self.field,
        }


JSON = str | int | float | bool | None | list["JSON"] | dict[str, "JSON"]
Document = dict[str, JSON]  # a stored document or result


@dataclass(frozen=True, slots=True)
class Text:
    """A message parameter that reads differently in English and Dutch."""

    en: str
    nl: str


class Catalogue:
    """A game's messages, one English and one Dutch template per error code.

    A key is a code or ``code/variant`` (a second wording of the same code). Templates are
    ``str.format`` strings, filled with already formatted, safe values (see :func:`num`,
    :func:`quoted`, :func:`listing`)."""

    def __init__(self, messages: Mapping[str, tuple[str, str]]) -> None:
        self.messages = dict(messages)

    def error(
        self,
        code: str,
        game: int | None = None,
        field: str | None = None,
        *,
        variant: str | None = None,
        **params: str | int | Text,
    ) -> RuleError:
        english, dutch = self.messages[f"{code}/{variant}" if variant else code]
        params_en = {k: v.en if isinstance(v, Text) else v for k, v in params.items()}
        params_nl = {k: v.nl if isinstance(v, Text) else v for k, v in params.items()}
        return RuleError(
            code, english.format_map(params_en), dutch.format_map(params_nl), game, field
        )

    def codes(self) -> set[str]:
        return {key.split("/", 1)[0] for key in self.messages}


# --- Formatting input safely for a message ----------------------------------------------------


def num(value: int) -> str:
    """An integer for a message; a huge one is abbreviated to its order of magnitude."""
    if -_SMALL < value < _SMALL:
        return str(value)
    digits = int(value.bit_length() * 0.30103)
    return f"{'-' if value < 0 else ''}~10^{digits}"


def quoted(value: object) -> Text:
    """Some input (a name, a code) for a message, shortened and quoted."""
    if isinstance(value, str):
        text = value if len(value) <= _MAX_TEXT else value[: _MAX_TEXT - 3] + "..."
        return Text(f'"{text}"', f'"{text}"')
    if isinstance(value, bool) or value is None:
        word = "null" if value is None else str(value).lower()
        return Text(word, word)
    if isinstance(value, int):
        return Text(num(value), num(value))
    return Text("(not text)", "(geen tekst)")


def listing(items: Iterable[str | int]) -> Text:
    """``a, b and c`` / ``a, b en c``."""
    words = [num(item) if isinstance(item, int) else item for item in items]
    if len(words) <= 1:
        return Text("".join(words), "".join(words))
    head = ", ".join(words[:-1])
    return Text(f"{head} and {words[-1]}", f"{head} en {words[-1]}")


def seat_list(seats: Sequence[int], names: Sequence[str] | None = None) -> Text:
    """Seats for a person to read: the players' names when known, else seats counted from 1
    (``seat 2`` / ``seats 1 and 4``; Dutch ``stoel``, since *plaats* also means a place in the
    standings)."""
    if names is not None and all(0 <= seat < len(names) for seat in seats):
        return listing([names[seat] for seat in seats])
    numbers = listing([seat + 1 for seat in seats])
    if len(seats) == 1:
        return Text(f"seat {numbers.en}", f"stoel {numbers.nl}")
    return Text(f"seats {numbers.en}", f"stoelen {numbers.nl}")


def cap_errors(
    errors: list[RuleError], catalogue: Catalogue | None = None, limit: int = MAX_ERRORS
) -> list[RuleError]:
    """The first ``limit`` errors, followed by ``too_many_errors`` if some were dropped."""
    if len(errors) <= limit:
        return errors
    more = (catalogue or COMMON).error("too_many_errors", limit=limit)
    return [*errors[:limit], more]


def unknown_fields(
    data: dict[Any, Any],
    allowed: frozenset[str],
    game: int | None,
    errors: list[RuleError],
    catalogue: Catalogue | None = None,
) -> None:
    """Report every key of ``data`` that is not ``allowed`` as ``unknown_field``."""
    for key in data:
        if key not in allowed:
            name = key[:_MAX_TEXT] if isinstance(key, str) else "(not text)"
            problem = (catalogue or COMMON).error("unknown_field", game, name, name=quoted(key))
            errors.append(problem)


def is_int(value: object) -> TypeGuard[int]:
    """A JSON whole number (``true`` and ``1.0`` are not)."""
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def placements(totals: Sequence[int | float], *, higher_is_better: bool = True) -> list[int]:
    """Competition ranking: [50, 50, 0, -100] -> [1, 1, 3, 4] (best first, ties share)."""
    ranked = sorted(totals, reverse=higher_is_better)
    return [ranked.index(total) + 1 for total in totals]


# Messages every game's catalogue starts from (a game may word one differently after them).
SHARED_MESSAGES: dict[str, tuple[str, str]] = {
    "document_type": (
        "The session document must be a JSON object.",
        "Het partijdocument moet een JSON-object zijn.",
    ),
    "unknown_field": ("Unknown field {name}.", "Onbekend veld {name}."),
    "unknown_ruleset": (
        "Unknown ruleset {name}; known rulesets: {known}.",
        "Onbekende spelregels {name}; bekende spelregels: {known}.",
    ),
    "too_many_errors": (
        "More than {limit} problems; the rest are not listed.",
        "Meer dan {limit} problemen; de rest wordt niet getoond.",
    ),
}

# Messages every game may use (a game's own catalogue may word them differently).
COMMON = Catalogue(
    {
        **SHARED_MESSAGES,
        "unknown_game": (
            "Unknown game {name}; known games: {known}.",
            "Onbekend spel {name}; bekende spellen: {known}.",
        ),
    }
)


# --- What a game returns -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Part:
    """One unit of play in a session, as stored: a Bonken game, a Jonkler round, a Bonanza hand.

    ``kind`` is what was played (a contract code; ``round``; ``hand``), ``actor`` the seat that
    chose or dealt (or None), ``level`` how precisely it was recorded (game-specific, may be
    empty), ``data`` what was recorded (JSON-able) and ``points`` each seat's score for it."""

    number: int
    kind: str
    actor: int | None
    level: str
    data: Any
    points: list[int]


@dataclass(frozen=True, slots=True)
class Stat:
    """A per-seat figure a game reports beside the totals, which standings may rank by
    (Bonko's called Bonkos): a code, its names, and ``signed`` (a net figure: +12, -5)."""

    code: str
    name: str
    name_nl: str
    signed: bool = False


@runtime_checkable
class Outcome(Protocol):
    """What ``Game.score`` returns. An invalid outcome carries only its errors: no totals,
    parts or placements, so nothing half-checked is ever stored or shown."""

    valid: bool
    errors: list[RuleError]
    totals: list[int] | None
    complete: bool
    placements: list[int] | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON result document (the API, the CLI and the table pages show this)."""

    def parts(self) -> list[Part]:
        """The session's parts in play order (stored as rows)."""

    def hint(self) -> dict[str, Any]:
        """What the table's page needs for the next part (next chooser, dealer, who bids
        last, ...); empty when complete or invalid."""

    def stats(self) -> dict[str, list[int]]:
        """Per-seat figures beside the totals, keyed by ``Stat.code`` (may be empty)."""

    def teams(self) -> list[list[int]] | None:
        """For a team game, the seats of each team (as played); None for individual games."""


@dataclass(slots=True)
class Scored:
    """A ready-made :class:`Outcome` for games that need nothing more (Bonken keeps its own)."""

    valid: bool
    errors: list[RuleError] = field(default_factory=list)
    totals: list[int] | None = None
    complete: bool = False
    placements: list[int] | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    next: dict[str, Any] = field(default_factory=dict)
    part_rows: list[Part] = field(default_factory=list)
    seat_stats: dict[str, list[int]] = field(default_factory=dict)
    team_seats: list[list[int]] | None = None

    def to_dict(self) -> dict[str, Any]:
        if not self.valid:
            return {"valid": False, "errors": [error.to_dict() for error in self.errors]}
        return {
            "valid": True,
            **self.detail,
            "totals": self.totals,
            "complete": self.complete,
            "placements": self.placements,
            "next": self.next or None,
        }

    def parts(self) -> list[Part]:
        return self.part_rows

    def hint(self) -> dict[str, Any]:
        return self.next

    def stats(self) -> dict[str, list[int]]:
        return self.seat_stats

    def teams(self) -> list[list[int]] | None:
        return self.team_seats


def invalid(errors: list[RuleError], catalogue: Catalogue | None = None) -> Scored:
    """An invalid outcome with (at most MAX_ERRORS of) ``errors``."""
    return Scored(valid=False, errors=cap_errors(errors, catalogue))


# --- What a game is ----------------------------------------------------------------------------


@runtime_checkable
class Ruleset(Protocol):
    """A ruleset object: at least its code and names. Each game adds what it needs."""

    code: str
    name: str
    name_nl: str


@runtime_checkable
class Game(Protocol):
    """The one object a game package exposes (``games.<code>.rules.GAME``).

    ``table_sizes``: the seat counts a table may have; ``preferred_size`` the one seating aims
    for. ``teams``: None, or for each table size the seats that form teams (Bonko:
    ``{4: ((0, 2), (1, 3))}``); a team game seats teams as units. ``stats``: per-seat figures
    standings may rank by besides the totals (optional ``total_stat``: what the totals count,
    if not points: Bonanza's net chips); ``standings_order`` the default tie-break order
    (criteria: total, table_wins, placement_points, head_to_head, avg_opponent_rating, a stat
    code). ``parts_key``: the document's list that a table fills one part at a time (Bonken
    ``games``, Jonkler ``rounds``, Bonanza ``hands``), which the service appends to and takes
    the last one back from; None for a game whose document is entered whole (Bonko).

    Optional: ``rating_scale``, the spread (one standard deviation at a table of equals) of a
    seat's (a team's) total against its table's mean, by which the ratings read its points
    against expectation (``ranking.arithmetic.ratings.points``); else rated by placements.

    Optional: ``players_key``, the document's key that names the players in seat order (Bonken
    ``seats``: a list of names, or players' ids). Points go by seat, so at a table the service
    holds that list to the table's players in the order they sit (``results.document_players``)
    before ``table_document`` fills in their names. Without it (None) a document counts or
    numbers its seats and names nobody; ``table_document`` then keeps a count the document
    gives, for ``score`` to compare with the table's (a document for another table size is
    refused, never silently fitted).
    """

    code: str
    name: str
    name_nl: str
    catalogue: Catalogue  # its messages, each in English and Dutch (tournaments.game_checks)
    table_sizes: tuple[int, ...]
    preferred_size: int
    teams: Mapping[int, tuple[tuple[int, ...], ...]] | None
    zero_sum: bool
    higher_is_better: bool
    default_ruleset: str
    rulesets: Mapping[str, Any]
    document_schema: Mapping[str, Any]
    stats: tuple[Stat, ...]
    standings_order: tuple[str, ...]
    parts_key: str | None

    def ruleset_from_dict(self, data: object) -> Any:
        """A house ruleset from its JSON form; RulesetError (with the reason) if the game
        cannot accept it."""

    def ruleset_to_dict(self, ruleset: Any) -> dict[str, Any]:
        """The JSON form of a ruleset (``ruleset_from_dict`` reads it back)."""

    def score(
        self,
        document: object,
        *,
        ruleset: Any | None = None,
        names: Sequence[str] | None = None,
    ) -> Outcome:
        """Validate and score a document; never raises for bad input. ``ruleset`` replaces
        the document's named one (a house ruleset). ``names`` are the players at the table in
        seat order when the caller knows them: the document must then be for that many seats,
        and messages name the players instead of counting seats from 1."""

    def table_document(
        self, document: dict[str, Any], *, ruleset: str, names: Sequence[str]
    ) -> dict[str, Any]:
        """The document as stored for a table: the event's ruleset code and the table's
        seats (names or count, as the game's documents have them) filled in."""

    def example(self, seats: int) -> dict[str, Any]:
        """A valid document of a table of ``seats`` (default ruleset, the same every call)."""
