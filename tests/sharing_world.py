"""A club night to share: a published event with eight players (Dutch names with accents),
two rounds played, its standings and the club's ratings computed; and an unpublished one."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from clubs.models import Club, Player
from ranking.ratings.services import ratings_update
from ranking.standings.services import standings_recompute
from tests.integration.ratings_support import play
from tournaments.models import Event

NAMES = [
    "Anna de Vries",
    "Bram Çelik",
    "Chloë Jansen",
    "Daan van 't Hek",
    "Eefje Müller",
    "Frits Bakker",
    "Gerrit Smit",
    "Hélène Visser",
]


def build() -> dict[str, Any]:
    club = Club.objects.create(name="De Troef", slug="de-troef")
    people = [Player.objects.create(name=name) for name in NAMES]
    event = Event.objects.create(
        club=club,
        name="Clubavond november",
        date=datetime.date(2026, 11, 20),
        published=True,
        status=Event.Status.RUNNING,
    )
    play(event, 1, 1, people[0:4], [120, 40, -60, -100])
    play(event, 1, 2, people[4:8], [80, 30, -45, -65])
    play(event, 2, 1, [people[0], people[4], people[1], people[5]], [55, -15, 25, -65])
    play(event, 2, 2, [people[2], people[6], people[3], people[7]], [-30, 70, 10, -50])
    Event.objects.filter(pk=event.pk).update(results_version=4)
    hidden = Event.objects.create(
        club=club, name="Geheime avond", date=datetime.date(2026, 11, 27), published=False
    )
    play(hidden, 1, 1, people[0:4], [10, 0, -5, -5])
    Event.objects.filter(pk=hidden.pk).update(results_version=1)
    for each in (event, hidden):
        standings_recompute(event_id=each.pk)
    ratings_update(club_id=club.pk)
    return {"club": club, "players": people, "event": event, "hidden": hidden}


@pytest.fixture
def world(db) -> dict[str, Any]:
    return build()
