"""Hypothesis strategies for Bonken sessions, written from the rules and not from the engine.

The rotation and choice rules are implemented here again, as plainly as possible, so that a
mistake in the engine's rotation cannot hide behind the same mistake in the generator.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from games.bonken.rules import Contract, Ruleset, ruleset_from_dict

SEATS = range(4)


def deal_points(contract: Contract, counts: Any) -> list[int]:
    """Each seat's points from what it took (before doubling)."""
    if contract.card_kinds:
        return [
            sum(kind.value * counts[kind.code][seat] for kind in contract.card_kinds)
            for seat in SEATS
        ]
    return [contract.value * count for count in counts]


def after_doubles(base: list[int], doubles: list[list[int]]) -> list[int]:
    points = list(base)
    for doubler, target in doubles:
        points[doubler] += base[doubler] - base[target]
        points[target] -= base[doubler] - base[target]
    return points


@dataclass
class Plan:
    """Where a session stands: used to say who chooses next and what they may choose."""

    ruleset: Ruleset
    first: int
    choosers: list[int] = field(default_factory=list)
    contracts: list[str] = field(default_factory=list)

    def count(self, seat: int, plus: bool) -> int:
        return sum(
            1
            for chooser, code in zip(self.choosers, self.contracts, strict=True)
            if chooser == seat and self.ruleset.contract(code).is_plus == plus
        )

    def minus_left(self) -> bool:
        played = set(self.contracts)
        if self.ruleset.rotation == "quota":
            return sum(not self.ruleset.contract(c).is_plus for c in played) < 4 * (
                self.ruleset.minus_per_player or 0
            )
        return any(not c.is_plus and c.code not in played for c in self.ruleset.contracts)

    def next_chooser(self) -> int:
        if not self.choosers:
            return self.first
        seat = (self.choosers[-1] + 1) % 4
        if self.ruleset.rotation != "passing":
            return seat
        while not self.minus_left() and self.count(seat, True) >= self.ruleset.plus_per_player:
            seat = (seat + 1) % 4
        return seat

    def turns_after(self, seat: int) -> int:
        """Under a fixed order: turns ``seat`` gets after the game about to be played."""
        total = self.ruleset.games_per_session
        now = len(self.choosers) + 1
        return sum(
            1 for number in range(now + 1, total + 1) if (self.first + number - 1) % 4 == seat
        )

    def allowed(self, seat: int) -> list[str]:
        ruleset = self.ruleset
        plus_each = ruleset.plus_per_player
        out = []
        for contract in ruleset.contracts:
            if contract.code in self.contracts:
                continue
            if contract.is_plus:
                if self.count(seat, True) < plus_each:
                    out.append(contract.code)
                continue
            if ruleset.rotation == "quota":
                if self.count(seat, False) < (ruleset.minus_per_player or 0):
                    out.append(contract.code)
            elif ruleset.rotation == "strict":
                if plus_each - self.count(seat, True) <= self.turns_after(seat):
                    out.append(contract.code)
            else:
                out.append(contract.code)
        return out


@st.composite
def counts_for(draw: st.DrawFn, contract: Contract) -> Any:
    """What each seat took in one deal: every unit goes to some seat."""

    def deal(units: int) -> list[int]:
        owners = draw(st.lists(st.integers(0, 3), min_size=units, max_size=units))
        return [owners.count(seat) for seat in SEATS]

    if contract.card_kinds:
        return {kind.code: deal(kind.units) for kind in contract.card_kinds}
    return deal(contract.units)


@st.composite
def doubles_for(draw: st.DrawFn, chooser: int) -> list[list[int]]:
    """Allowed doubles: others double anyone, the chooser doubles only back."""
    others = [(a, b) for a in SEATS for b in SEATS if a != b and a != chooser]
    chosen = draw(st.lists(st.sampled_from(others), unique=True, max_size=9))
    doubled_chooser = [a for a, b in chosen if b == chooser]
    back = draw(st.lists(st.sampled_from(doubled_chooser), unique=True)) if doubled_chooser else []
    pairs = [list(pair) for pair in chosen] + [[chooser, seat] for seat in back]
    return draw(st.permutations(pairs)) if pairs else []


