"""What is wrong with a backup, in English and Dutch, in the shape the service's problems have
(``core.errors.problem``: code, message, message_nl, game, field). Pure: no Django."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem: a stable ``code``, the text in both languages and ``where`` it was found
    (an entry of the zip, a key of the manifest, a game and round of ``games.json``), or the
    ``round`` of an app game the rules engine refused."""

    code: str
    message: str
    message_nl: str
    where: str = ""
    round: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "message_nl": self.message_nl,
            "game": self.round,
            "field": self.where or None,
        }


class BackupRefused(Exception):
    """The backup as a whole is refused; ``problems`` says every reason found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


def refuse(code: str, message: str, message_nl: str, where: str = "") -> BackupRefused:
    return BackupRefused([Problem(code, message, message_nl, where)])
