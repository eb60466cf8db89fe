"""What the OpenAPI schema (drf-spectacular) needs beyond the views and serializers.

Descriptions come from docstrings, inherited ones included; the API's own mixins document how
the code works ("Plain CRUD writes that go through the services..."), not what a client may do,
so their docstrings (and everything below them in a class's MRO) are never used.
"""

from __future__ import annotations

from typing import Any


def doc_excludes() -> list[type[Any]]:
    from drf_spectacular.plumbing import get_lib_doc_excludes

    from api.permissions import ClubWriteMixin
    from api.serializers import GuardedWriteMixin

    return [*get_lib_doc_excludes(), ClubWriteMixin, GuardedWriteMixin]
