"""The deliveries the log kept before the webhooks named players as the API does are rewritten
by a migration (``webhooks`` 0005): a player ``{"id", "name", "url"}`` becomes ``player``,
``player_name`` and ``player_url``, a seat from 1 a ``position`` from 0, a finish at the table a
``placement`` and a line of the standings a ``rank``. Every kind's example goes there and back
unchanged, and what is in the new shape already is left alone."""

import importlib

import pytest

from core import club_events
from web.api.openapi.webhooks.examples import bodies

migration = importlib.import_module("week.webhooks.migrations.0005_payloads_in_the_apis_shape")

ANNA = {"id": 7, "name": "Anna", "url": "https://club.example/players/7/"}
BRAM = {"id": 8, "name": "Bram", "url": "https://club.example/players/8/"}


def test_an_old_result_and_standings_read_as_the_api_names_them():
    result = {
        "round": {"id": 1, "number": 1},
        "players": [
            {**ANNA, "seat": 1, "total": 20, "place": 1},
            {**BRAM, "seat": 2, "total": None, "place": None},
        ],
    }
    assert migration.new_shape(club_events.RESULT_SAVED, result) == {
        "round": {"id": 1, "number": 1},
        "seats": [
            {
                "position": 0,
                "player": 7,
                "player_name": "Anna",
                "player_url": "https://club.example/players/7/",
                "total": 20,
                "placement": 1,
            },
            {
                "position": 1,
                "player": 8,
                "player_name": "Bram",
                "player_url": "https://club.example/players/8/",
                "total": None,
                "placement": None,
            },
        ],
    }
    line = {"place": 2, "tied": True, "player": BRAM, "total": 3.5, "sessions": 1}
    (new,) = migration.new_shape(club_events.STANDINGS_CHANGED, {"standings": [line]})["standings"]
    assert new == {
        "rank": 2,
        "tied": True,
        "player": 8,
        "player_name": "Bram",
        "player_url": "https://club.example/players/8/",
        "total": 3.5,
        "sessions": 1,
    }
    seated = {"tables": [{"id": 3, "players": [{**ANNA, "seat": 1}]}], "byes": [BRAM]}
    now = migration.new_shape(club_events.ROUND_SEATED, seated)
    assert now["tables"][0]["seats"][0]["position"] == 0
    assert now["byes"] == [{"player": 8, "player_name": "Bram", "player_url": BRAM["url"]}]


@pytest.mark.parametrize("kind", sorted(bodies()))
def test_every_kind_goes_back_and_forth_and_a_new_one_is_left_alone(kind):
    data = bodies()[kind]["data"]
    assert migration.new_shape(kind, data) == data
    assert migration.new_shape(kind, migration.old_shape(kind, data)) == data
