"""Reading the parts of a Bonko document: the teams, the rolls and the Bonkos.

Each reader reports every problem it finds into ``errors`` and returns what it could read, with
None for anything unreadable, so the checks that combine parts (scoring.py) run only on what was
read correctly and one slip gives one error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from games.bonko.rules.errors import (
    RuleError,
    Text,
    rule_error,
    seat_list,
    team_label,
    unknown_fields,
)
from games.seam import is_int

SEATS = 4
TEAM_KEYS = frozenset(("seats", "score", "rolloff"))
ROLL_KEYS = frozenset(("seat", "dice", "called", "rolloff"))


@dataclass(slots=True)
class Team:
    """One team as recorded; None where the document could not be read."""

    seats: tuple[int, int] | None
    score: int | None
    rolloff: list[int] | None

    def label(self, number: int, names: Sequence[str] | None) -> Text:
        return team_label(number, self.seats, names)


class Roll(NamedTuple):
    """One roll as recorded: ``session`` is 0 for the round, k for roll-off session k."""

    seat: int
    dice: tuple[int, int, int]
    called: bool
    session: int


def _natural(value: object) -> bool:
    return is_int(value) and value >= 0


def read_teams(
    raw: object, names: Sequence[str] | None, errors: list[RuleError]
) -> list[Team] | None:
    """The two teams; None when ``teams`` is not a list of two."""
    if not isinstance(raw, list) or len(raw) != 2:
        errors.append(rule_error("teams_shape", None, "teams"))
        return None
    teams: list[Team] = []
    for index, item in enumerate(raw):
        where = f"teams[{index}]"
        if not isinstance(item, dict):
            errors.append(rule_error("teams_shape", None, where, variant="team", number=index + 1))
            teams.append(Team(None, None, None))
            continue
        if not item.keys() <= TEAM_KEYS:
            unknown_fields(item, TEAM_KEYS, errors, where)
        team = Team(_read_seats(item.get("seats")), None, None)
        if team.seats is None:
            errors.append(
                rule_error("teams_shape", None, f"{where}.seats", variant="seats", number=index + 1)
            )
        label = team_label(index + 1, team.seats, names)
        score = item.get("score")
        if _natural(score):
            team.score = score
        else:
            errors.append(rule_error("score_range", None, f"{where}.score", team=label))
        team.rolloff = _read_rolloff(item.get("rolloff"), where, label, errors)
        teams.append(team)
    first, second = teams[0].seats, teams[1].seats
    if first is not None and second is not None:
        played = [*first, *second]
        wrong = [seat for seat in range(SEATS) if played.count(seat) != 1]
        if wrong:
            errors.append(
                rule_error(
                    "teams_shape", None, "teams", variant="cover", seats=seat_list(wrong, names)
                )
            )
            for team in teams:
                team.seats = None
    return teams


def _read_seats(raw: object) -> tuple[int, int] | None:
    if not isinstance(raw, list) or len(raw) != 2:
        return None
    first, second = raw
    if not (is_int(first) and is_int(second)) or first == second:
        return None
    if not (0 <= first < SEATS and 0 <= second < SEATS):
        return None
    return (first, second)


def _read_rolloff(
    raw: object, where: str, label: Text, errors: list[RuleError]
) -> list[int] | None:
    if raw is None:
        return []
    if not isinstance(raw, list):
        errors.append(
            rule_error("rolloff_length", None, f"{where}.rolloff", variant="type", team=label)
        )
        return None
    good = True
    for session, points in enumerate(raw):
        if not _natural(points):
            good = False
            errors.append(
                rule_error(
                    "score_range",
                    None,
                    f"{where}.rolloff[{session}]",
                    variant="rolloff",
                    session=session + 1,
                    team=label,
                )
            )
    return raw if good else None


def read_rolls(raw: object, sessions: int | None, errors: list[RuleError]) -> list[Roll] | None:
    """The rolls in order; None when any roll is unreadable. ``sessions`` is the number of
    roll-off sessions (None when the roll-offs could not be read)."""
    if not isinstance(raw, list):
        errors.append(rule_error("rolls_type", None, "rolls"))
        return None
    rolls: list[Roll] | None = []
    for index, item in enumerate(raw):
        roll = _read_roll(item, index, sessions, errors)
        if roll is None or rolls is None:
            rolls = None
        else:
            rolls.append(roll)
    return rolls


def _read_roll(
    item: object, index: int, sessions: int | None, errors: list[RuleError]
) -> Roll | None:
    if type(item) is dict and item.keys() <= ROLL_KEYS:  # the usual case, read at once
        seat, dice = item.get("seat"), item.get("dice")
        called = item.get("called", False)
        if (
            type(seat) is int
            and 0 <= seat < SEATS
            and type(called) is bool
            and type(dice) is list
            and len(dice) == 3
            and item.get("rolloff") is None
        ):
            first, second, third = dice
            if (
                type(first) is int
                and type(second) is int
                and type(third) is int
                and 1 <= first <= 6
                and 1 <= second <= 6
                and 1 <= third <= 6
            ):
                return Roll(seat, (first, second, third), called, 0)
    where = f"rolls[{index}]"
    number = index + 1
    if not isinstance(item, dict):
        errors.append(rule_error("rolls_type", None, where, variant="roll", roll=number))
        return None
    count = len(errors)
    if not item.keys() <= ROLL_KEYS:
        unknown_fields(item, ROLL_KEYS, errors, where)
    seat = item.get("seat")
    if not (is_int(seat) and 0 <= seat < SEATS):
        errors.append(rule_error("roll_seat", None, f"{where}.seat", roll=number))
        seat = 0
    raw_dice = item.get("dice")
    dice = (0, 0, 0)
    if (
        isinstance(raw_dice, list)
        and len(raw_dice) == 3
        and all(is_int(die) and 1 <= die <= 6 for die in raw_dice)
    ):
        dice = (raw_dice[0], raw_dice[1], raw_dice[2])
    else:
        errors.append(rule_error("dice_range", None, f"{where}.dice", roll=number))
    called = item.get("called")
    if called is None:
        called = False
    elif not isinstance(called, bool):
        errors.append(
            rule_error("rolls_type", None, f"{where}.called", variant="called", roll=number)
        )
    session = item.get("rolloff")
    if session is None:
        session = 0
    elif sessions == 0:
        errors.append(
            rule_error("rolls_type", None, f"{where}.rolloff", variant="no_rolloff", roll=number)
        )
    elif sessions is None:
        if not is_int(session):  # the roll-offs are unreadable (reported): nothing to check
            return None
    elif not (is_int(session) and 1 <= session <= sessions):
        errors.append(
            rule_error(
                "rolls_type",
                None,
                f"{where}.rolloff",
                variant="rolloff",
                roll=number,
                sessions=sessions,
            )
        )
    if len(errors) > count:
        return None
    return Roll(seat, dice, called, session)


def read_bonkos(raw: object, errors: list[RuleError]) -> list[int] | None:
    """The called Bonkos per seat; None when absent or unreadable."""
    if raw is None:
        return None
    if isinstance(raw, list) and len(raw) == SEATS and all(_natural(count) for count in raw):
        return raw
    errors.append(rule_error("bonkos_range", None, "bonkos"))
    return None