@st.composite
def sessions(
    draw: st.DrawFn,
    ruleset: Ruleset,
    length: int | None = None,
    levels: tuple[str, ...] = ("counts",),
) -> tuple[dict[str, Any], Plan]:
    """A valid session document of ``length`` games (default complete) and its plan."""
    total = ruleset.games_per_session
    games_wanted = total if length is None else length
    plan = Plan(ruleset, draw(st.integers(0, 3)))
    games = []
    for _ in range(games_wanted):
        seat = plan.next_chooser()
        code = draw(st.sampled_from(plan.allowed(seat)))
        contract = ruleset.contract(code)
        counts = draw(counts_for(contract))
        doubles = draw(doubles_for(seat))
        level = draw(st.sampled_from(levels))
        game: dict[str, Any] = {"contract": code, "chooser": seat}
        if level == "counts":
            game["counts"] = counts
        elif level == "points":
            game["points"] = deal_points(contract, counts)
        else:
            game["net"] = after_doubles(deal_points(contract, counts), doubles)
        if doubles or draw(st.booleans()):
            game["doubles"] = doubles
        games.append(game)
        plan.choosers.append(seat)
        plan.contracts.append(code)
    return {"ruleset": ruleset.code, "games": games}, plan


def _contract(code: str, value: int, units: int, **extra: Any) -> dict[str, Any]:
    return {
        "code": code,
        "name": code.title(),
        "name_nl": code.upper(),
        "value": value,
        "units": units,
        **extra,
    }


CLASSIC_MINUS = [
    _contract("hearts", -10, 13),
    _contract("kings_jacks", -25, 8),
    _contract("king_of_hearts", -100, 1),
    _contract("queens", -45, 4),
    _contract("duck", -10, 13),
    _contract("domino", -100, 1),
    _contract("seventh_thirteenth", -50, 2),
    _contract("last_trick", -100, 1),
]
CLASSIC_PLUS = [_contract(f"trumps_{n}", 20, 13) for n in ("a", "b", "c", "d", "e")]

HOUSE_RULESETS = [
    ruleset_from_dict(
        {
            "code": "house_strict",
            "name": "Strict",
            "name_nl": "Strikt",
            "rotation": "strict",
            "contracts": CLASSIC_MINUS + CLASSIC_PLUS,
        }
    ),
    ruleset_from_dict(
        {
            "code": "house_quota",
            "name": "Quota",
            "name_nl": "Quota",
            "rotation": "quota",
            "minus_per_player": 2,
            "contracts": CLASSIC_MINUS + CLASSIC_PLUS,
        }
    ),
    # Other values, a card-kind contract, two plus contracts per player, passing.
    ruleset_from_dict(
        {
            "code": "house_double_plus",
            "name": "Two plus each",
            "name_nl": "Twee plus elk",
            "rotation": "passing",
            "plus_per_player": 2,
            "contracts": [
                _contract("hearts", -5, 13),
                {
                    "code": "men",
                    "name": "Men",
                    "name_nl": "Heren en boeren",
                    "card_kinds": [
                        {
                            "code": "kings",
                            "name": "Kings",
                            "name_nl": "Heren",
                            "value": -20,
                            "units": 4,
                        },
                        {
                            "code": "jacks",
                            "name": "Jacks",
                            "name_nl": "Boeren",
                            "value": -10,
                            "units": 4,
                        },
                    ],
                },
                _contract("queens", -30, 4),
                _contract("duck", -5, 13),
                _contract("last_trick", -30, 1),
                *[_contract(f"plus_{n}", 5, 10) for n in range(9)],
            ],
        }
    ),
]
