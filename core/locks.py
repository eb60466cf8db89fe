"""Advisory locks: one writer at a time per key, held until the transaction ends.

PostgreSQL only; SQLite (the demo) runs one writer at a time anyway. Each user names its own
namespace, a small number kept beside the code that locks, so two kinds of work never wait on
each other by accident.
"""

from django.db import connection


def advisory_lock(namespace: int, key: int) -> None:
    """Hold (``namespace``, ``key``) until the current transaction ends."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [namespace, key])
