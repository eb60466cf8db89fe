"""Doubles: checking them and scoring them.

Terms
-----
double        A directed pair (doubler, target) of two different seats. Each directed pair
              occurs at most once, so two players have 0, 1 or 2 connections.
doubling back A double whose target had doubled the doubler. The chooser may only double back;
              other seats may double anyone.
zalen         Doubling all three others. *ruitenwissen*: doubling both seats other than
              yourself and the chooser. (Jargon for forms and docs; the engine sees pairs.)

Scoring: for every double (a, b) the difference ``base[a] - base[b]`` is added to a and taken
from b, so doubling never changes a game's total.
"""

from __future__ import annotations

from games.bonken.rules.errors import RuleError, num, rule_error, who
from games.seam import is_int

MAX_DOUBLES = 12  # the number of directed pairs of four seats
MAX_CHECKED = 64  # entries of an overlong list that are still checked one by one


def read_doubles(
    raw: object, chooser: int | None, number: int, errors: list[RuleError]
) -> list[tuple[int, int]] | None:
    """The doubles of a game as (doubler, target) pairs, or None if any is wrong.

    ``raw`` None (absent or null) means no doubles. ``chooser`` None (unknown) skips the
    doubling-back check.
    """
    if raw is None:
        return []
    if not isinstance(raw, list | tuple):
        errors.append(rule_error("doubles_type", number, "doubles"))
        return None
    ok = True
    if len(raw) > MAX_DOUBLES:
        errors.append(rule_error("too_many_doubles", number, "doubles", count=len(raw)))
        ok = False
    pairs: list[tuple[int, int]] = []
    where: list[str] = []
    for index, entry in enumerate(raw[:MAX_CHECKED]):
        field = f"doubles[{index}]"
        if not (isinstance(entry, list | tuple) and len(entry) == 2 and all(map(is_int, entry))):
            errors.append(rule_error("doubles_type", number, field, variant="entry"))
            ok = False
            continue
        doubler, target = int(entry[0]), int(entry[1])
        outside = [seat for seat in (doubler, target) if not 0 <= seat <= 3]
        if outside:
            for seat in dict.fromkeys(outside):
                errors.append(rule_error("double_seat_out_of_range", number, field, seat=num(seat)))
            ok = False
            continue
        if doubler == target:
            errors.append(rule_error("self_double", number, field, seat=who(doubler)))
            ok = False
            continue
        if (doubler, target) in pairs:
            errors.append(
                rule_error(
                    "double_repeated", number, field, doubler=who(doubler), target=who(target)
                )
            )
            ok = False
            continue
        pairs.append((doubler, target))
        where.append(field)
    if chooser is not None:
        for (doubler, target), field in zip(pairs, where, strict=True):
            if doubler == chooser and (target, chooser) not in pairs:
                errors.append(
                    rule_error(
                        "chooser_may_only_double_back",
                        number,
                        field,
                        doubler=who(doubler),
                        target=who(target),
                    )
                )
                ok = False
    return pairs if ok else None


def apply_doubles(base: list[int], pairs: list[tuple[int, int]]) -> list[int]:
    """Each seat's points after the doubles ``pairs``, from the deal points ``base``."""
    points = list(base)
    for doubler, target in pairs:
        difference = base[doubler] - base[target]
        points[doubler] += difference
        points[target] -= difference
    return points
