"""The deliveries the log keeps, naming their event as the API names a player: ``event`` is the
event's id, and what its pages show is beside it, ``event_name``, ``event_date``,
``event_game``, ``event_kind``, ``event_status`` and ``event_url`` (was an object ``{"id",
"name", "date", "game", "kind", "status", "url"}``); an ``event.changed`` names its changed
fields the same way (``["event_name"]``, was ``["name"]``). So the catch-up list and a delivery
sent again give what the schema declares. (The envelope's club is written when a delivery is
sent, from the hook's club: nothing of it is kept.)"""

from typing import Any

from django.db import migrations

FIELDS = ("name", "date", "game", "kind", "status", "url")
CHANGED = "event.changed"


def new_shape(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` naming its event as the API does now (unchanged when it already does)."""
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
    """The way back: ``data`` with its event as an object."""
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
