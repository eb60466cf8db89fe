"""The session loop: every game in play order, then what the session as a whole must satisfy.

This is the hot path (the benchmark asks for 20,000 complete sessions a second, some 50 µs for
twelve games), so it is written for speed. The fast path takes a *plain* game: a dict holding
exactly ``contract``, ``chooser``, one of ``counts`` / ``points`` / ``net`` and optionally
``doubles``, with plain lists and ints throughout, and everything allowed. It checks all of
that before it changes any state, keeps the running state in local variables and reads
per-ruleset tables built once (``Ruleset.rows``). Anything else (every error, but also tuples,
int subclasses, null values) raises _Unusual inside the fast path and goes to
game_checks.check_game, the thorough reader that reports every problem. With FAST_PATH off
every game goes there; the tests check that both ways give the same results.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bonken.rules.deal import check_totals
from bonken.rules.errors import RuleError, cap_errors, num, rule_error, who
from bonken.rules.game_checks import SessionState, check_game, session_games
from bonken.rules.outcomes import possible, shape_of
from bonken.rules.results import GameResult, SessionResult, placements
from bonken.rules.rotation import next_turn, passing_next
from bonken.rules.rulesets import DealTable, Ruleset

FAST_PATH = True

# PAIR_BITS[doubler][target]: the bit of a double in a 16-bit mask; 0 for a self-double.
# Dicts, not lists, so that a negative seat is a KeyError instead of counting from the end.
PAIR_BITS = {
    doubler: {
        target: 0 if doubler == target else 1 << (doubler * 4 + target) for target in range(4)
    }
    for doubler in range(4)
}
# SEATS_IN[mask]: the seats whose bit is set in a 4-bit mask.
SEATS_IN = tuple(tuple(seat for seat in range(4) if mask >> seat & 1) for mask in range(16))
NO_POINTS = (0, 0, 0, 0)  # doubles at the net level move nothing


class _Unusual(Exception):
    """Raised inside the fast path: this game needs the thorough reader."""


def score_games(
    ruleset: Ruleset, games: list[Any], totals_raw: object, errors: list[RuleError]
) -> SessionResult:
    """Validate and score the games of a session. ``errors`` may already hold problems of the
    document; the result is then invalid whatever the games say."""
    limit = ruleset.games_per_session
    games = session_games(ruleset, games, "games", errors)
    state = SessionState(ruleset)
    if not FAST_PATH:
        for number in range(1, len(games) + 1):
            check_game(ruleset, state, games, number, errors)
        totals = [sum(game.points[seat] for game in state.results) for seat in range(4)]
        return _finish(ruleset, state, len(games), totals, totals_raw, errors)

    rows = ruleset.rows
    contracts = ruleset.contracts
    passing = ruleset.rotation == "passing"
    strict = ruleset.rotation == "strict"
    quota = ruleset.rotation == "quota"
    plus_each = ruleset.plus_per_player
    minus_each = ruleset.minus_per_player or 0
    played = state.played
    plus_count = state.plus_count
    minus_count = state.minus_count
    results = state.results
    append = results.append
    pair_bits = PAIR_BITS
    seats_in = SEATS_IN
    unusual = _Unusual
    build = not errors  # keep results only while the session has no errors
    total0 = total1 = total2 = total3 = 0
    prev = -1
    minus_left = ruleset.minus_in_session
    number = 0
    base: list[int] | None
    moved: Sequence[int]
    for game in games:
        number += 1
        if prev < 0:
            expected = -1
        elif minus_left > 0 or not passing:
            expected = (prev + 1) & 3
        else:
            following = passing_next(prev, minus_left, plus_count, plus_each)
            expected = -1 if following is None else following
        try:
            if type(game) is not dict:
                raise unusual
            index, is_plus, value, units, code, deal = rows[game["contract"]]
            chooser = game["chooser"]
            doubles = game.get("doubles")
            if (
                len(game) != (3 if doubles is None else 4)  # contract, chooser, one level
                or type(chooser) is not int
                or (chooser != expected if expected >= 0 else not 0 <= chooser <= 3)
                or played[index]
            ):
                raise unusual
            if is_plus:
                if plus_count[chooser] >= plus_each:
                    raise unusual
            elif quota:
                if minus_count[chooser] >= minus_each:
                    raise unusual
            elif strict and plus_each - plus_count[chooser] > (limit - number) >> 2:
                raise unusual

            counts = game.get("counts")
            if value is not None and counts is not None:
                if type(counts) is not list:
                    raise unusual
                a, b, c, d = counts
                if not (
                    type(a) is int
                    and type(b) is int
                    and type(c) is int
                    and type(d) is int
                    and (a | b | c | d) >= 0
                    and a + b + c + d == units
                ):
                    raise unusual
                level = "counts"
                base = [a * value, b * value, c * value, d * value]
                points = base.copy()
                moved = base
            else:
                level, base, points = _plain_deal(game, counts, deal)
                moved = NO_POINTS if base is None else base
                if base is None and not possible(shape_of(contracts[index]), points):
                    raise unusual  # no deal and doubling give these scores

            pairs = []
            if doubles:
                if type(doubles) is not list or len(doubles) > 12:
                    raise unusual
                seen = 0
                for pair in doubles:
                    if type(pair) is not list:
                        raise unusual
                    doubler, target = pair
                    if type(doubler) is not int or type(target) is not int:
                        raise unusual
                    bit = pair_bits[doubler][target]
                    if not bit or seen & bit:
                        raise unusual
                    seen |= bit
                    difference = moved[doubler] - moved[target]
                    points[doubler] += difference
                    points[target] -= difference
                    pairs.append((doubler, target))
                doubled_by_chooser = (seen >> (chooser << 2)) & 15
                if doubled_by_chooser:
                    for target in seats_in[doubled_by_chooser]:
                        if not seen >> ((target << 2) | chooser) & 1:
                            raise unusual  # the chooser doubled a seat that did not double it
            elif doubles is not None and type(doubles) is not list:
                raise unusual
        except (_Unusual, KeyError, TypeError, ValueError):
            state.prev = prev
            state.minus_left = minus_left
            check_game(ruleset, state, games, number, errors)
            prev = state.prev
            minus_left = state.minus_left
            build = not errors
            if build:  # the game was fine after all, and is now the last result
                points = results[-1].points
                total0 += points[0]
                total1 += points[1]
                total2 += points[2]
                total3 += points[3]
            continue
        played[index] = number
        if is_plus:
            plus_count[chooser] += 1
        else:
            minus_left -= 1
            minus_count[chooser] += 1
        prev = chooser
        total0 += points[0]
        total1 += points[1]
        total2 += points[2]
        total3 += points[3]
        if build:
            append(GameResult(number, code, chooser, level, base, points, pairs))
    state.prev = prev
    state.minus_left = minus_left
    totals = [total0, total1, total2, total3]
    return _finish(ruleset, state, len(games), totals, totals_raw, errors)


def _plain_deal(
    game: dict[str, Any], counts: object, deal: DealTable
) -> tuple[str, list[int] | None, list[int]]:
    """The fast path for counts per card kind, ``points`` and ``net``: (level, base, points
    before doubling). Raises _Unusual (or a lookup error) for anything not plainly right."""
    kinds, unit, total, low, high, bound = deal
    if counts is not None:
        if type(counts) is not dict or len(counts) != len(kinds):
            raise _Unusual
        base = [0, 0, 0, 0]
        for kind, value, units in kinds:
            kind_counts = counts[kind]
            if type(kind_counts) is not list:
                raise _Unusual
            a, b, c, d = kind_counts
            if not (
                type(a) is int
                and type(b) is int
                and type(c) is int
                and type(d) is int
                and (a | b | c | d) >= 0
                and a + b + c + d == units
            ):
                raise _Unusual
            base[0] += a * value
            base[1] += b * value
            base[2] += c * value
            base[3] += d * value
        return "counts", base, base.copy()
    figures = game.get("points")
    level = "points"
    if figures is None:
        figures = game["net"]
        level = "net"
        low, high = -bound, bound
    if type(figures) is not list:
        raise _Unusual
    a, b, c, d = figures
    if not (
        type(a) is int
        and type(b) is int
        and type(c) is int
        and type(d) is int
        and not (a % unit or b % unit or c % unit or d % unit)
        and low <= a <= high
        and low <= b <= high
        and low <= c <= high
        and low <= d <= high
        and a + b + c + d == total
    ):
        raise _Unusual
    if level == "net":
        return level, None, [a, b, c, d]
    return level, [a, b, c, d], [a, b, c, d]


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
