"""One error shape for every API response that is not a success.

    {"errors": [{"code": "...", "message": "...", "message_nl": "...", "field": "...",
                 "game_number": null}]}

``game_number`` is the number (from 1) of the game in the session document the problem is in,
null for a problem of the whole request. (The services and the rules call it ``game``; the
API's ``game`` is always a game's code, so every error answer is renamed on its way out:
``numbered``, applied by ``web.api.middleware``.)

Service errors (rules engine rejections, permission refusals, conflicts) keep their own codes;
DRF's validation errors are flattened into the same shape; a database constraint that a
concurrent write tripped becomes a 409, never a 500.
"""

import functools
import re
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import DataError, IntegrityError
from django.db.models import ProtectedError
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import ServiceError, Text, TooManyAttempts, problem


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return Response(
            {
                "errors": [
                    problem(
                        "too_large",
                        Text(_("The request body is larger than %(limit)s bytes."), limit=limit),
                    )
                ]
            },
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, ServiceError):
        answer = Response({"errors": exc.errors}, status=exc.status_code)
        if isinstance(exc, TooManyAttempts):
            answer["Retry-After"] = str(exc.retry_after)
        return answer
    problems = getattr(exc, "problems", None)
    if problems is not None:  # a framework exception that carries its own problems
        response = drf_exception_handler(exc, context)
        if response is not None:
            response.data = {"errors": problems}
            return response
    if isinstance(exc, ProtectedError):
        return Response(
            {
                "errors": [
                    problem(
                        "in_use",
                        _("This cannot be deleted: results or seatings refer to it."),
                    )
                ]
            },
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, (OverflowError, DataError)):
        return Response(
            {
                "errors": [
                    problem(
                        "out_of_range",
                        _("A value in the request is too large or malformed for storage."),
                    )
                ]
            },
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, IntegrityError):
        return Response(
            {
                "errors": [
                    problem(
                        "conflict",
                        _("This conflicts with data saved in the meantime (a duplicate?)."),
                    )
                ]
            },
            status=status.HTTP_409_CONFLICT,
        )
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    code = getattr(exc, "default_code", "error")
    response.data = {"errors": _flatten(response.data, code)}
    return response


def numbered(problems: list[Any]) -> list[Any]:
    """The problems as the API answers them: each one's game number as ``game_number``."""
    return [
        {
            ("game_number" if key == "game" else key): value
            for key, value in problem.items()
            if not (key == "game" and "game_number" in problem)
        }
        if isinstance(problem, dict)
        else problem
        for problem in problems
    ]


def _flatten(data: Any, code: str, field: str | None = None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            sub = None if key in ("detail", "non_field_errors") else str(key)
            name = sub if field is None else (f"{field}.{sub}" if sub else field)
            out.extend(_flatten(value, code, name))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            if isinstance(item, (dict, list)):
                out.extend(_flatten(item, code, f"{field}[{index}]" if field else f"[{index}]"))
            else:
                out.extend(_flatten(item, code, field))
    else:
        item_code = getattr(data, "code", None) or code
        out.append(
            {
                "code": item_code,
                "message": str(data),
                "message_nl": _dutch(str(data), item_code),
                "field": field,
                "game": None,
            }
        )
    return out


# The parsers' messages carry the parser's own explanation, so the catalogue cannot find them.
JSON_PARSE_ERROR = "JSON parse error - "
_JSON_POSITION = re.compile(r"line (\d+) column (\d+)")


# Dutch by the problem's code, for the framework's messages the catalogue has no Dutch for (a
# 404's "No Event matches the given query.", a method, a media type, a throttle's wait...).
_BY_CODE = {
    "not_found": _("Not found, or not something you may see."),
    "method_not_allowed": _("This method is not allowed here."),
    "unsupported_media_type": _("This media type is not accepted; send JSON."),
    "authentication_failed": _("The credentials are wrong, revoked or expired."),
    "not_authenticated": _("Sign in or send a token to do this."),
    "throttled": _("Too many requests: try again later."),
    "invalid_precondition": _('If-Match must be a revision as the ETag gives it (e.g. "3").'),
    "unique": _("This already exists."),
    "invalid_choice": _("This is not one of the choices."),
    "unknown_game": _("This is not a game this service knows."),
    "not_acceptable": _("The requested format is not one this operation answers in."),
    "parse_error": _("The request body could not be read."),
}


def _dutch(message: str, code: str | None = None) -> str:
    """The framework's Dutch for one of its messages: a fixed one from the catalogue, one with
    values filled in (``"bogus" is not a valid choice.``) from its template with the same
    values, or a parse error's; the English only where the framework has no Dutch."""
    if message.startswith(JSON_PARSE_ERROR):
        return _json_parse_error_nl(message[len(JSON_PARSE_ERROR) :])
    with translation.override("nl"):
        fixed = translation.gettext(message)
    if fixed != message:
        return fixed
    for pattern, dutch in _templates():
        found = pattern.fullmatch(message)
        if found is not None:
            return dutch.format(**found.groupdict())
    if code in _BY_CODE:
        return Text(_BY_CODE[code]).render("nl")
    return message


_PLACEHOLDER = re.compile(r"\\{(\w+)\\}")


@functools.cache
def _templates() -> list[tuple[re.Pattern[str], str]]:
    """Every DRF field error with values, as (a pattern of its English, its Dutch template)."""
    from rest_framework import fields, relations, serializers

    found: dict[str, str] = {}
    for module in (fields, relations, serializers):
        for value in vars(module).values():
            for cls in getattr(value, "__mro__", ()):
                for template in getattr(cls, "default_error_messages", {}).values():
                    with translation.override("en"):
                        english = str(template)
                    with translation.override("nl"):
                        dutch = str(template)
                    if "{" in english and dutch != english:
                        found[english] = dutch
    patterns = []
    for english, dutch in found.items():
        seen: set[str] = set()

        def group(match: re.Match[str], seen: set[str] = seen) -> str:
            name = match.group(1)
            if name in seen:
                return f"(?P={name})"
            seen.add(name)
            return f"(?P<{name}>.+?)"

        patterns.append((re.compile(_PLACEHOLDER.sub(group, re.escape(english))), dutch))
    return patterns


def _json_parse_error_nl(reason: str) -> str:
    """Dutch for a body that is not JSON, with where the parser stopped when it says so
    (``Expecting value: line 1 column 2 (char 1)``)."""
    if "nested more than" in reason:
        return Text(_("The JSON in the request is nested too deeply.")).render("nl")
    where = _JSON_POSITION.search(reason)
    if where is None:
        return Text(_("The request body is not valid JSON.")).render("nl")
    line, column = where.groups()
    return Text(
        _("The request body is not valid JSON (line %(line)s, column %(column)s)."),
        line=line,
        column=column,
    ).render("nl")
