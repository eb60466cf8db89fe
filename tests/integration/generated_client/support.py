"""What the tests of the generated client share: its modules by name, a client signed in with a
token or one without an account (both in-process), and a look at every answer they read: each
date-time in it is in UTC and ends in ``Z``."""

from __future__ import annotations

import importlib
import json
import re
from typing import Any

import httpx

PACKAGE = "bonken_api_client"
BASE = "http://testserver"
# A date-time as RFC 3339 writes one, with its offset (Z or +hh:mm / -hh:mm).
DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})")


def module(name: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{name}")


def endpoint(name: str) -> Any:
    """An operation's module, by its name without the ``v1_`` (``events_create``)."""
    return module(f"api.v1.v1_{name}")


def date_times(value: Any) -> list[str]:
    """Every date-time in a JSON value, wherever it is."""
    if isinstance(value, dict):
        return [found for item in value.values() for found in date_times(item)]
    if isinstance(value, list):
        return [found for item in value for found in date_times(item)]
    if isinstance(value, str) and DATE_TIME.fullmatch(value):
        return [value]
    return []


def _utc_only(response: httpx.Response) -> None:
    """An answer's date-times are in UTC with Z: never +00:00, never a local offset."""
    response.read()
    if not response.headers.get("Content-Type", "").startswith("application/json"):
        return
    body = json.loads(response.content or b"null")
    wrong = [moment for moment in date_times(body) if not moment.endswith("Z")]
    assert wrong == [], (response.request.url, wrong)


def signed_in(generated: Any, transport: httpx.BaseTransport, key: str) -> Any:
    """The generated client with an API token, answering in-process, raising on an answer the
    schema does not declare."""
    client = generated.AuthenticatedClient(
        base_url=BASE, token=key, raise_on_unexpected_status=True
    )
    client.set_httpx_client(
        httpx.Client(
            base_url=BASE,
            transport=transport,
            headers={"Authorization": f"Token {key}"},
            event_hooks={"response": [_utc_only]},
        )
    )
    return client


def anonymous(generated: Any, transport: httpx.BaseTransport) -> Any:
    """The generated client without an account (a personal link's holder, a club's website)."""
    client = generated.Client(base_url=BASE, raise_on_unexpected_status=True)
    client.set_httpx_client(
        httpx.Client(base_url=BASE, transport=transport, event_hooks={"response": [_utc_only]})
    )
    return client


def feed(name: str) -> Any:
    """A public feed's operation module (tagged *Public feeds*), by its name without ``v1_``."""
    return module(f"api.public_feeds.v1_{name}")
