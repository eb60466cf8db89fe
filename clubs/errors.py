"""Errors that services raise and both doors (HTML forms and the API) show the same way.

Every error carries a list of problems in the one shape the API uses everywhere:
``{"code", "message", "message_nl", "game", "field"}``.
"""

from typing import Any


def problem(
    code: str, message: str, message_nl: str, *, field: str | None = None, game: int | None = None
) -> dict[str, Any]:
    return {
        "code": code, "message": message, "message_nl": message_nl, "game": game, "field": field
    }


class ServiceError(Exception):
    status_code = 400

    def __init__(self, errors: list[dict[str, Any]]):
        super().__init__("; ".join(e["message"] for e in errors))
        self.errors = errors

    @classmethod
    def single(
        cls, code: str, message: str, message_nl: str, *, field: str | None = None
    ) -> "ServiceError":
        return cls([problem(code, message, message_nl, field=field)])


class NotAllowed(ServiceError):
    status_code = 403


class NotFound(ServiceError):
    status_code = 404


class Conflict(ServiceError):
    status_code = 409
