"""gunicorn reads this file when it starts in the repository's root (``gunicorn config.wsgi``).

Each worker reads the API's OpenAPI schema once as it boots (``web.api.openapi.query_guard``:
which query parameters each operation takes), so no client's request waits the seconds that
takes.
"""

from typing import Any


def post_worker_init(worker: Any) -> None:
    from web.api.openapi.query_guard import operations

    operations()
