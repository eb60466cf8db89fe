"""A session copied from a paper score sheet as the club's sheet has it (seed 000): one row per
contract with each seat's score after doubling, and nothing about the order of play, the
choosers or the doubles.

Terms
-----
sheet   The document's ``sheet``: a list of rows ``{"contract": code, "net": [4 scores]}`` in
        any order, each contract at most once; instead of ``games`` (never both).

What can be checked is checked: each row's contract and scores (whole numbers, multiples of
the contract's unit, adding up to the deal's total, and a row some deal and doubling could give:
``outcomes.py``), no contract twice, no more rows than a session has, no more plus contracts
than the four players choose (exactly that many once the sheet is complete), a complete sheet
adding up to zero and ``totals``, when given, equal to the rows' sums. What the sheet does not
say stays unsaid: a row's result has no chooser (None) and the level ``sheet``, so nothing
downstream reads an invented order of play.
"""

from __future__ import annotations

from typing import Any

from games.bonken.rules.errors import (
    RuleError,
    Text,
    cap_errors,
    num,
    rule_error,
    unknown_fields,
)
from games.bonken.rules.reading.deal import check_totals, read_deal
from games.bonken.rules.reading.game_checks import contract_problem, session_games
from games.bonken.rules.results import GameResult, SessionResult, placements
from games.bonken.rules.rulesets import Ruleset

ROW_KEYS = frozenset(("contract", "net"))
LEVEL = "sheet"


def score_sheet(
    ruleset: Ruleset, rows: object, totals_raw: object, errors: list[RuleError]
) -> SessionResult:
    """Validate and score a sheet-level session. ``errors`` may already hold problems."""
    if not isinstance(rows, list):
        errors.append(rule_error("sheet_type", None, "sheet"))
        return SessionResult(valid=False, errors=cap_errors(errors))
    limit = ruleset.games_per_session
    rows = session_games(ruleset, rows, "sheet", errors)
    results, seen, plus = _read_rows(ruleset, rows, errors)
    most = 4 * ruleset.plus_per_player
    complete = len(rows) >= limit
    if plus > most or (complete and plus != most and not errors):
        errors.append(rule_error("sheet_plus_contracts", None, "sheet", count=plus, most=most))
    totals = [0, 0, 0, 0]
    for game in results:
        for seat in range(4):
            totals[seat] += game.points[seat]
    _check_totals(ruleset, totals, totals_raw, complete, errors)
    if errors:
        return SessionResult(valid=False, errors=cap_errors(errors))
    if complete:
        return SessionResult(True, [], ruleset, results, totals, True, None, [], placements(totals))
    open_codes = [
        c.code for c in ruleset.contracts if c.code not in seen and (not c.is_plus or plus < most)
    ]
    return SessionResult(
        valid=True,
        ruleset=ruleset,
        games=results,
        totals=totals,
        complete=False,
        next_chooser=None,
        available_contracts=open_codes,
    )


def _read_rows(
    ruleset: Ruleset, rows: list[Any], errors: list[RuleError]
) -> tuple[list[GameResult], dict[str, int], int]:
    """The sheet's rows read one by one: the games scored, the row number of each contract
    played, and how many plus contracts were played."""
    results: list[GameResult] = []
    seen: dict[str, int] = {}
    plus = 0
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            errors.append(rule_error("sheet_row_type", number, "sheet"))
            continue
        unknown_fields(row, ROW_KEYS, number, errors)
        code = row.get("contract")
        contract = ruleset.by_code.get(code) if isinstance(code, str) else None
        if contract is None:
            contract_problem(ruleset, code, number, errors)
        elif code in seen:
            errors.append(
                rule_error(
                    "contract_repeated",
                    number,
                    "contract",
                    contract=Text(contract.name, contract.name_nl),
                    first=seen[code],
                )
            )
            contract = None
        else:
            seen[contract.code] = number
            plus += 1 if contract.is_plus else 0
        if row.get("net") is None:
            errors.append(rule_error("level_missing", number, "net", variant="sheet"))
            continue
        _, values = read_deal({"net": row["net"]}, contract, number, errors)
        if contract is not None and values is not None:
            results.append(GameResult(number, contract.code, None, LEVEL, None, values, []))
    return results, seen, plus


def _check_totals(
    ruleset: Ruleset,
    totals: list[int],
    totals_raw: object,
    complete: bool,
    errors: list[RuleError],
) -> None:
    """A complete sheet adds up to zero, and the totals written on it (if any) are the sum of
    its rows."""
    grand = totals[0] + totals[1] + totals[2] + totals[3]
    if complete and not errors and grand:
        errors.append(rule_error("not_zero_sum", None, "sheet", total=num(grand)))
    check_totals(ruleset, totals_raw, totals, errors)
