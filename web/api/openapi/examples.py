"""Every game's session document, one for each table size the game allows, as the examples of
the schema's operations that take a document (``game_documents`` adds them) and of
docs/api.md (``tests/unit/test_document_examples.py`` holds the two to each other)."""

from __future__ import annotations

import json
from typing import Any

from games.registry import games


def document_examples() -> dict[str, dict[str, Any]]:
    """``{"<game>_<n>_seats": {"summary": ..., "value": document}}``, the games in the order
    of ``INSTALLED_APPS``, each game's table sizes from small to large."""
    examples: dict[str, dict[str, Any]] = {}
    for game in games().values():
        for seats in game.table_sizes:
            examples[f"{game.code}_{seats}_seats"] = {
                "summary": f"{game.name}, a table of {seats}",
                "value": game.example(seats),
            }
    return examples


def part_examples() -> dict[str, dict[str, Any]]:
    """The first part of each example of a game filled part by part (the body of
    ``POST .../session/games/``)."""
    parts: dict[str, dict[str, Any]] = {}
    for name, example in document_examples().items():
        game = games()[example["value"]["game"]]
        if game.parts_key and example["value"].get(game.parts_key):
            parts[name] = {
                "summary": f"{example['summary']}: the first part",
                "value": {"part": example["value"][game.parts_key][0]},
            }
    return parts


def as_markdown(document: dict[str, Any]) -> str:
    """A document as docs/api.md shows it: its keys one per line, each part of a list on a
    line of its own."""
    lines = ["{"]
    items = list(document.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if isinstance(value, list) and value and all(isinstance(v, dict | list) for v in value):
            lines.append(f"  {json.dumps(key)}: [")
            for n, item in enumerate(value):
                more = "," if n < len(value) - 1 else ""
                lines.append(f"    {json.dumps(item, ensure_ascii=False)}{more}")
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines)


# The operations that take a whole document or one part, and the body each example goes in.
_BODIES = {
    ("/api/v1/sessions/validate/", "post"): lambda name, example: example,
    ("/api/v1/tables/{table_id}/session/", "put"): lambda name, example: {
        **example,
        "value": {"document": example["value"]},
    },
}
_PARTS = ("/api/v1/tables/{table_id}/session/games/", "post")


def examples_hook(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Post-processing hook: the operations that take a session document show one for each
    game and table size; the one that takes a part shows each game's first part."""
    paths = result.get("paths", {})
    documents = document_examples()
    for (path, method), body in _BODIES.items():
        content = paths.get(path, {}).get(method, {}).get("requestBody", {}).get("content", {})
        if "application/json" in content:
            content["application/json"]["examples"] = {
                name: body(name, example) for name, example in documents.items()
            }
    path, method = _PARTS
    content = paths.get(path, {}).get(method, {}).get("requestBody", {}).get("content", {})
    if "application/json" in content:
        content["application/json"]["examples"] = part_examples()
    return result


START = "<!-- document examples: start (python manage.py document_examples docs/api.md) -->"
END = "<!-- document examples: end -->"


def markdown_section() -> str:
    """docs/api.md's section of examples, between ``START`` and ``END``."""
    out = [START, ""]
    for name, example in document_examples().items():
        out += [f"#### `{name}`: {example['summary']}", "", "```json"]
        out += [as_markdown(example["value"]), "```", ""]
    out.append(END)
    return "\n".join(out)


def with_section(text: str) -> str:
    """``text`` (docs/api.md) with its section of examples as the games give them today."""
    before, _, rest = text.partition(START)
    _, _, after = rest.partition(END)
    return before + markdown_section() + after
