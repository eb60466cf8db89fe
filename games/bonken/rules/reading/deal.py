"""Reading what a club recorded about one deal, at any of the three levels.

Terms
-----
level    How precisely a game was recorded: ``counts`` (what each seat took: hearts, tricks,
         cards, per card kind where the contract values kinds differently), ``points`` (each
         seat's points before doubling) or ``net`` (each seat's score after doubling, as on a
         paper score sheet). A game gives exactly one of the three; a null value counts as
         absent.

It reports every problem of a game.
"""

from __future__ import annotations

from typing import Any

from games.bonken.rules.errors import RuleError, Text, listing, num, quoted, rule_error, seat_list
from games.bonken.rules.reading.outcomes import possible, shape_of
from games.bonken.rules.rulesets import NET_FACTOR, Contract, Ruleset, show
from games.seam import is_int

LEVELS = ("counts", "points", "net")


def four_ints(value: object) -> list[int] | None:
    """``value`` as a list of four whole numbers, or None if it is not one."""
    if isinstance(value, list | tuple) and len(value) == 4 and all(is_int(v) for v in value):
        return [int(v) for v in value]
    return None


def contract_text(contract: Contract) -> Text:
    return Text(contract.name, contract.name_nl)


def read_deal(
    game: dict[str, Any], contract: Contract | None, number: int, errors: list[RuleError]
) -> tuple[str | None, list[int] | None]:
    """The level of a game and its values: base points (``counts``, ``points``) or scores
    after doubling (``net``). The values are None if anything is wrong; errors say what."""
    present = [level for level in LEVELS if game.get(level) is not None]
    if not present:
        errors.append(rule_error("level_missing", number, "counts"))
        return None, None
    if len(present) > 1:
        errors.append(rule_error("level_ambiguous", number, present[1], levels=listing(present)))
        return None, None
    level = present[0]
    raw = game[level]
    if level == "counts":
        return level, _read_counts(raw, contract, number, errors)
    values = four_ints(raw)
    if values is None:
        errors.append(rule_error(f"{level}_type", number, level))
        return level, None
    if contract is None:
        return level, None
    total = contract.deal_total
    if level == "points":
        low, high = (total, 0) if total < 0 else (0, total)
    else:
        high = NET_FACTOR * abs(total)
        low = -high
    name = contract_text(contract)
    ok = True
    unit = contract.granularity
    odd = [seat for seat, value in enumerate(values) if value % unit]
    if odd:
        errors.append(
            rule_error(
                "not_multiple_of_unit",
                number,
                level,
                contract=name,
                unit=unit,
                seats=seat_list(odd),
            )
        )
        ok = False
    outside = [seat for seat, value in enumerate(values) if not low <= value <= high]
    if outside:
        errors.append(
            rule_error(
                f"{level}_out_of_range",
                number,
                level,
                contract=name,
                low=low,
                high=high,
                seats=seat_list(outside),
            )
        )
        ok = False
    given = sum(values)
    if given != total:
        errors.append(
            rule_error("game_total", number, level, contract=name, total=num(given), expected=total)
        )
        ok = False
    if ok and level == "net" and not possible(shape_of(contract), values):
        errors.append(
            rule_error("net_impossible", number, level, contract=name, scores=listing(values))
        )
        ok = False
    return level, values if ok else None


def _read_counts(
    raw: object, contract: Contract | None, number: int, errors: list[RuleError]
) -> list[int] | None:
    if contract is None:
        return None
    if not contract.card_kinds:
        assert contract.value is not None
        counts = _count_list(raw, contract.units, contract, "counts", number, errors)
        if counts is None:
            return None
        return [count * contract.value for count in counts]
    name = contract_text(contract)
    kinds = listing([kind.code for kind in contract.card_kinds])
    if not isinstance(raw, dict):
        errors.append(
            rule_error("counts_type", number, "counts", variant="kinds", contract=name, kinds=kinds)
        )
        return None
    ok = True
    for key in raw:
        if not (isinstance(key, str) and contract.card_kind(key) is not None):
            label = key[:40] if isinstance(key, str) else show(key)
            errors.append(
                rule_error(
                    "counts_kind_unknown",
                    number,
                    f"counts.{label}",
                    contract=name,
                    name=quoted(key),
                    kinds=kinds,
                )
            )
            ok = False
    base = [0, 0, 0, 0]
    for kind in contract.card_kinds:
        where = f"counts.{kind.code}"
        if raw.get(kind.code) is None:
            kind_name = Text(kind.name, kind.name_nl)
            errors.append(
                rule_error("counts_kind_missing", number, where, contract=name, kind=kind_name)
            )
            ok = False
            continue
        counts = _count_list(raw[kind.code], kind.units, contract, where, number, errors)
        if counts is None:
            ok = False
            continue
        for seat in range(4):
            base[seat] += counts[seat] * kind.value
    return base if ok else None


def _count_list(
    raw: object,
    units: int,
    contract: Contract,
    where: str,
    number: int,
    errors: list[RuleError],
) -> list[int] | None:
    counts = four_ints(raw)
    if counts is None:
        errors.append(rule_error("counts_type", number, where))
        return None
    ok = True
    negative = [seat for seat, count in enumerate(counts) if count < 0]
    if negative:
        errors.append(rule_error("counts_negative", number, where, seats=seat_list(negative)))
        ok = False
    total = sum(counts)
    if total != units:
        errors.append(
            rule_error(
                "counts_sum",
                number,
                where,
                contract=contract_text(contract),
                total=num(total),
                units=units,
            )
        )
        ok = False
    return counts if ok else None


def read_totals(ruleset: Ruleset, raw: object, errors: list[RuleError]) -> list[int] | None:
    """Recorded session totals: 4 whole numbers, multiples of the ruleset's totals unit and
    within reach of a session. None if they are not 4 whole numbers (errors say so)."""
    values = four_ints(raw)
    if values is None:
        errors.append(rule_error("totals_type", None, "totals"))
        return None
    unit = ruleset.totals_unit
    odd = [seat for seat, value in enumerate(values) if value % unit]
    if odd:
        errors.append(
            rule_error(
                "not_multiple_of_unit",
                None,
                "totals",
                variant="totals",
                unit=unit,
                seats=seat_list(odd),
            )
        )
    bound = ruleset.totals_bound
    outside = [seat for seat, value in enumerate(values) if not -bound <= value <= bound]
    if outside:
        errors.append(
            rule_error(
                "totals_out_of_range",
                None,
                "totals",
                low=-bound,
                high=bound,
                seats=seat_list(outside),
            )
        )
    return values


def check_totals(ruleset: Ruleset, raw: object, totals: list[int], errors: list[RuleError]) -> None:
    """Recorded session totals (when a document gives them) must be the ones its games add up
    to, ``totals``."""
    if raw is None:
        return
    given = read_totals(ruleset, raw, errors)
    if not errors and given != totals:
        errors.append(rule_error("totals_mismatch", None, "totals", computed=listing(totals)))
