"""The session loop: every game in play order, then what the session as a whole must satisfy.

Each game is read by game_checks.check_game, which reports every problem and keeps the
rotation state; the session-wide checks (every seat's plus contract, the totals) follow.
"""

from __future__ import annotations

from typing import Any

from games.bonken.rules.errors import RuleError, cap_errors, num, rule_error, who
from games.bonken.rules.reading.deal import check_totals
from games.bonken.rules.reading.game_checks import SessionState, check_game, session_games
from games.bonken.rules.results import SessionResult, placements
from games.bonken.rules.rotation import next_turn
from games.bonken.rules.rulesets import Ruleset


def score_games(
    ruleset: Ruleset, games: list[Any], totals_raw: object, errors: list[RuleError]
) -> SessionResult:
    """Validate and score the games of a session. ``errors`` may already hold problems of the
    document; the result is then invalid whatever the games say."""
    games = session_games(ruleset, games, "games", errors)
    state = SessionState(ruleset)
    for number in range(1, len(games) + 1):
        check_game(ruleset, state, games, number, errors)
    totals = [sum(game.points[seat] for game in state.results) for seat in range(4)]
    return _finish(ruleset, state, len(games), totals, totals_raw, errors)


def _finish(
    ruleset: Ruleset,
    state: SessionState,
    count: int,
    totals: list[int],
    totals_raw: object,
    errors: list[RuleError],
) -> SessionResult:
    """The session-wide checks, then the result."""
    complete = count >= ruleset.games_per_session
    if complete and min(state.plus_count) < ruleset.plus_per_player:
        for seat in range(4):
            if state.plus_count[seat] < ruleset.plus_per_player and not state.owed >> seat & 1:
                errors.append(
                    rule_error(
                        "missing_plus_contract", None, "games", variant="session", seat=who(seat)
                    )
                )
    if complete and not errors and sum(totals) != 0:  # a guard: zero-sum rulesets never get here
        errors.append(rule_error("not_zero_sum", None, "games", total=num(sum(totals))))
    check_totals(ruleset, totals_raw, totals, errors)
    if errors:
        return SessionResult(valid=False, errors=cap_errors(errors))
    if complete:
        return SessionResult(
            True, [], ruleset, state.results, totals, True, None, [], placements(totals)
        )
    chooser, available = next_turn(
        ruleset,
        count,
        state.prev if count else None,
        state.played,
        state.plus_count,
        state.minus_count,
        state.minus_left,
    )
    return SessionResult(
        valid=True,
        ruleset=ruleset,
        games=state.results,
        totals=totals,
        complete=False,
        next_chooser=chooser,
        available_contracts=available,
    )
