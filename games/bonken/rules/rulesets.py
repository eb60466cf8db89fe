"""Rulesets: the contracts of a Bonken variant and the rule that decides who chooses.

Terms
-----
seat        One of the four players, numbered 0 to 3 clockwise.
contract    One of the games a chooser can pick (``hearts``, ``trumps_spades``...). A *minus*
            contract hands out negative points, a *plus* contract positive points.
unit        What a contract counts: a heart, a trick, a queen... ``value`` is the (signed)
            points per unit and ``units`` how many units one deal holds.
card kind   For contracts that value cards differently (eleven ``men``: kings -20, jacks -10)
            each kind has its own value and units; such a contract has ``value = None``.
deal total  The points one deal hands out: the sum of ``value * units`` over its kinds.
granularity The greatest common divisor of a contract's unit values: every score in that
            contract, before or after doubling, is a multiple of it.
rotation    How the chooser moves from game to game:
            ``passing`` (classic) clockwise, but once every minus contract has been played a
            seat that already chose its plus contract(s) is passed;
            ``strict`` (eleven) one seat clockwise every game;
            ``quota`` one seat clockwise every game, and every seat chooses exactly
            ``minus_per_player`` minus and ``plus_per_player`` plus contracts.
session     A complete series of games. Under ``passing`` and ``strict`` it plays every minus
            contract once and ``plus_per_player`` plus contracts per seat; under ``quota``
            ``4 * minus_per_player`` minus and ``4 * plus_per_player`` plus contracts. No
            contract is played twice.

A ruleset is refused (RulesetError) unless *every* complete session adds up to zero. Where
only some of the minus (or plus) contracts are played, they must therefore all be worth the
same per deal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from math import gcd

from games.bonken.rules.errors import RulesetError, num

SEATS = 4
ROTATIONS = ("passing", "strict", "quota")
SIGNS = ("minus", "plus")
MAX_CONTRACTS = 64
MAX_UNITS = 52
MAX_VALUE = 10_000
# A seat's score after doubling differs from its deal points by at most the three other
# seats' differences, each counted up to twice: |net| <= 7 * |deal total|.
NET_FACTOR = 1 + 2 * (SEATS - 1)

_CODE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


def show(value: object) -> str:
    """A short, safe rendering of some input for an error message."""
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return num(value)
    if isinstance(value, str):
        return repr(value[:40]) + ("..." if len(value) > 40 else "")
    return f"a {type(value).__name__}"


def _check_code(code: object, what: str) -> str:
    if not isinstance(code, str) or not _CODE.match(code):
        raise RulesetError(
            f"{what} code must be lower-case letters, digits and underscores, starting with a "
            f"letter, at most 40 characters; got {show(code)}"
        )
    return code


def _check_name(name: object, what: str) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise RulesetError(f"{what} must be a non-empty text of at most 200 characters")
    return name


def _check_int(value: object, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RulesetError(f"{what} must be a whole number from {low} to {high}; got {show(value)}")
    return value


@dataclass(frozen=True, slots=True)
class CardKind:
    """A kind of card a contract values on its own (eleven ``men``: ``kings`` and ``jacks``)."""

    code: str
    name: str
    name_nl: str
    value: int
    units: int

    def __post_init__(self) -> None:
        what = f"card kind {show(self.code)}"
        _check_code(self.code, "card kind")
        _check_name(self.name, f"{what}: name")
        _check_name(self.name_nl, f"{what}: name_nl")
        _check_int(self.units, f"{what}: units", 1, MAX_UNITS)
        _check_int(self.value, f"{what}: value", -MAX_VALUE, MAX_VALUE)


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: names, sign, value per unit (or per card kind) and units per deal."""

    code: str
    name: str
    name_nl: str
    sign: str
    value: int | None
    units: int
    card_kinds: tuple[CardKind, ...] = ()
    unit_name: str = ""
    unit_name_nl: str = ""

    def __post_init__(self) -> None:
        _check_code(self.code, "contract")
        what = f"contract {self.code!r}"
        _check_name(self.name, f"{what}: name")
        _check_name(self.name_nl, f"{what}: name_nl")
        for label in (self.unit_name, self.unit_name_nl):
            if not isinstance(label, str) or len(label) > 200:
                raise RulesetError(f"{what}: unit names must be texts of at most 200 characters")
        if self.card_kinds:
            if self.value is not None:
                raise RulesetError(f"{what}: give either value and units or card_kinds, not both")
            codes = [kind.code for kind in self.card_kinds]
            if len(set(codes)) != len(codes):
                raise RulesetError(f"{what}: card kind codes must be different")
            values = [kind.value for kind in self.card_kinds]
            if self.units != sum(kind.units for kind in self.card_kinds):
                raise RulesetError(f"{what}: units must be the sum of its card kinds' units")
        else:
            _check_int(self.value, f"{what}: value", -MAX_VALUE, MAX_VALUE)
            assert self.value is not None  # _check_int refused anything else
            values = [self.value]
        _check_int(self.units, f"{what}: units", 1, MAX_UNITS)
        if self.sign not in SIGNS:
            raise RulesetError(f"{what}: sign must be 'minus' or 'plus'; got {show(self.sign)}")
        for value in values:
            if value == 0 or (value < 0) != (self.sign == "minus"):
                raise RulesetError(
                    f"{what}: a {self.sign} contract needs "
                    f"{'negative' if self.sign == 'minus' else 'positive'} values; got {value}"
                )

    @property
    def is_plus(self) -> bool:
        return self.sign == "plus"

    @property
    def deal_total(self) -> int:
        """The points one deal of this contract hands out, before and after doubling."""
        if self.card_kinds:
            return sum(kind.value * kind.units for kind in self.card_kinds)
        assert self.value is not None
        return self.value * self.units

    @property
    def granularity(self) -> int:
        """Every score of this contract is a multiple of this (positive) number."""
        if self.card_kinds:
            return gcd(*(kind.value for kind in self.card_kinds))
        assert self.value is not None
        return abs(self.value)

    def card_kind(self, code: str) -> CardKind | None:
        for kind in self.card_kinds:
            if kind.code == code:
                return kind
        return None


