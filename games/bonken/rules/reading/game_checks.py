"""Reading one game: every problem reported, the rotation state kept up to date.

scoring.score_games reads a session's games through check_game one by one, in play order.

Terms
-----
session state  What the games so far decided: which contracts were played (and in which game),
               how many plus and minus contracts each seat chose, the previous chooser, how
               many minus contracts the session still has to play, and the seats already told
               that they miss their plus contract.
"""

from __future__ import annotations

from typing import Any

from games.bonken.rules.errors import (
    RuleError,
    Text,
    listing,
    num,
    quoted,
    rule_error,
    unknown_fields,
    who,
)
from games.bonken.rules.reading.deal import read_deal
from games.bonken.rules.reading.doubles import apply_doubles, read_doubles
from games.bonken.rules.results import GameResult
from games.bonken.rules.rotation import expected_chooser
from games.bonken.rules.rulesets import Contract, Ruleset
from games.seam import is_int

GAME_KEYS = frozenset(("contract", "chooser", "counts", "points", "net", "doubles"))


class SessionState:
    """The running state of a session while its games are read (see the module docstring)."""

    __slots__ = ("played", "plus_count", "minus_count", "prev", "minus_left", "owed", "results")

    def __init__(self, ruleset: Ruleset) -> None:
        self.played = [0] * len(ruleset.contracts)  # game number per contract, 0 if unplayed
        self.plus_count = [0, 0, 0, 0]
        self.minus_count = [0, 0, 0, 0]
        self.prev = -1  # the previous game's chooser; -1 before the first game or if unknown
        self.minus_left = ruleset.minus_in_session
        self.owed = 0  # seats already told they miss their plus contract, one bit per seat
        self.results: list[GameResult] = []


def check_game(
    ruleset: Ruleset,
    state: SessionState,
    games: list[Any],
    number: int,
    errors: list[RuleError],
) -> None:
    """Check game ``number`` (1-based) of ``games``, update ``state``, and add its result to
    ``state.results`` if the session has no errors so far."""
    game = games[number - 1]
    expected = expected_chooser(ruleset, state.prev, state.minus_left, state.plus_count)
    if not isinstance(game, dict):
        errors.append(rule_error("game_type", number, None))
        state.prev = expected
        return
    if not game.keys() <= GAME_KEYS:
        unknown_fields(game, GAME_KEYS, number, errors)

    code = game.get("contract")
    try:
        contract = ruleset.by_code.get(code)  # type: ignore[arg-type]
    except TypeError:  # an unhashable value
        contract = None
    if contract is None:
        contract_problem(ruleset, code, number, errors)
    chooser = _read_chooser(game.get("chooser"), number, errors)
    if chooser is None:
        state.prev = expected
    else:
        if chooser != expected and expected >= 0:
            passed = ruleset.rotation == "passing" and state.minus_left <= 0
            errors.append(
                rule_error(
                    "wrong_chooser",
                    number,
                    "chooser",
                    variant="passing" if passed else None,
                    expected=who(expected),
                    seat=who(chooser),
                )
            )
        state.prev = chooser
    if contract is not None:
        _choose(ruleset, state, games, number, contract, chooser, errors)

    level, base = read_deal(game, contract, number, errors)
    pairs = read_doubles(game.get("doubles"), chooser, number, errors)
    if errors or contract is None or chooser is None or level is None:
        return  # an invalid session keeps no results
    assert base is not None and pairs is not None
    if level == "net":
        result = GameResult(number, contract.code, chooser, level, None, base, pairs)
    else:
        points = apply_doubles(base, pairs)
        result = GameResult(number, contract.code, chooser, level, base, points, pairs)
    state.results.append(result)


