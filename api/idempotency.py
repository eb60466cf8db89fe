"""``Idempotency-Key`` for writes: every retry of a key gets the first answer, headers included.

Order of a keyed write:

1. The view's ``authorize_write`` (when it has one) authenticates and authorizes the writer
   first: a stored answer is never shown to someone who may not make the write (a wrong table
   token with a used key is a 401, not the stored body). A write without a key skips it: the
   service checks the writer itself, under the table's lock.
2. The key is locked for the transaction (a PostgreSQL advisory lock on its scope and key), so
   retries sent at the same moment wait for the one in flight instead of running the write
   again; then the stored answer, if any, is replayed with its status and headers (``ETag``,
   ``Location``) and ``Idempotent-Replayed: true``.
3. Otherwise the write runs, and a successful answer is stored in the same transaction.

A key is scoped to its writer: the user, or the table and the token (``X-Table-Token``) used.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from rest_framework.request import Request
from rest_framework.response import Response

from core.errors import Conflict
from games import idempotency

KEPT_HEADERS = ("ETag", "Location")


def idempotent(view: Callable[..., Response]) -> Callable[..., Response]:
    @functools.wraps(view)
    def wrapper(self: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = idempotency.request_key(request)
        scope = _scope(request, kwargs)
        if not key or scope is None:
            return view(self, request, *args, **kwargs)
        authorize = getattr(self, "authorize_write", None)
        if authorize is not None:
            authorize(request, **kwargs)
        digest = idempotency.digest(
            {"path": request.path, "method": request.method, "data": request.data}
        )
        with transaction.atomic():
            record = idempotency.hold(scope, key)
            if record is None:
                response = view(self, request, *args, **kwargs)
                if 200 <= response.status_code < 300:
                    idempotency.remember(
                        scope, key, digest, response.status_code, response.data,
                        {name: response[name] for name in KEPT_HEADERS
                         if response.has_header(name)},
                    )
                return response
        if record.request_hash != digest:
            raise Conflict.single(
                "idempotency_key_reused",
                _("This Idempotency-Key was already used for a different request."),
            )
        replay = Response(record.response, status=record.status_code)
        for name, value in (record.headers or {}).items():
            replay[name] = value
        replay["Idempotent-Replayed"] = "true"
        return replay

    return wrapper


def _scope(request: Request, kwargs: dict[str, Any]) -> str | None:
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    token = request.headers.get("X-Table-Token")
    if token and "table_id" in kwargs:
        # The token is part of the scope: another token never finds this one's answers.
        return f"table:{kwargs['table_id']}:{hashlib.sha256(token.encode()).hexdigest()[:16]}"
    return None
