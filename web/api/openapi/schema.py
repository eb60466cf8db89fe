"""What the OpenAPI schema (drf-spectacular) needs beyond the views and serializers.

Descriptions come from docstrings, inherited ones included; the API's own mixins document how
the code works ("Plain CRUD writes that go through the services..."), not what a client may do,
so their docstrings (and everything below them in a class's MRO) are never used.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils import translation
from drf_spectacular.generators import SchemaGenerator

from web.api.serializers.base import GAME_DOCUMENT  # the marker game_documents replaces


class EnglishSchemaGenerator(SchemaGenerator):
    """The schema in the API's language, English, however it is asked for: served at
    /api/schema/ (where the API's requests are English already), written by ``manage.py
    spectacular`` (the site's language is Dutch) or built in a test. The models' field names
    would otherwise turn up as Dutch titles, and a client generated from them would name its
    types in Dutch (``NightSpel``) and differently from one generated from the served
    schema."""

    def get_schema(self, request: Any = None, public: bool = False) -> Any:
        with translation.override("en"):
            return super().get_schema(request=request, public=public)


def doc_excludes() -> list[type[Any]]:
    from drf_spectacular.plumbing import get_lib_doc_excludes

    from web.api.access.permissions import ClubWriteMixin
    from web.api.serializers.base import GuardedWriteMixin

    return [*get_lib_doc_excludes(), ClubWriteMixin, GuardedWriteMixin]


def game_documents(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Post-processing hook: each game's session document schema as a component
    (``BonkenDocument``, ``JonklerDocument``, ...), and every place that takes a session
    document of any game refers to them (``anyOf``: the document's ``game`` says which)."""
    from games.registry import games

    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    refs = []
    mapping = {}
    for game in games().values():
        name = f"{game.code.capitalize()}Document"
        schemas[name] = {**game.document_schema, "title": f"{game.name} session document"}
        schemas[name] = _openapi30(schemas[name])
        schemas[name]["properties"] = _nullable(schemas[name].get("properties", {}))
        if "game" in schemas[name]["properties"]:
            # Each document names its own game only: a generated client tells the documents
            # apart by it (null or left out is read as Bonken's, as the service does).
            schemas[name]["properties"]["game"] = {
                **schemas[name]["properties"]["game"],
                "enum": [game.code],
            }
        refs.append({"$ref": f"#/components/schemas/{name}"})
        mapping[game.code] = f"#/components/schemas/{name}"

    # The next part of a session (POST .../session/games/): one item of its game's list.
    parts = []
    for game in games().values():
        if game.parts_key:
            name = f"{game.code.capitalize()}Document"
            item = schemas[name]["properties"].get(game.parts_key, {}).get("items")
            if item:
                part = f"{game.code.capitalize()}Part"
                schemas[part] = {**item, "title": f"{game.name} part"}
                parts.append({"$ref": f"#/components/schemas/{part}"})
    append = schemas.get("GameAppendRequest", {}).get("properties", {})
    if "part" in append and parts:
        append["part"] = {"description": append["part"].get("description", ""), "anyOf": parts}
    validation = schemas.get("ValidationResult")
    if validation is not None:  # each game adds its own keys (Bonken: games, next_chooser...)
        validation["additionalProperties"] = True

    def replace(node: Any) -> Any:
        if isinstance(node, dict):
            if node.get(GAME_DOCUMENT):
                rest = {
                    k: v
                    for k, v in node.items()
                    if k not in (GAME_DOCUMENT, "type", "additionalProperties")
                }
                # The document's ``game`` says which: a generated client reads and writes each
                # game's own model (without it, it takes the first model that parses).
                return {
                    **rest,
                    "anyOf": refs,
                    "discriminator": {"propertyName": "game", "mapping": mapping},
                }
            return {key: replace(value) for key, value in node.items()}
        if isinstance(node, list):
            return [replace(item) for item in node]
        return node

    return replace(result)  # type: ignore[no-any-return]


_NULL = {"type": "null"}


def _openapi30(node: Any) -> Any:
    """JSON Schema's ``oneOf: [{"type": "null"}, X]`` as OpenAPI 3.0 writes it: X with
    ``nullable: true`` (the schema declares 3.0.3, which has no null type)."""
    if isinstance(node, list):
        return [_openapi30(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _openapi30(value) for key, value in node.items()}
    for key in ("oneOf", "anyOf"):
        options = node.get(key)
        if isinstance(options, list) and _NULL in options:
            rest = [option for option in options if option != _NULL]
            del node[key]
            if len(rest) == 1:
                node = {**node, **rest[0]}
            else:
                node[key] = rest
            node["nullable"] = True
    return node


def _nullable(properties: dict[str, Any]) -> dict[str, Any]:
    """A document's fields at the top may be null: every game reads null as left out."""
    out = {}
    for key, schema in properties.items():
        schema = {**schema, "nullable": True}
        if "enum" in schema:
            schema["enum"] = [*schema["enum"], None]
        out[key] = schema
    return out


def game_codes(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Post-processing hook: a game's code, wherever the API names one (the ``game`` of a
    request or an answer, the ``games`` a player played, a ``?game=`` filter), is one of the
    registered games' codes (an empty filter: none given); a contract, one of the games'
    contract codes."""
    from games.registry import games

    codes = sorted(games())
    for component in result.get("components", {}).get("schemas", {}).values():
        properties = component.get("properties", {})
        game = properties.get("game", {})
        if game.get("type") == "string" and "enum" not in game:
            game["enum"] = codes
        played = properties.get("games", {}).get("items", {})
        if played.get("type") == "string" and "enum" not in played:
            played["enum"] = codes
    _seating_methods(result)
    _contract_codes(result)
    for item in result.get("paths", {}).values():
        for operation in item.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else []:
                schema = parameter.get("schema", {})
                if (
                    parameter.get("in") == "query"
                    and parameter.get("name") == "game"
                    and schema.get("type") == "string"
                    and "enum" not in schema
                ):
                    schema["enum"] = codes if parameter.get("required") else ["", *codes]
    return result


def _contract_codes(result: dict[str, Any]) -> None:
    """A contract is named by its code: one of the built-in rulesets' codes, or a club's house
    ruleset's own (lower-case letters, digits and underscores): both are in the schema, the
    built-in ones as an enum a generated client types."""
    from games.registry import games

    known = sorted(
        {
            contract.code
            for game in games().values()
            for ruleset in game.rulesets.values()
            for contract in getattr(ruleset, "contracts", ())
        }
    )
    if not known:
        return
    code = {
        "anyOf": [
            {"type": "string", "enum": known},
            {"type": "string", "pattern": HOUSE_CODE, "maxLength": 40},
        ],
        "description": "A contract's code: a built-in one, or a house ruleset's own.",
    }

    def mark(node: Any) -> None:
        if isinstance(node, dict):
            properties = node.get("properties", {})
            if properties.get("contract", {}).get("type") == "string":
                properties["contract"] = dict(code)
            available = properties.get("available_contracts", {})
            if available.get("items", {}).get("type") == "string":
                available["items"] = dict(code)
            for value in node.values():
                mark(value)
        elif isinstance(node, list):
            for value in node:
                mark(value)

    mark(result.get("components", {}).get("schemas", {}))


# A house ruleset's contract code (the form every ruleset's codes take).
HOUSE_CODE = "^[a-z][a-z0-9_]{0,39}$"


def _seating_methods(result: dict[str, Any]) -> None:
    """An event's seating method is one of the generated methods (a round's says how it was
    seated: also manual, or a game's own seating such as Bonko's)."""
    from tournaments.rounds.services import GENERATED_METHODS

    for name, component in result.get("components", {}).get("schemas", {}).items():
        method = component.get("properties", {}).get("seating_method", {})
        event = name.removeprefix("Patched") in ("Event", "EventRequest")
        if event and method.get("type") == "string" and "enum" not in method:
            method["enum"] = [*GENERATED_METHODS]


# A character Python's str.strip keeps: JSON Schema's \s lacks the separators U+001C-U+001F
# and U+0085, which Python counts as white space.
NOT_BLANK = r"[^\s\u001c-\u001f\u0085]"


def text_not_blank(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Post-processing hook: a text that may not be blank may not be spaces only either (the
    API trims text, as Python's ``str.strip`` does, before it checks): such a string in a
    request body gets a pattern that asks for one character ``strip`` keeps (``NOT_BLANK``)
    besides its ``minLength``."""

    def mark(node: Any) -> None:
        if isinstance(node, dict):
            if (
                node.get("type") == "string"
                and node.get("minLength", 0) >= 1
                and not {"pattern", "enum", "format"} & set(node)
            ):
                node["pattern"] = NOT_BLANK
                if node.get("default") == "":  # left out it is empty; given, it is not
                    del node["default"]
            for value in node.values():
                mark(value)
        elif isinstance(node, list):
            for value in node:
                mark(value)

    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request"):
            mark(component)
    return result


# What every date-time a request sends must carry (``web.api.strict``: a naive one is a 400).
WITH_OFFSET = (
    "With its offset, e.g. 2026-11-27T20:00:00Z or 2026-11-27T21:00:00+01:00 (RFC 3339); a "
    "time without one is refused (400 naive), never read in some time zone."
)


def date_times(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Post-processing hook: every date-time a request sends says that it carries its offset."""

    def mark(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("format") == "date-time" and not node.get("readOnly"):
                given = node.get("description", "")
                if WITH_OFFSET not in given:
                    node["description"] = f"{given} {WITH_OFFSET}".strip()
            for value in node.values():
                mark(value)
        elif isinstance(node, list):
            for value in node:
                mark(value)

    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request"):
            mark(component)
    for path in result.get("paths", {}).values():
        for operation in path.values():
            if isinstance(operation, dict):
                mark(operation.get("parameters", []))
    return result


def patch_defaults(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Post-processing hook: a partial update (``Patched...Request``) changes only what it
    sends, so its fields have no default: a generated client sends a field's default whenever
    it is not set, and a PATCH of an event's name would say ``"game": "bonken"``, one of a
    membership ``"role": "member"``."""
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.startswith("Patched"):
            for field in component.get("properties", {}).values():
                field.pop("default", None)
    return result


_RESOURCE_ID = re.compile(r"/([a-z]+)/\{id\}")
_SINGULAR = {"entries": "entry"}


def path_names(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Post-processing hook: one name per path parameter, whichever view serves the path: an
    event's id is ``{event_id}`` in ``/events/{event_id}/`` as in ``/events/{event_id}/seating/``
    (the router's ``{id}`` renamed; the URLs do not change, only the schema's names)."""
    paths = {}
    for path, item in result.get("paths", {}).items():
        found = _RESOURCE_ID.search(path)
        if found is None:
            paths[path] = item
            continue
        resource = found.group(1)
        name = f"{_SINGULAR.get(resource, resource.removesuffix('s'))}_id"
        paths[path.replace(found.group(0), f"/{resource}/{{{name}}}")] = item
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "path" and parameter.get("name") == "id":
                    parameter["name"] = name
    result["paths"] = paths
    return result


def list_names(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Post-processing hook: a GET that answers a list (its rows in ``results``: a page of a
    list, or the webhooks' catch-up list) is named ``..._list``, as the router names its own
    lists (drf-spectacular calls a list that is an action of a resource ``..._retrieve``, and a
    generated client would call reading a list "retrieve")."""
    components = result.get("components", {}).get("schemas", {})
    for item in result.get("paths", {}).values():
        operation = item.get("get")
        if not isinstance(operation, dict):
            continue
        name = operation.get("operationId", "")
        answer = operation.get("responses", {}).get("200", {}).get("content", {})
        ref = answer.get("application/json", {}).get("schema", {}).get("$ref", "")
        rows = components.get(ref.split("/")[-1], {}).get("properties", {}).get("results", {})
        if name.endswith("_retrieve") and rows.get("type") == "array":
            operation["operationId"] = name.removesuffix("_retrieve") + "_list"
    return result
