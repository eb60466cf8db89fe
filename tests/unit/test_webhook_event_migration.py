"""The deliveries the log kept while a payload's event was an object are rewritten by a
migration (``webhooks`` 0006): ``{"id", "name", ...}`` becomes ``event`` (the id) with
``event_name`` and the rest beside it, and an ``event.changed`` names its fields so. Every
kind's example goes there and back unchanged, and what is in the new shape is left alone."""

import importlib

import pytest

from core import club_events
from web.api.openapi.webhooks.examples import bodies

migration = importlib.import_module(
    "week.webhooks.migrations.0006_events_named_as_the_api_names_them"
)

OLD_EVENT = {
    "id": 41,
    "name": "Clubavond",
    "date": "2026-11-27",
    "game": "bonken",
    "kind": "club_night",
    "status": "running",
    "url": "https://club.example/events/41/",
}


def test_an_old_change_reads_as_the_api_names_an_event():
    old = {"event": OLD_EVENT, "changed": ["name"], "previous": {"name": "Oud"}}
    assert migration.new_shape(club_events.EVENT_CHANGED, old) == {
        "event": 41,
        "event_name": "Clubavond",
        "event_date": "2026-11-27",
        "event_game": "bonken",
        "event_kind": "club_night",
        "event_status": "running",
        "event_url": "https://club.example/events/41/",
        "changed": ["event_name"],
        "previous": {"event_name": "Oud"},
    }
    assert (
        migration.old_shape(
            club_events.EVENT_CHANGED, migration.new_shape(club_events.EVENT_CHANGED, old)
        )
        == old
    )


def test_an_old_result_names_its_round_and_table_as_the_api_does():
    old = {
        "event": OLD_EVENT,
        "round": {"id": 90, "number": 1},
        "table": {"id": 301, "number": 2, "url": "https://club.example/events/41/tables/301/"},
        "complete": True,
    }
    new = migration.new_shape(club_events.RESULT_SAVED, old)
    assert (new["event"], new["round"], new["round_number"]) == (41, 90, 1)
    assert (new["table"], new["table_number"], new["table_url"]) == (301, 2, old["table"]["url"])
    assert "id" not in new and new["complete"] is True
    assert migration.old_shape(club_events.RESULT_SAVED, new) == old


@pytest.mark.parametrize("kind", sorted(bodies()))
def test_every_example_goes_back_and_forth_unchanged(kind):
    data = bodies()[kind]["data"]
    assert migration.new_shape(kind, data) == data
    assert migration.new_shape(kind, migration.old_shape(kind, data)) == data
