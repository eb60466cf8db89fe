"""The stored first answers to writes sent with an ``Idempotency-Key``: one mechanism for the
API's writes (``api.idempotency``) and the table page's offline entries
(``games.views.keyed``).

A key lives in a scope (its writer: a user, or a table and the link used), is held for the
transaction while its write runs (a PostgreSQL advisory lock, so retries sent at the same moment
wait for the one in flight), and keeps the first successful answer with the digest of what was
sent: a retry with the same content gets that answer, a key reused for something else does not.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.http import HttpRequest

from core.locks import advisory_lock
from games.models import IdempotencyRecord

KEY_LOCK = 0x4944  # namespace of the per-key advisory lock ("ID")


def request_key(request: HttpRequest) -> str:
    """The request's ``Idempotency-Key`` ("" without one)."""
    return request.headers.get("Idempotency-Key", "").strip()[:200]


def digest(content: Any) -> str:
    """A fingerprint of what a request sent (JSON-able; other values as text)."""
    body = json.dumps(content, sort_keys=True, default=str)
    return hashlib.sha256(body.encode()).hexdigest()


def hold(scope: str, key: str) -> IdempotencyRecord | None:
    """Hold ``key`` until the transaction ends (PostgreSQL; SQLite runs one writer at a time)
    and return its stored answer, if any. Call inside a transaction."""
    digest_bytes = hashlib.sha256(f"{scope}\n{key}".encode()).digest()
    advisory_lock(KEY_LOCK, int.from_bytes(digest_bytes[:4], "big", signed=True))
    return IdempotencyRecord.objects.filter(scope=scope, key=key).first()


def remember(
    scope: str, key: str, request_hash: str, status_code: int, body: Any,
    headers: dict[str, str] | None = None,
) -> None:
    """Keep the first successful answer to ``key`` (in the write's own transaction)."""
    IdempotencyRecord.objects.create(
        key=key, scope=scope, request_hash=request_hash, status_code=status_code,
        response=body, headers=headers or {},
    )
