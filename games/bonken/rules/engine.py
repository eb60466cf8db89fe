"""score_session: validate and score one Bonken session document.

The document (the API, the forms and the CLI all speak it)::

    {"game": "bonken",                          # optional, "bonken" (the registry's dispatch)
     "ruleset": "classic",                      # optional, default "classic"
     "seats": ["Anna", "Bram", "Cees", "Daan"],  # optional: 4 names (or players' ids)
     "games": [{"contract": "hearts", "chooser": 0, "counts": [3, 4, 5, 1],
                "doubles": [[1, 0], [1, 2]]}, ...],
     "totals": [..4 whole numbers..]}            # optional with games, or on its own

Decisions where BONKEN.md is silent:

* A missing or null ``ruleset`` means ``classic``. A ``ruleset=`` argument replaces the lookup
  and the document's ``ruleset`` value is then ignored.
* Optional keys (``seats``, ``games``, ``totals``, ``doubles``, and the two unused levels of a
  game) may be absent or null. ``doubles`` defaults to no doubles.
* Unknown keys, in the document or in a game, are errors (``unknown_field``): a misspelt key
  such as ``doubels`` must not silently change a score.
* A document with ``totals`` and no (or an empty list of) ``games`` is a *totals-only* session.
  It counts as complete: totals are written down when a session ends. Its totals must be whole
  numbers, multiples of the ruleset's totals unit (5 for classic and eleven), within the range a
  session can reach, and add up to zero. With games, ``totals`` must equal the games' sums.
* No games and no totals is a session not yet begun: valid, incomplete, ``next_chooser`` None
  (any seat may open) and ``available_contracts`` what a first chooser may pick.
* Doubles at the ``net`` level are checked like any others but not applied (the scores already
  include them).
* Placements are given for complete sessions only (None while a session is in progress).
* An invalid result carries only its errors (at most 200): no games, totals or placements.
* Errors come in document order: document keys, then each game in turn, then the session.
  After a wrong or unreadable chooser the rotation continues from the recorded (or expected)
  chooser, so one slip gives one ``wrong_chooser``, not one per later game.
* More games than a session has gives one ``too_many_games``; the extra games are not checked.

This module checks the document as a whole; scoring.py runs through the games.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bonken.rules.builtin import RULESETS
from games.bonken.rules.errors import (
    NAMES,
    RuleError,
    cap_errors,
    listing,
    num,
    quoted,
    rule_error,
    seat_names,
    unknown_fields,
)
from games.bonken.rules.reading.deal import read_totals
from games.bonken.rules.reading.sheet_level import score_sheet
from games.bonken.rules.results import SessionResult, placements
from games.bonken.rules.rulesets import Ruleset
from games.bonken.rules.scoring import score_games
from games.seam import is_int

DEFAULT_RULESET = "classic"
DOCUMENT_KEYS = frozenset(("game", "ruleset", "seats", "games", "sheet", "totals"))
GAME_CODE = "bonken"


def score_session(
    document: object, *, ruleset: Ruleset | None = None, names: Sequence[str] | None = None
) -> SessionResult:
    """Validate and score a session document; never raises for bad input. Messages name the
    players (``names``, else the document's ``seats``) or count seats from 1."""
    token = NAMES.set(seat_names(document, names))
    try:
        return _score(document, ruleset)
    finally:
        NAMES.reset(token)


def _score(document: object, ruleset: Ruleset | None) -> SessionResult:
    if not isinstance(document, dict):
        return _invalid([rule_error("document_type")])
    errors: list[RuleError] = []
    if not document.keys() <= DOCUMENT_KEYS:
        unknown_fields(document, DOCUMENT_KEYS, None, errors)
    game = document.get("game")
    if game is not None and game != GAME_CODE:
        errors.append(rule_error("wrong_game", None, "game", name=quoted(game)))
    if ruleset is None:
        code = document.get("ruleset")
        if code is None:
            code = DEFAULT_RULESET
        ruleset = RULESETS.get(code) if isinstance(code, str) else None
        if ruleset is None:
            errors.append(
                rule_error(
                    "unknown_ruleset", None, "ruleset", name=quoted(code), known=listing(RULESETS)
                )
            )
    seats = document.get("seats")
    if seats is not None and not (
        isinstance(seats, list | tuple) and len(seats) == 4 and all(map(_is_player, seats))
    ):
        errors.append(rule_error("seats_type", None, "seats"))
    games = document.get("games")
    totals = document.get("totals")
    if games is not None and not isinstance(games, list):
        errors.append(rule_error("games_type", None, "games"))
        if ruleset is not None and totals is not None:
            read_totals(ruleset, totals, errors)
        return _invalid(errors)
    if ruleset is None:
        return _invalid(errors)
    sheet = document.get("sheet")
    if sheet is not None:
        if games:
            errors.append(rule_error("sheet_and_games", None, "sheet"))
            return _invalid(errors)
        return score_sheet(ruleset, sheet, totals, errors)
    if totals is not None and not games:
        return _score_totals(ruleset, totals, errors)
    return score_games(ruleset, games or [], totals, errors)


def _is_player(value: object) -> bool:
    """A seat of ``seats``: a player's name, or their id (which only a table can tell; the
    service holds the list to the table's players and stores their names)."""
    if isinstance(value, str):
        return bool(value.strip())
    return is_int(value) and value >= 1


def _invalid(errors: list[RuleError]) -> SessionResult:
    return SessionResult(valid=False, errors=cap_errors(errors))


def _score_totals(ruleset: Ruleset, raw: object, errors: list[RuleError]) -> SessionResult:
    """A totals-only session: complete, with the recorded totals."""
    totals = read_totals(ruleset, raw, errors)
    if totals is not None and sum(totals) != 0:
        errors.append(rule_error("not_zero_sum", None, "totals", total=num(sum(totals))))
    if errors or totals is None:
        return _invalid(errors)
    return SessionResult(
        valid=True, ruleset=ruleset, totals=totals, complete=True, placements=placements(totals)
    )
