"""The deliveries the log keeps, in the shape the API gives: a player is ``player`` (the id),
``player_name`` and ``player_url`` (was ``{"id", "name", "url"}``), a table's ``seats`` count
their ``position`` from 0 (were ``players`` with a ``seat`` from 1), a seat's finish is its
``placement`` (was ``place``) and a line of the standings has a ``rank`` (was ``place``). So the
catch-up list and a delivery sent again give what the schema declares."""

from typing import Any

from django.db import migrations

SEATED = "round.seated"
RESULTS = ("result.saved", "result.corrected")
STANDINGS = ("standings.changed", "event.published")


def _player(old: dict[str, Any]) -> dict[str, Any]:
    return {"player": old["id"], "player_name": old["name"], "player_url": old["url"]}


def _seat(old: dict[str, Any]) -> dict[str, Any]:
    seat = {"position": old["seat"] - 1, **_player(old)}
    if "total" in old:
        seat["total"] = old["total"]
        seat["placement"] = old.get("place")
    return seat


def _line(old: dict[str, Any]) -> dict[str, Any]:
    return {
        "rank": old["place"],
        "tied": old["tied"],
        **_player(old["player"]),
        "total": old["total"],
        "sessions": old["sessions"],
    }


def new_shape(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as the API names players and seats now (unchanged when it already does)."""
    data = dict(data)
    if kind == SEATED:
        tables = []
        for table in data.get("tables", []):
            table = dict(table)
            if "players" in table:
                table["seats"] = [_seat(seat) for seat in table.pop("players")]
            tables.append(table)
        data["tables"] = tables
        data["byes"] = [_player(bye) if "id" in bye else bye for bye in data.get("byes", [])]
    elif kind in RESULTS and "players" in data:
        data["seats"] = [_seat(seat) for seat in data.pop("players")]
    elif kind in STANDINGS:
        data["standings"] = [
            _line(line) if "place" in line else line for line in data.get("standings", [])
        ]
    return data


def _old_player(new: dict[str, Any]) -> dict[str, Any]:
    return {"id": new["player"], "name": new["player_name"], "url": new["player_url"]}


def _old_seat(new: dict[str, Any]) -> dict[str, Any]:
    seat = {**_old_player(new), "seat": new["position"] + 1}
    if "total" in new:
        seat["total"] = new["total"]
        seat["place"] = new.get("placement")
    return seat


def old_shape(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """The way back: ``data`` as the deliveries named players before."""
    data = dict(data)
    if kind == SEATED:
        tables = []
        for table in data.get("tables", []):
            table = dict(table)
            if "seats" in table:
                table["players"] = [_old_seat(seat) for seat in table.pop("seats")]
            tables.append(table)
        data["tables"] = tables
        data["byes"] = [_old_player(bye) if "player" in bye else bye for bye in data.get("byes", [])]
    elif kind in RESULTS and "seats" in data:
        data["players"] = [_old_seat(seat) for seat in data.pop("seats")]
    elif kind in STANDINGS:
        data["standings"] = [
            {
                "place": line["rank"],
                "tied": line["tied"],
                "player": _old_player(line),
                "total": line["total"],
                "sessions": line["sessions"],
            }
            if "rank" in line
            else line
            for line in data.get("standings", [])
        ]
    return data


def _rewrite(apps: Any, shape: Any) -> None:
    Delivery = apps.get_model("webhooks", "Delivery")
    rows = Delivery.objects.filter(kind__in=[SEATED, *RESULTS, *STANDINGS])
    for delivery in rows.only("pk", "kind", "payload").iterator():
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
        ("webhooks", "0004_delivery_sequence"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