def _choose(
    ruleset: Ruleset,
    state: SessionState,
    games: list[Any],
    number: int,
    contract: Contract,
    chooser: int | None,
    errors: list[RuleError],
) -> None:
    """The rotation rules about what was chosen: repeats and each seat's plus/minus share."""
    index = ruleset.index[contract.code]
    first = state.played[index]
    if first:
        errors.append(
            rule_error(
                "contract_repeated",
                number,
                "contract",
                contract=Text(contract.name, contract.name_nl),
                first=first,
            )
        )
    else:
        state.played[index] = number
        if not contract.is_plus:
            state.minus_left -= 1
    if chooser is None:
        return
    if contract.is_plus:
        if state.plus_count[chooser] >= ruleset.plus_per_player:
            _choice_problem(ruleset, "plus_contract_twice", games, number, chooser, errors)
        state.plus_count[chooser] += 1
        return
    owed = ruleset.plus_per_player - state.plus_count[chooser]
    if ruleset.rotation == "quota":
        if state.minus_count[chooser] >= (ruleset.minus_per_player or 0):
            _choice_problem(ruleset, "minus_quota_exceeded", games, number, chooser, errors)
    elif ruleset.rotation == "strict" and owed > (ruleset.games_per_session - number) // 4:
        errors.append(rule_error("missing_plus_contract", number, "contract", seat=who(chooser)))
        state.owed |= 1 << chooser
    state.minus_count[chooser] += 1


def session_games(
    ruleset: Ruleset, games: list[Any], field: str, errors: list[RuleError]
) -> list[Any]:
    """The games (or sheet rows) a session may have: more than the ruleset's games per session
    is a problem, and only those are checked further."""
    limit = ruleset.games_per_session
    if len(games) <= limit:
        return games
    errors.append(
        rule_error(
            "too_many_games",
            limit + 1,
            field,
            ruleset=Text(ruleset.name, ruleset.name_nl),
            limit=limit,
            count=len(games),
        )
    )
    return games[:limit]


def contract_problem(ruleset: Ruleset, code: object, number: int, errors: list[RuleError]) -> None:
    """The problem with a contract code that is not one of the ruleset's (or missing)."""
    if code is None:
        errors.append(rule_error("contract_missing", number, "contract"))
        return
    errors.append(
        rule_error(
            "unknown_contract",
            number,
            "contract",
            name=quoted(code),
            ruleset=Text(ruleset.name, ruleset.name_nl),
            known=listing(contract.code for contract in ruleset.contracts),
        )
    )


def _read_chooser(raw: object, number: int, errors: list[RuleError]) -> int | None:
    """The chooser as a seat number, or None after saying what is wrong with it."""
    if raw is None:
        errors.append(rule_error("chooser_missing", number, "chooser"))
        return None
    if not is_int(raw):
        errors.append(rule_error("chooser_type", number, "chooser"))
        return None
    seat: int = raw
    if not 0 <= seat <= 3:
        errors.append(rule_error("chooser_out_of_range", number, "chooser", seat=num(seat)))
        return None
    return seat


def _choice_problem(
    ruleset: Ruleset,
    code: str,
    games: list[Any],
    number: int,
    seat: int,
    errors: list[RuleError],
) -> None:
    """Report that ``seat``, the chooser of game ``number``, may not choose another contract of
    that sign, naming its earlier choices of that sign."""
    want_plus = code == "plus_contract_twice"
    earlier: list[Text] = []
    for game in games[: number - 1]:
        chooser = game.get("chooser") if isinstance(game, dict) else None
        if not (is_int(chooser) and chooser == seat):
            continue
        name = game.get("contract")
        contract = ruleset.by_code.get(name) if isinstance(name, str) else None
        if contract is not None and contract.is_plus == want_plus:
            earlier.append(Text(contract.name, contract.name_nl))
    previous = Text(listing(t.en for t in earlier).en, listing(t.nl for t in earlier).nl)
    limit = ruleset.plus_per_player if want_plus else ruleset.minus_per_player or 0
    if want_plus:
        share = Text("one plus contract", "één plusspel")
        if limit > 1:
            share = Text(f"{limit} plus contracts", f"{limit} plusspellen")
    else:
        share = Text("one minus contract", "één minspel")
        if limit > 1:
            share = Text(f"{limit} minus contracts", f"{limit} minspellen")
    errors.append(
        rule_error(code, number, "contract", seat=who(seat), limit=share, previous=previous)
    )
