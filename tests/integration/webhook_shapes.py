"""The shapes the OpenAPI schema declares for webhook deliveries, as a test checks a body
against them: the schema is built as the API serves it (``manage.py spectacular``), its
components read as JSON Schema (OpenAPI 3.0's ``nullable`` as a null type), and formats
checked (a date-time, a date, a link, a UUID), which jsonschema leaves alone by default."""

from __future__ import annotations

import datetime
import json
import re
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema
from django.core.management import call_command

from web.api.openapi.webhooks.shapes import component_name

FORMATS = jsonschema.FormatChecker(formats=())
RFC3339 = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})")


@FORMATS.checks("date-time", raises=ValueError)
def _date_time(value: object) -> bool:
    if not isinstance(value, str):
        return True
    return bool(RFC3339.fullmatch(value)) and bool(datetime.datetime.fromisoformat(value))


@FORMATS.checks("date", raises=ValueError)
def _date(value: object) -> bool:
    return not isinstance(value, str) or bool(datetime.date.fromisoformat(value))


@FORMATS.checks("uri")
def _uri(value: object) -> bool:
    if not isinstance(value, str):
        return True
    parts = urlsplit(value)
    return parts.scheme in ("http", "https") and bool(parts.netloc)


@FORMATS.checks("uuid", raises=ValueError)
def _uuid(value: object) -> bool:
    return not isinstance(value, str) or bool(uuid.UUID(value))


def built_schema(directory: Path) -> dict[str, Any]:
    path = directory / "schema.json"
    call_command("spectacular", "--file", str(path), "--format", "openapi-json")
    return json.loads(path.read_text())  # type: ignore[no-any-return]


def as_json_schema(node: Any) -> Any:
    """OpenAPI 3.0's ``nullable`` as JSON Schema says it (null allowed as well)."""
    if isinstance(node, list):
        return [as_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: as_json_schema(value) for key, value in node.items() if key != "discriminator"}
    if node.pop("nullable", False):
        if "enum" in node and None not in node["enum"]:
            node["enum"] = [*node["enum"], None]
        if "type" in node:
            node["type"] = [node["type"], "null"]
        else:
            node = {"anyOf": [node, {"type": "null"}]}
    return node


class Shapes:
    """The schema's components, to validate a value against one of them by name."""

    def __init__(self, schema: dict[str, Any]):
        self.schema = schema
        self.components = as_json_schema(schema["components"])

    def validate(self, name: str, value: Any) -> None:
        """Raises ``jsonschema.ValidationError`` when ``value`` is not a ``name``."""
        root = {"$ref": f"#/components/schemas/{name}", "components": self.components}
        jsonschema.Draft202012Validator(root, format_checker=FORMATS).validate(value)

    def delivery(self, body: dict[str, Any]) -> None:
        """A delivery's whole body, against the component of its kind."""
        self.validate(component_name(body["kind"]), body)
