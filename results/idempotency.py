"""The stored first answers to writes sent with an ``Idempotency-Key``: one mechanism for the
API's writes (``web.api.idempotency``) and the table page's offline entries
(``results.views.keyed``).

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
from django.utils.translation import gettext_lazy as _

from core.errors import ServiceError, Text
from core.locks import advisory_lock
from results.models import IdempotencyRecord

KEY_LOCK = 0x4944  # namespace of the per-key advisory lock ("ID")
KEY_LENGTH = IdempotencyRecord._meta.get_field("key").max_length or 200


def request_key(request: HttpRequest) -> str:
    """The request's ``Idempotency-Key`` ("" without one). A key longer than the stored
    ``KEY_LENGTH`` is refused, never cut: two keys sharing their first characters would
    otherwise find each other's answers."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > KEY_LENGTH:
        raise ServiceError.single(
            "idempotency_key_too_long",
            Text(
                _("An Idempotency-Key has at most %(limit)s characters; this one has %(length)s."),
                limit=KEY_LENGTH,
                length=len(key),
            ),
            field="Idempotency-Key",
        )
    return key


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
    scope: str,
    key: str,
    request_hash: str,
    status_code: int,
    body: Any,
    headers: dict[str, str] | None = None,
) -> None:
    """Keep the first successful answer to ``key`` (in the write's own transaction)."""
    IdempotencyRecord.objects.create(
        key=key,
        scope=scope,
        request_hash=request_hash,
        status_code=status_code,
        response=body,
        headers=headers or {},
    )
