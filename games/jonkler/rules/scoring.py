"""score_session: validate and score one Jonkler session document; never raises for bad input.

The document::

    {"game": "jonkler",                 # optional; another game's code is an error
     "ruleset": "jonkler",              # optional, default "jonkler"
     "seats": 4,                        # the number of players, 3 to 6
     "first_dealer": 0,                 # optional, default 0: the seat that deals round 1
     "rounds": [{"bids": [1, 0, 1, 0], "tricks": [1, 1, 0, 0],
                 "jonkled": [0, 1, 0, 0]},          # optional: who jonkled a king
                ...]}                   # in play order, at most the ruleset's rounds (8)

Every problem is reported at once (at most ``seam.MAX_ERRORS``), in document order: the
document's keys, then each round in turn. A round is checked on its own, so one wrong round
gives its own errors and no others. More rounds than the ruleset has gives one
``too_many_rounds``; the extra rounds are not checked. See README.md for the codes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeGuard

from games.jonkler.rules.messages import CATALOGUE, rule_error, tricks
from games.jonkler.rules.result import JonklerResult, JonklerRound
from games.jonkler.rules.rulesets import (
    DEFAULT_RULESET,
    MAX_ROUNDS,
    RULESETS,
    Ruleset,
    ruleset_from_dict,
)
from games.seam import (
    RuleError,
    RulesetError,
    cap_errors,
    is_int,
    listing,
    num,
    placements,
    quoted,
    seat_list,
    unknown_fields,
)

GAME_CODE = "jonkler"
MIN_SEATS = 3
MAX_SEATS = 6
DOCUMENT_KEYS = frozenset(("game", "ruleset", "seats", "first_dealer", "rounds"))
ROUND_KEYS = frozenset(("bids", "tricks", "jonkled"))


def score_session(
    document: object, *, ruleset: object = None, names: Sequence[str] | None = None
) -> JonklerResult:
    """Validate and score ``document``. ``ruleset`` (a Ruleset, its dict form or a built-in
    code) replaces the document's; ``names`` are the table's players in seat order."""
    if not isinstance(document, dict):
        return _invalid([rule_error("document_type")])
    errors: list[RuleError] = []
    if names is not None:
        names = [name if isinstance(name, str) else str(name) for name in names]
    if not document.keys() <= DOCUMENT_KEYS:
        unknown_fields(document, DOCUMENT_KEYS, None, errors, CATALOGUE)
    game = document.get("game")
    if game is not None and game != GAME_CODE:
        errors.append(rule_error("unknown_game", None, "game", name=quoted(game)))
    rules = _ruleset(document, ruleset, errors)
    seats = _seats(document, names, errors)
    first = _first_dealer(document, seats, errors)
    raw = document.get("rounds")
    if raw is None:
        raw = []
    elif not isinstance(raw, list):
        errors.append(rule_error("rounds_type", None, "rounds"))
        raw = []
    limit = rules.rounds if rules is not None else MAX_ROUNDS
    if len(raw) > limit and rules is not None:
        errors.append(
            rule_error(
                "too_many_rounds",
                limit + 1,
                "rounds",
                ruleset=quoted(rules.name),
                limit=limit,
                count=num(len(raw)),
            )
        )
    rounds: list[JonklerRound] = []
    for index, entry in enumerate(raw[:limit]):
        number = index + 1
        deals = None if seats is None or first is None else (first + index) % seats
        played = _round(entry, number, seats, deals, rules, names, errors)
        if played is not None:
            rounds.append(played)
    if errors or rules is None or seats is None or first is None:
        return _invalid(errors)
    totals = [0] * seats
    for played in rounds:
        totals = [total + points for total, points in zip(totals, played.points, strict=True)]
    complete = len(rounds) == rules.rounds
    return JonklerResult(
        valid=True,
        totals=totals,
        complete=complete,
        placements=placements(totals) if complete else None,
        ruleset=rules,
        seats=seats,
        first_dealer=first,
        rounds=rounds,
    )


def _invalid(errors: list[RuleError]) -> JonklerResult:
    return JonklerResult(valid=False, errors=cap_errors(errors, CATALOGUE))


def _ruleset(document: dict[Any, Any], given: object, errors: list[RuleError]) -> Ruleset | None:
    if isinstance(given, Ruleset):
        return given
    if given is not None and not isinstance(given, str):
        try:
            return ruleset_from_dict(given)
        except (RulesetError, TypeError, ValueError) as error:
            reason = " ".join(str(error).split())[:200] or "not a ruleset"
            errors.append(
                rule_error("unknown_ruleset", None, "ruleset", variant="object", reason=reason)
            )
            return None
    code = given if given is not None else document.get("ruleset")
    if code is None:
        code = DEFAULT_RULESET
    rules = RULESETS.get(code) if isinstance(code, str) else None
    if rules is None:
        errors.append(
            rule_error(
                "unknown_ruleset",
                None,
                "ruleset",
                name=quoted(code),
                known=listing(sorted(RULESETS)),
            )
        )
    return rules


def _seats(
    document: dict[Any, Any], names: Sequence[str] | None, errors: list[RuleError]
) -> int | None:
    """The number of seats (the document's, else the table's); None if there is none to use."""
    raw = document.get("seats")
    table = len(names) if names is not None else None
    if raw is None:
        if table is None:
            errors.append(
                rule_error(
                    "seats_range", None, "seats", variant="missing", low=MIN_SEATS, high=MAX_SEATS
                )
            )
            return None
        raw = table
    if not is_int(raw) or not MIN_SEATS <= raw <= MAX_SEATS:
        errors.append(
            rule_error(
                "seats_range", None, "seats", value=quoted(raw), low=MIN_SEATS, high=MAX_SEATS
            )
        )
        return table if table is not None and MIN_SEATS <= table <= MAX_SEATS else None
    if table is not None and table != raw:
        errors.append(rule_error("seats_mismatch", None, "seats", count=table, seats=raw))
    return raw


def _first_dealer(
    document: dict[Any, Any], seats: int | None, errors: list[RuleError]
) -> int | None:
    raw = document.get("first_dealer")
    if raw is None:
        return 0
    last = (seats or MAX_SEATS) - 1
    if not is_int(raw) or not 0 <= raw <= last:
        errors.append(
            rule_error("first_dealer_range", None, "first_dealer", last=last, value=quoted(raw))
        )
        return None
    return raw


def _fast(values: object, number: int, seats: int | None) -> TypeGuard[list[int]]:
    """A list of ``seats`` whole numbers from 0 to ``number`` (the usual case, quickly)."""
    if type(values) is not list or len(values) != seats:
        return False
    for value in values:
        if type(value) is not int or not 0 <= value <= number:
            return False
    return True


def _round(
    entry: object,
    number: int,
    seats: int | None,
    deals: int | None,
    rules: Ruleset | None,
    names: Sequence[str] | None,
    errors: list[RuleError],
) -> JonklerRound | None:
    """One round checked (its errors appended); the round scored if it and the rest allow."""
    if not isinstance(entry, dict):
        errors.append(rule_error("round_type", number, None, round=number))
        return None
    bids = entry.get("bids")
    took = entry.get("tricks")
    jonkled = entry.get("jonkled")
    if (
        rules is not None
        and deals is not None
        and entry.keys() <= ROUND_KEYS
        and _fast(bids, number, seats)
        and _fast(took, number, seats)
        and sum(took) == number
        and not (rules.hook_rule and sum(bids) == number)
        and (jonkled is None or _jonkled_fine(jonkled, took, seats))
    ):
        return _scored(rules, number, deals, bids, took, jonkled)
    start = len(errors)
    if not entry.keys() <= ROUND_KEYS:
        unknown_fields(entry, ROUND_KEYS, number, errors, CATALOGUE)
    bids = _counts(entry, "bids", number, seats, errors)
    took = _counts(entry, "tricks", number, seats, errors)
    jonkled = _counts(entry, "jonkled", number, seats, errors, required=False)
    if bids is not None and _in_range(bids, "bid_range", "bids", number, names, errors):
        if rules is not None and rules.hook_rule and sum(bids) == number:
            if deals is not None and deals < len(bids):
                errors.append(
                    rule_error(
                        "hook_rule",
                        number,
                        "bids",
                        round=number,
                        dealer=seat_list([deals], names),
                        bid=num(bids[deals]),
                    )
                )
            else:
                errors.append(
                    rule_error("hook_rule", number, "bids", variant="no_dealer", round=number)
                )
    tricks_fine = took is not None and _in_range(
        took, "tricks_range", "tricks", number, names, errors
    )
    if took is not None and tricks_fine and sum(took) != number:
        errors.append(
            rule_error(
                "tricks_sum",
                number,
                "tricks",
                round=number,
                played=tricks(number),
                total=num(sum(took)),
            )
        )
    if jonkled is not None:
        _check_jonkled(jonkled, took if tricks_fine else None, number, names, errors)
    if len(errors) > start or rules is None or deals is None or bids is None or took is None:
        return None
    return _scored(rules, number, deals, bids, took, jonkled)


def _scored(
    rules: Ruleset, number: int, deals: int, bids: list[int], took: list[int], jonkled: object
) -> JonklerRound:
    base = rules.met_round_factor * number
    per_bid = rules.met_bid_factor
    per_trick = rules.miss_trick_points
    points = [
        base + per_bid * bid if bid == count else per_trick * count
        for bid, count in zip(bids, took, strict=True)
    ]
    return JonklerRound(
        number,
        deals,
        list(bids),
        list(took),
        list(jonkled) if isinstance(jonkled, list) else None,
        points,
    )


def _counts(
    entry: dict[Any, Any],
    key: str,
    number: int,
    seats: int | None,
    errors: list[RuleError],
    *,
    required: bool = True,
) -> list[int] | None:
    """``entry[key]`` if it is a list of whole numbers, one per seat; else None (reported)."""
    value = entry.get(key)
    if value is None:
        if required:
            errors.append(
                rule_error("counts_type", number, key, variant="missing", round=number, key=key)
            )
        return None
    if not isinstance(value, list) or not all(is_int(item) for item in value):
        errors.append(rule_error("counts_type", number, key, round=number, key=key))
        return None
    if seats is not None and len(value) != seats:
        errors.append(
            rule_error(
                "wrong_length", number, key, round=number, key=key, count=len(value), seats=seats
            )
        )
        return None
    return value


def _in_range(
    values: list[int],
    code: str,
    key: str,
    number: int,
    names: Sequence[str] | None,
    errors: list[RuleError],
) -> bool:
    """Report each value outside 0..number; True if there is none."""
    fine = True
    for seat, value in enumerate(values):
        if not 0 <= value <= number:
            fine = False
            shown = num(value)
            who = seat_list([seat], names)
            if code == "bid_range":
                errors.append(rule_error(code, number, key, round=number, seat=who, bid=shown))
            else:
                errors.append(
                    rule_error(code, number, key, round=number, seat=who, tricks=tricks(shown))
                )
    return fine


def _jonkled_fine(jonkled: object, took: list[int], seats: int | None) -> bool:
    if not _fast(jonkled, 1, seats):
        return False
    if sum(jonkled) > 1:
        return False
    return all(count > 0 for count, flag in zip(took, jonkled, strict=True) if flag)


def _check_jonkled(
    jonkled: list[int],
    took: list[int] | None,
    number: int,
    names: Sequence[str] | None,
    errors: list[RuleError],
) -> None:
    """Each seat jonkled a king at most once a round, one seat at most (one joker), and the
    seat that did won that trick."""
    fine = True
    for seat, value in enumerate(jonkled):
        if value not in (0, 1):
            fine = False
            errors.append(
                rule_error(
                    "jonkled_range",
                    number,
                    "jonkled",
                    round=number,
                    seat=seat_list([seat], names),
                    value=num(value),
                )
            )
    if not fine:
        return
    who = [seat for seat, value in enumerate(jonkled) if value]
    if len(who) > 1:
        errors.append(
            rule_error(
                "jonkled_range",
                number,
                "jonkled",
                variant="twice",
                round=number,
                seats=seat_list(who, names),
            )
        )
    elif who and took is not None and who[0] < len(took) and took[who[0]] == 0:
        errors.append(
            rule_error(
                "jonkled_range",
                number,
                "jonkled",
                variant="no_trick",
                round=number,
                seat=seat_list(who, names),
            )
        )
