"""The rolls themselves on a Bonko table's page (optional): one roll per line, written as
the player's seat number (1 to 4), the three dice, and ``!`` when the player called "Bonko!";
a roll of a roll-off session starts with ``r`` and the session's number::

    1 3 3 2
    2 555
    3 333 !
    r1 4 1 2 6

The page only reads the lines; ``games.bonko.rules`` scores them (1 per target die, 5 for three of a
kind of another number, 21 for three target dice called out) and checks that they add up to the
team scores.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _

from core.parsing import whole_number

MAX_ROLLS = 500
SEATS = 4
_SESSION = re.compile(r"^r([0-9]{1,2})$")


def parse_rolls(text: str) -> tuple[list[dict[str, Any]], list[str]]:
    """The rolls written on the page, and a message per line that cannot be read."""
    rolls: list[dict[str, Any]] = []
    problems: list[str] = []
    lines = [line.strip() for line in text.splitlines()]
    for number, line in enumerate(lines, start=1):
        if not line:
            continue
        roll = _parse_line(line.lower())
        if roll is None:
            problems.append(
                _(
                    "Line %(n)s (%(line)s) is not a roll: write the seat (1 to 4), the three "
                    "dice (1 to 6) and ! for a called Bonko, like 3 3 3 3 !"
                )
                % {"n": number, "line": line[:30]}
            )
        else:
            rolls.append(roll)
    if len(rolls) > MAX_ROLLS:
        problems.append(_("At most %(n)s rolls per table.") % {"n": MAX_ROLLS})
    return rolls, problems


def _parse_line(line: str) -> dict[str, Any] | None:
    called = "!" in line or "bonko" in line
    tokens = line.replace("!", " ").replace("bonko", " ").replace(",", " ").split()
    session = 0
    if tokens and (found := _SESSION.match(tokens[0])):
        session = int(found.group(1))
        tokens = tokens[1:]
        if session < 1:
            return None
    seat_number = whole_number(tokens[0]) if tokens else None
    if seat_number is None or not 1 <= seat_number <= SEATS:
        return None
    seat = seat_number - 1
    digits = "".join(tokens[1:])
    if len(digits) != 3 or not all(char in "123456" for char in digits):
        return None
    roll: dict[str, Any] = {"seat": seat, "dice": [int(char) for char in digits]}
    if called:
        roll["called"] = True
    if session:
        roll["rolloff"] = session
    return roll


def rolls_text(rolls: Any) -> str:
    """Stored rolls written as the page's lines (to correct them)."""
    if not isinstance(rolls, list):
        return ""
    lines = []
    for roll in rolls:
        if not isinstance(roll, dict):
            continue
        dice = " ".join(str(die) for die in roll.get("dice") or [])
        prefix = f"r{roll['rolloff']} " if roll.get("rolloff") else ""
        seat = roll.get("seat")
        called = " !" if roll.get("called") else ""
        if isinstance(seat, int):
            lines.append(f"{prefix}{seat + 1} {dice}{called}")
    return "\n".join(lines)