@dataclass(frozen=True)
class Ruleset:
    """A Bonken variant: its contracts in order and its rotation rule.

    Construction checks the ruleset and raises RulesetError if it is malformed or if some
    complete session would not add up to zero. The derived tables the engine reads are built
    once here.
    """

    code: str
    name: str
    name_nl: str
    rotation: str
    contracts: tuple[Contract, ...]
    plus_per_player: int = 1
    minus_per_player: int | None = None
    # Derived in __post_init__; not constructor arguments.
    games_per_session: int = field(init=False, compare=False)
    minus_in_session: int = field(init=False, compare=False, repr=False)
    totals_unit: int = field(init=False, compare=False, repr=False)
    totals_bound: int = field(init=False, compare=False, repr=False)
    by_code: dict[str, Contract] = field(init=False, compare=False, repr=False)
    index: dict[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        _check_code(self.code, "ruleset")
        _check_name(self.name, "ruleset name")
        _check_name(self.name_nl, "ruleset name_nl")
        if self.rotation not in ROTATIONS:
            raise RulesetError(
                f"rotation must be one of {', '.join(ROTATIONS)}; got {show(self.rotation)}"
            )
        if not isinstance(self.contracts, tuple) or not all(
            isinstance(contract, Contract) for contract in self.contracts
        ):
            raise RulesetError("contracts must be a tuple of Contract")
        if not 1 <= len(self.contracts) <= MAX_CONTRACTS:
            raise RulesetError(f"a ruleset has 1 to {MAX_CONTRACTS} contracts")
        codes = [contract.code for contract in self.contracts]
        repeated = sorted({code for code in codes if codes.count(code) > 1})
        if repeated:
            raise RulesetError(f"contract codes must be different; repeated: {', '.join(repeated)}")
        plus_each = _check_int(self.plus_per_player, "plus_per_player", 1, 8)
        if self.rotation == "quota":
            minus_each = _check_int(self.minus_per_player, "minus_per_player", 1, 16)
        elif self.minus_per_player is not None:
            raise RulesetError("minus_per_player applies to the quota rotation only")
        minus = [contract for contract in self.contracts if not contract.is_plus]
        plus = [contract for contract in self.contracts if contract.is_plus]
        minus_played = SEATS * minus_each if self.rotation == "quota" else len(minus)
        plus_played = SEATS * plus_each
        _check_playable(minus, minus_played, "minus", self.rotation)
        _check_playable(plus, plus_played, "plus", self.rotation)
        minus_sum = _session_share(minus, minus_played, "minus")
        plus_sum = _session_share(plus, plus_played, "plus")
        if minus_sum + plus_sum != 0:
            raise RulesetError(
                f"ruleset {self.code!r} cannot add up to zero: a complete session plays "
                f"{minus_played} minus contracts worth {minus_sum} and {plus_played} plus "
                f"contracts worth +{plus_sum}, together {minus_sum + plus_sum:+d}"
            )
        setattr_ = object.__setattr__
        setattr_(self, "games_per_session", minus_played + plus_played)
        setattr_(self, "minus_in_session", minus_played)
        setattr_(self, "totals_unit", gcd(*(c.granularity for c in self.contracts)))
        bound = NET_FACTOR * sum(abs(contract.deal_total) for contract in self.contracts)
        setattr_(self, "totals_bound", bound)
        setattr_(self, "by_code", {contract.code: contract for contract in self.contracts})
        setattr_(self, "index", {contract.code: i for i, contract in enumerate(self.contracts)})

    @property
    def minus_contracts(self) -> tuple[Contract, ...]:
        return tuple(contract for contract in self.contracts if not contract.is_plus)

    @property
    def plus_contracts(self) -> tuple[Contract, ...]:
        return tuple(contract for contract in self.contracts if contract.is_plus)

    def contract(self, code: str) -> Contract:
        """The contract with this code; RulesetError if the ruleset has none."""
        try:
            return self.by_code[code]
        except (KeyError, TypeError):
            raise RulesetError(f"ruleset {self.code!r} has no contract {show(code)}") from None


def _check_playable(contracts: list[Contract], needed: int, sign: str, rotation: str) -> None:
    if len(contracts) < needed:
        raise RulesetError(
            f"a complete session under the {rotation} rotation plays {needed} {sign} contracts, "
            f"but the ruleset has only {len(contracts)}"
        )


def _session_share(contracts: list[Contract], played: int, sign: str) -> int:
    """What the ``played`` contracts of one sign add up to in every complete session."""
    totals = {contract.code: contract.deal_total for contract in contracts}
    if played < len(contracts) and len(set(totals.values())) > 1:
        worth = ", ".join(f"{code} {total:+d}" for code, total in totals.items())
        raise RulesetError(
            f"only {played} of the {len(contracts)} {sign} contracts are played, so they must "
            f"all be worth the same per deal for every session to add up to zero; they are "
            f"worth {worth}"
        )
    if played < len(contracts):
        return played * next(iter(totals.values()))
    return sum(totals.values())
