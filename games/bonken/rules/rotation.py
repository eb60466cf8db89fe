"""Whose turn it is to choose, and which contracts that seat may choose.

Terms
-----
chooser     The seat that picks the contract of a game. The first game's chooser may be any
            seat (classic: whoever holds the seven of spades); after that the rotation rule
            decides (see rulesets.py for ``passing``, ``strict`` and ``quota``).
passed      Under ``passing``: once every minus contract has been played, a seat that already
            chose all its plus contracts no longer gets a turn.
later turns Under ``strict`` and ``quota`` the order of choosers is fixed by the first one, so a
            seat knows how many turns it still gets; a seat that still owes a plus contract
            must not spend its last turn on a minus contract.

The engine keeps the running state (contracts played, plus and minus contracts chosen per
seat) in local variables for speed and calls these helpers for the less common steps.
"""

from __future__ import annotations

from games.bonken.rules.rulesets import SEATS, Ruleset


def passing_next(prev: int, minus_left: int, plus_count: list[int], plus_each: int) -> int | None:
    """Under ``passing``, the seat after ``prev`` that chooses next; None if all are passed."""
    seat = (prev + 1) % SEATS
    if minus_left > 0:
        return seat
    for _ in range(SEATS):
        if plus_count[seat] < plus_each:
            return seat
        seat = (seat + 1) % SEATS
    return None


def expected_chooser(ruleset: Ruleset, prev: int, minus_left: int, plus_count: list[int]) -> int:
    """The seat that should choose the next game; -1 if any seat may (before the first game,
    or when the previous chooser is unknown)."""
    if prev < 0:
        return -1
    if ruleset.rotation == "passing" and minus_left <= 0:
        seat = passing_next(prev, minus_left, plus_count, ruleset.plus_per_player)
        return -1 if seat is None else seat
    return (prev + 1) % SEATS


def later_turns(games_per_session: int, number: int) -> int:
    """Under a fixed order, how many more turns the chooser of game ``number`` gets."""
    return max(0, (games_per_session - number) // SEATS)


def may_choose(
    ruleset: Ruleset,
    seat: int,
    number: int,
    is_plus: bool,
    plus_count: list[int],
    minus_count: list[int],
) -> str | None:
    """Whether ``seat`` may choose a plus (or minus) contract as game ``number``.

    None if it may, else the error code that says why not. Whether a particular contract is
    still unplayed is for the caller to check.
    """
    if is_plus:
        return "plus_contract_twice" if plus_count[seat] >= ruleset.plus_per_player else None
    if ruleset.rotation == "quota":
        assert ruleset.minus_per_player is not None
        return "minus_quota_exceeded" if minus_count[seat] >= ruleset.minus_per_player else None
    if ruleset.rotation == "strict":
        owed = ruleset.plus_per_player - plus_count[seat]
        if owed > later_turns(ruleset.games_per_session, number):
            return "missing_plus_contract"
    return None


def next_turn(
    ruleset: Ruleset,
    games_played: int,
    prev: int | None,
    played: list[int],
    plus_count: list[int],
    minus_count: list[int],
    minus_left: int,
) -> tuple[int | None, list[str]]:
    """For a valid, incomplete session: the next chooser and what it may choose.

    Before the first game any seat may choose, so the chooser is None and the contracts are
    those some seat may open with.
    """
    if games_played >= ruleset.games_per_session:
        return None, []
    number = games_played + 1
    if prev is None:
        seats = list(range(SEATS))
        chooser = None
    else:
        if ruleset.rotation == "passing":
            chooser = passing_next(prev, minus_left, plus_count, ruleset.plus_per_player)
        else:
            chooser = (prev + 1) % SEATS
        if chooser is None:
            return None, []
        seats = [chooser]
    allowed = set()
    for seat in seats:
        for is_plus in (False, True):
            if may_choose(ruleset, seat, number, is_plus, plus_count, minus_count):
                continue
            allowed.add(is_plus)
    available = [
        contract.code
        for index, contract in enumerate(ruleset.contracts)
        if not played[index] and contract.is_plus in allowed
    ]
    return chooser, available
