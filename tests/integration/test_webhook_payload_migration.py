"""The deliveries the log kept before the webhooks named players as the API does, rewritten by
the migration (``webhooks`` 0005) where they are stored: the catch-up list then gives them in
the shape the schema declares; the way back gives the old shape again; the other kinds are
left alone."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as django_apps

from clubs.models import Role
from core import club_events
from tests.factories import ClubFactory, api_client, user_with_role
from week.webhooks.models import Delivery, Hook

pytestmark = pytest.mark.django_db
migration = importlib.import_module("week.webhooks.migrations.0005_payloads_in_the_apis_shape")

ANNA = {"id": 7, "name": "Anna", "url": "https://club.example/players/7/"}
OLD_LINE = {"place": 1, "tied": False, "player": ANNA, "total": 12, "sessions": 1}
OLD_SEATS = {"players": [{**ANNA, "seat": 1, "total": 12, "place": 1}], "revision": 1}
NIGHT = {"id": 5, "place": "De Zwaan"}


def test_the_stored_deliveries_are_rewritten_and_read_back_in_the_new_shape():
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    hook = Hook.objects.create(
        club=club, url="https://93.184.216.34/hook", kinds=list(club_events.KINDS), secret="s" * 48
    )
    made = {
        kind: Delivery.objects.create(hook=hook, sequence=number, kind=kind, payload=payload)
        for number, (kind, payload) in enumerate(
            [
                (club_events.STANDINGS_CHANGED, {"standings": [OLD_LINE]}),
                (club_events.RESULT_SAVED, OLD_SEATS),
                (club_events.NIGHT_PLANNED, NIGHT),
            ],
            start=1,
        )
    }

    migration.forwards(django_apps, None)
    line = Delivery.objects.get(pk=made[club_events.STANDINGS_CHANGED].pk).payload["standings"][0]
    assert (line["rank"], line["player"], line["player_name"]) == (1, 7, "Anna")
    seats = Delivery.objects.get(pk=made[club_events.RESULT_SAVED].pk).payload["seats"]
    assert (seats[0]["position"], seats[0]["placement"], seats[0]["player_url"]) == (
        0,
        1,
        ANNA["url"],
    )
    assert Delivery.objects.get(pk=made[club_events.NIGHT_PLANNED].pk).payload == NIGHT
    listed = api_client(organizer).get(f"/api/v1/hooks/{hook.pk}/catch-up/").json()["results"]
    assert listed[1]["payload"]["seats"] == seats

    migration.backwards(django_apps, None)
    assert Delivery.objects.get(pk=made[club_events.RESULT_SAVED].pk).payload == OLD_SEATS
    back = Delivery.objects.get(pk=made[club_events.STANDINGS_CHANGED].pk).payload
    assert back == {"standings": [OLD_LINE]}
