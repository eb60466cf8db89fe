"""What the OpenAPI schema (drf-spectacular) needs beyond the views and serializers.

Descriptions come from docstrings, inherited ones included; the API's own mixins document how
the code works ("Plain CRUD writes that go through the services..."), not what a client may do,
so their docstrings (and everything below them in a class's MRO) are never used.
"""

from __future__ import annotations

from typing import Any

from api.serializers.base import GAME_DOCUMENT  # the marker game_documents replaces


def doc_excludes() -> list[type[Any]]:
    from drf_spectacular.plumbing import get_lib_doc_excludes

    from api.permissions import ClubWriteMixin
    from api.serializers.base import GuardedWriteMixin

    return [*get_lib_doc_excludes(), ClubWriteMixin, GuardedWriteMixin]




def game_documents(result: dict[str, Any], generator: Any, request: Any,
                   public: bool) -> dict[str, Any]:
    """Post-processing hook: each game's session document schema as a component
    (``BonkenDocument``, ``JonklerDocument``, ...), and every place that takes a session
    document of any game refers to them (``anyOf``: the document's ``game`` says which)."""
    from gamekit.registry import games

    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    refs = []
    for game in games().values():
        name = f"{game.code.capitalize()}Document"
        schemas[name] = {**game.document_schema,
                         "title": f"{game.name} session document"}
        refs.append({"$ref": f"#/components/schemas/{name}"})

    def replace(node: Any) -> Any:
        if isinstance(node, dict):
            if node.get(GAME_DOCUMENT):
                rest = {k: v for k, v in node.items()
                        if k not in (GAME_DOCUMENT, "type", "additionalProperties")}
                return {**rest, "anyOf": refs}
            return {key: replace(value) for key, value in node.items()}
        if isinstance(node, list):
            return [replace(item) for item in node]
        return node

    return replace(result)  # type: ignore[no-any-return]
