"""A real HTTP server on 127.0.0.1 in a thread, receiving webhook deliveries: it keeps every
request and answers with the statuses it is told, in order (200 once they run out)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Receiver:
    url: str
    requests: list[Received] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)
    always: int | None = None

    def answer(self) -> int:
        if self.answers:
            return self.answers.pop(0)
        return self.always or 200


def _handler(receiver: Receiver) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the server's name for it
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            receiver.requests.append(Received(self.path, dict(self.headers.items()), body))
            status = receiver.answer()
            text = b"ok" if status < 400 else b"receiver is down"
            self.send_response(status)
            self.send_header("Content-Length", str(len(text)))
            self.end_headers()
            self.wfile.write(text)

        def log_message(self, *args: Any) -> None:
            pass

    return Handler


@pytest.fixture
def receiver(settings) -> Iterator[Receiver]:
    """The receiver, with deliveries to the loopback network allowed."""
    settings.WEBHOOKS_ALLOWED_NETWORKS = ["127.0.0.0/8"]
    settings.WEBHOOKS_RETRY_SECONDS = 0  # eager tasks: retries follow at once
    box = Receiver(url="")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(box))
    box.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield box
    server.shutdown()
    server.server_close()
