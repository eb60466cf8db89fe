"""``Idempotency-Key`` for every write of the API (POST, PUT, PATCH, DELETE): every retry of a key
gets the first answer, headers included.

It is applied once, to every route of the API (``keyed_routes`` in ``web.api.urls``, the games'
plugin routes included), never view by view. Order of a keyed write:

1. DRF authenticates, checks permissions and throttles as for any request; then the view's
   ``authorize_write`` (when it has one) authorizes the writer: a stored answer is never shown
   to someone who may not make the write (a wrong table token with a used key is a 401, not the
   stored body). A write without a key skips it: the service checks the writer itself, under
   the table's lock.
2. The key is locked for the transaction (a PostgreSQL advisory lock on its scope and key), so
   retries sent at the same moment wait for the one in flight instead of running the write
   again; then the stored answer, if any, is replayed with its status and headers (``ETag``,
   ``Location``) and ``Idempotent-Replayed: true``; the same key with another request is a 409.
3. Otherwise the write runs, and a successful answer is stored in the same transaction.
   An answer that shows a secret once (a new API token's key, a webhook's secret: marked
   with ``shown_once``) is never stored: what is stored instead is a 409 that names the object
   the first request made and where to read it, and every retry of the key gets that.

A key is scoped to its writer: the user, the table and the token (``X-Table-Token``) used, or
the door link. Anonymous writes with no such credential (the validator) store nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.urls import URLPattern, URLResolver
from django.utils.translation import gettext_lazy as _
from rest_framework.request import Request
from rest_framework.response import Response

from core.errors import Conflict, Message, Text
from results import idempotency

KEPT_HEADERS = ("ETag", "Location")
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class IdempotentWrites:
    """Honour ``Idempotency-Key`` on every write method of the view it is mixed into."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # type: ignore[misc]
        if request.method not in WRITE_METHODS:
            return
        key = idempotency.request_key(request)  # a key that is too long: 400
        name = request.method.lower()
        handler = getattr(self, name, None)
        if not key or handler is None:
            return

        def keyed(request: Request, *args: Any, **kwargs: Any) -> Response:
            return run_keyed(self, key, handler, request, *args, **kwargs)

        setattr(self, name, keyed)  # this request's handler only (one view instance each)


def run_keyed(
    view: Any,
    key: str,
    handler: Callable[..., Response],
    request: Request,
    *args: Any,
    **kwargs: Any,
) -> Response:
    scope = _scope(request, kwargs)
    if scope is None:
        return handler(request, *args, **kwargs)
    authorize = getattr(view, "authorize_write", None)
    if authorize is not None:
        authorize(request, **kwargs)
    digest = idempotency.digest(
        {"path": request.path, "method": request.method, "data": _content(request)}
    )
    with transaction.atomic():
        record = idempotency.hold(scope, key)
        if record is None:
            response = handler(request, *args, **kwargs)
            made = getattr(response, SHOWN_ONCE, None)
            if made is not None and 200 <= response.status_code < 300:
                conflict = _made_already(made)
                idempotency.remember(
                    scope, key, digest, 409, {"errors": conflict.errors}, {"Location": made.where}
                )
            elif 200 <= response.status_code < 300:
                idempotency.remember(
                    scope,
                    key,
                    digest,
                    response.status_code,
                    "" if response.data is None else response.data,  # 204: no body
                    {name: response[name] for name in KEPT_HEADERS if response.has_header(name)},
                )
            return response
    if record.request_hash != digest:
        raise Conflict.single(
            "idempotency_key_reused",
            _("This Idempotency-Key was already used for a different request."),
        )
    body = None if record.status_code == 204 else record.response
    replay = Response(body, status=record.status_code)
    for name, value in (record.headers or {}).items():
        replay[name] = value
    replay["Idempotent-Replayed"] = "true"
    return replay


SHOWN_ONCE = "shown_once"


@dataclass(frozen=True)
class Made:
    """What an answer that shows a secret once made: named in the 409 a retry gets."""

    what: Message
    object_id: int
    where: str


def shown_once(response: Response, *, what: Message, object_id: int, where: str) -> Response:
    """Mark ``response`` as showing a secret once (``what``, e.g. "the API token", with its id,
    and ``where``: the address that lists it): with an ``Idempotency-Key`` it is never kept
    for a replay, and a retry gets a 409 naming the object."""
    setattr(response, SHOWN_ONCE, Made(what, object_id, where))
    return response


def _made_already(made: Made) -> Conflict:
    return Conflict.single(
        "secret_shown_once",
        Text(
            _(
                "This Idempotency-Key was used already: that request made %(what)s (id "
                "%(id)s, at %(where)s). Its secret was shown once, in that answer, and is "
                "never shown again; if it was lost, make a new one."
            ),
            what=made.what,
            id=made.object_id,
            where=made.where,
        ),
    )


def _content(request: Request) -> Any:
    """What was sent: the body, and for uploads each file's name, size and content digest."""
    files = getattr(request, "FILES", None) or {}
    if not files:
        return request.data
    data = {name: value for name, value in request.data.items() if name not in files}
    for name, upload in files.items():
        sha = hashlib.sha256()
        for chunk in upload.chunks():
            sha.update(chunk)
        upload.seek(0)
        data[name] = [upload.name, upload.size, sha.hexdigest()]
    return data


def _scope(request: Request, kwargs: dict[str, Any]) -> str | None:
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    token = request.headers.get("X-Table-Token")
    if token and "table_id" in kwargs:
        # The token is part of the scope: another token never finds this one's answers.
        return f"table:{kwargs['table_id']}:{_hash(token)}"
    if token and "round_id" in kwargs:
        return f"round:{kwargs['round_id']}:{_hash(token)}"
    if "token" in kwargs:  # the door link is the writer
        return f"door:{_hash(str(kwargs['token']))}"
    return None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:16]


def keyed_routes(patterns: Iterable[object]) -> None:
    """Give every DRF view among ``patterns`` (nested includes too) ``IdempotentWrites``."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            keyed_routes(pattern.url_patterns)
            continue
        if not isinstance(pattern, URLPattern):
            continue
        callback = pattern.callback
        cls = getattr(callback, "cls", None)
        if cls is None or issubclass(cls, IdempotentWrites):
            continue
        keyed_cls: Any = type(
            cls.__name__,
            (IdempotentWrites, cls),
            {
                "__module__": cls.__module__,
                "__doc__": cls.__doc__,
                "__qualname__": cls.__qualname__,
            },
        )
        actions = getattr(callback, "actions", None)
        initkwargs = getattr(callback, "initkwargs", {})
        view = (
            keyed_cls.as_view(actions, **initkwargs)
            if actions is not None
            else keyed_cls.as_view(**initkwargs)
        )
        pattern.callback = view
