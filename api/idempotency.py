"""``Idempotency-Key`` for writes: the same key and body from the same user get the first answer.

The answer is stored with the write's transaction only after success; a retry while the first
request is still running waits on the table lock and then finds the stored answer or sees the
identical document (which the service treats as no change).
"""

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.errors import Conflict
from games.models import IdempotencyRecord


def idempotent(view: Callable[..., Response]) -> Callable[..., Response]:
    @functools.wraps(view)
    def wrapper(self: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = request.headers.get("Idempotency-Key", "").strip()[:200]
        scope = _scope(request, kwargs)
        if not key or scope is None:
            return view(self, request, *args, **kwargs)
        body = json.dumps(
            {"path": request.path, "method": request.method, "data": request.data},
            sort_keys=True, default=str,
        )
        digest = hashlib.sha256(body.encode()).hexdigest()
        duplicate = False
        with transaction.atomic():
            record = _find(scope, key)
            if record is None:
                response = view(self, request, *args, **kwargs)
                if not 200 <= response.status_code < 300:
                    return response
                try:
                    # No savepoint: a clash rolls the whole request back anyway (below).
                    with transaction.atomic(savepoint=False):
                        IdempotencyRecord.objects.create(
                            key=key, scope=scope, request_hash=digest,
                            status_code=response.status_code, response=response.data,
                        )
                except IntegrityError:
                    # A twin request with the same key committed first: undo ours, replay its.
                    transaction.set_rollback(True)
                    duplicate = True
                if not duplicate:
                    return response
        if duplicate:
            record = _find(scope, key)
        if record.request_hash != digest:
            raise Conflict.single(
                "idempotency_key_reused",
                "This Idempotency-Key was already used for a different request.",
                "Deze Idempotency-Key is al gebruikt voor een ander verzoek.",
            )
        replay = Response(record.response, status=record.status_code)
        replay["Idempotent-Replayed"] = "true"
        return replay

    return wrapper


def _scope(request: Request, kwargs: dict[str, Any]) -> str | None:
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    if request.headers.get("X-Table-Token") and "table_id" in kwargs:
        return f"table:{kwargs['table_id']}"
    return None


def _find(scope: str, key: str) -> IdempotencyRecord | None:
    return IdempotencyRecord.objects.filter(scope=scope, key=key).first()
