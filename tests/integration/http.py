"""A tiny JSON-over-HTTP client for tests against the live server."""

import json
import time
import urllib.error
import urllib.request
from typing import Any


def http(
    method: str,
    url: str,
    token: str | None = None,
    body: object = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def wait_for_standings(base: str, event_id: int, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    body: dict = {}
    while time.monotonic() < deadline:
        _, body = http("GET", f"{base}/api/v1/events/{event_id}/standings/")
        if body["meta"]["up_to_date"]:
            return body
        time.sleep(0.1)
    raise AssertionError(f"standings not updated within {timeout}s: {body}")
