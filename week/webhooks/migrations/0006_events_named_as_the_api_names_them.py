"""The deliveries the log keeps, naming their event as the API names a player: ``event`` is the
event's id, and what its pages show is beside it, ``event_name``, ``event_date``,
``event_game``, ``event_kind``, ``event_status`` and ``event_url`` (was an object ``{"id",
"name", "date", "game", "kind", "status", "url"}``), and so a round, ``round`` and
``round_number`` (was ``{"id", "number"}``), and a result's table, ``table``, ``table_number``
and ``table_url`` (was ``{"id", "number", "url"}``); an ``event.changed`` names its changed
fields the same way (``["event_name"]``, was ``["name"]``). So the catch-up list and a delivery
sent again give what the schema declares. (The envelope's club is written when a delivery is
sent, from the hook's club: nothing of it is kept.)"""

from typing import Any

from django.db import migrations

FIELDS = ("name", "date", "game", "kind", "status", "url")
CHANGED = "event.changed"
# What else a payload named by an object: its fields, as they are flattened.
OTHERS = {"round": ("number",), "table": ("number", "url")}


def _flat(name: str, fields: tuple[str, ...], data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the object under ``name`` as its id and its fields beside it."""
    old = data.get(name)
    if not isinstance(old, dict):
        return data
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if key == name:
            flat[name] = old.get("id")
            flat.update({f"{name}_{field}": old[field] for field in fields if field in old})
        else:
            flat[key] = value
    return flat


def _nested(name: str, fields: tuple[str, ...], data: dict[str, Any]) -> dict[str, Any]:
    """The way back: the id under ``name`` and the fields beside it as one object."""
    if f"{name}_{fields[0]}" not in data:
        return data
    thing = {"id": data.get(name)}
    thing.update({field: data[f"{name}_{field}"] for field in fields if f"{name}_{field}" in data})
    return {
        key: thing if key == name else value
        for key, value in data.items()
        if key == name or not (key.startswith(f"{name}_") and key[len(name) + 1 :] in fields)
    }


def new_shape(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` naming its event, round and table as the API does now (unchanged when it
    already does)."""
    for name, fields in OTHERS.items():
        data = _flat(name, fields, data)
    old = data.get("event")
    if not isinstance(old, dict):
        return data
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if key == "event":
            flat["event"] = old.get("id")
            flat.update({f"event_{name}": old[name] for name in FIELDS if name in old})
        else:
            flat[key] = value
    if kind == CHANGED:
        flat["changed"] = [f"event_{name}" for name in data.get("changed", [])]
        flat["previous"] = {f"event_{k}": v for k, v in data.get("previous", {}).items()}
    return flat


def old_shape(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """The way back: ``data`` with its event, round and table as objects."""
    for name, fields in OTHERS.items():
        data = _nested(name, fields, data)
    if "event_name" not in data:
        return data
    event = {"id": data.get("event")}
    event.update({name: data[f"event_{name}"] for name in FIELDS if f"event_{name}" in data})
    old: dict[str, Any] = {}
    for key, value in data.items():
        if key == "event":
            old["event"] = event
        elif not (key.startswith("event_") and key.removeprefix("event_") in FIELDS):
            old[key] = value
    if kind == CHANGED:
        old["changed"] = [name.removeprefix("event_") for name in data.get("changed", [])]
        old["previous"] = {k.removeprefix("event_"): v for k, v in data.get("previous", {}).items()}
    return old


def _rewrite(apps: Any, shape: Any) -> None:
    Delivery = apps.get_model("webhooks", "Delivery")
    for delivery in Delivery.objects.only("pk", "kind", "payload").iterator():
        if isinstance(delivery.payload, dict):
            payload = shape(delivery.kind, delivery.payload)
            if payload != delivery.payload:
                Delivery.objects.filter(pk=delivery.pk).update(payload=payload)


def forwards(apps: Any, schema_editor: Any) -> None:
    _rewrite(apps, new_shape)


def backwards(apps: Any, schema_editor: Any) -> None:
    _rewrite(apps, old_shape)


class Migration(migrations.Migration):
    dependencies = [
        ("webhooks", "0005_payloads_in_the_apis_shape"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
