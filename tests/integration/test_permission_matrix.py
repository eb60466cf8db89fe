"""Every write endpoint of the API against every kind of actor.

Actors: anonymous, member, scorer, scorer of another event (an event scorer elsewhere),
organizer, organizer of another club. A refused write answers 401 (anonymous) or 403 (or 404
where the object is invisible to the actor) and changes nothing.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from rest_framework.test import APIClient

from clubs.models import AuditEntry, Membership, Role
from tests.documents import classic_document, classic_games
from tests.factories import ClubFactory, EventFactory, PlayerFactory, seated_table, user_with_role
from tournaments.models import EventPlayer, EventScorer
from tournaments.rounds import round_generate

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "member", "scorer", "other_event_scorer", "organizer", "other_organizer"]
ORGANIZERS = {"organizer"}
SCORERS = {"organizer", "scorer"}
SIGNED_IN = set(ACTORS) - {"anonymous"}


@dataclass
class World:
    club: Any
    event: Any
    table: Any
    open_table: Any
    planned: Any
    organizer: Any
    spare: Any


def build_world() -> World:
    event = EventFactory(published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    open_table = seated_table(event, table_number=2)
    open_table.seats.filter(position=0).delete()  # a free seat to fill
    later = EventFactory(club=event.club)
    for player in PlayerFactory.create_batch(8):
        Membership.objects.create(club=event.club, player=player)
        EventPlayer.objects.create(event=later, player=player)
    planned = round_generate(event=later, actor=organizer, seed=1)
    spare = PlayerFactory()
    Membership.objects.create(club=event.club, player=spare)
    return World(event.club, event, table, open_table, planned, organizer, spare)


def client_for(actor: str, world: World) -> APIClient:
    client = APIClient()
    if actor == "anonymous":
        return client
    if actor == "other_organizer":
        user = user_with_role(ClubFactory(), Role.ORGANIZER)
    elif actor == "other_event_scorer":
        user = user_with_role(world.club, Role.MEMBER)
        EventScorer.objects.create(event=EventFactory(club=world.club), player=user.player)
    elif actor == "organizer":
        user = world.organizer
    else:
        user = user_with_role(world.club, actor)
    client.force_authenticate(user)
    return client


def planned_players(w: World) -> list[int]:
    return [s.player_id for t in w.planned.tables.all() for s in t.seats.all()]


WRITES: list[tuple[str, str, Callable[[World], str], Callable[[World], Any], set[str]]] = [
    ("found club", "post", lambda w: "/api/v1/clubs/", lambda w: {"name": "New"}, SIGNED_IN),
    ("edit club", "patch", lambda w: f"/api/v1/clubs/{w.club.pk}/", lambda w: {"city": "Ede"},
     ORGANIZERS),
    ("register player", "post", lambda w: "/api/v1/players/",
     lambda w: {"name": "Walk-in", "club": w.club.pk}, SCORERS),
    ("rename player", "patch", lambda w: f"/api/v1/players/{w.spare.pk}/",
     lambda w: {"name": "Renamed"}, SCORERS),
    ("add membership", "post", lambda w: "/api/v1/memberships/",
     lambda w: {"club": w.club.pk, "player": PlayerFactory().pk, "role": "member"}, ORGANIZERS),
    ("change role", "patch",
     lambda w: f"/api/v1/memberships/{Membership.objects.get(player=w.spare).pk}/",
     lambda w: {"role": "scorer"}, ORGANIZERS),
    ("create event", "post", lambda w: "/api/v1/events/",
     lambda w: {"club": w.club.pk, "name": "Cup", "date": "2026-12-01"}, ORGANIZERS),
    ("edit event", "patch", lambda w: f"/api/v1/events/{w.event.pk}/",
     lambda w: {"name": "Renamed"}, ORGANIZERS),
    ("delete event", "delete", lambda w: f"/api/v1/events/{w.planned.event_id}/",
     lambda w: None, ORGANIZERS),
    ("check in", "post", lambda w: "/api/v1/entries/",
     lambda w: {"event": w.event.pk, "player": w.spare.pk}, SCORERS),
    ("add round", "post", lambda w: "/api/v1/rounds/", lambda w: {"event": w.event.pk},
     ORGANIZERS),
    ("add table", "post", lambda w: "/api/v1/tables/", lambda w: {"round": w.table.round_id},
     ORGANIZERS),
    ("delete table", "delete", lambda w: f"/api/v1/tables/{w.planned.tables.first().pk}/",
     lambda w: None, ORGANIZERS),
    ("seat player", "post", lambda w: "/api/v1/seats/",
     lambda w: {"table": w.open_table.pk, "position": 0, "player": w.spare.pk}, ORGANIZERS),
    ("generate seating", "post", lambda w: f"/api/v1/events/{w.planned.event_id}/seating/",
     lambda w: {"seed": 2}, ORGANIZERS),
    ("manual seating", "post",
     lambda w: f"/api/v1/events/{w.planned.event_id}/seating/manual/",
     lambda w: {"tables": [planned_players(w)[:4], planned_players(w)[4:]]}, ORGANIZERS),
    ("regenerate", "post", lambda w: f"/api/v1/rounds/{w.planned.pk}/regenerate/",
     lambda w: {"seed": 3}, ORGANIZERS),
    ("swap", "post", lambda w: f"/api/v1/rounds/{w.planned.pk}/swap/",
     lambda w: {"player_a": planned_players(w)[0], "player_b": planned_players(w)[5]},
     ORGANIZERS),
    ("accept round", "post", lambda w: f"/api/v1/rounds/{w.planned.pk}/accept/",
     lambda w: None, ORGANIZERS),
    ("close round", "post", lambda w: f"/api/v1/rounds/{w.table.round_id}/close/",
     lambda w: None, ORGANIZERS),
    ("submit session", "put", lambda w: f"/api/v1/tables/{w.table.pk}/session/",
     lambda w: {"document": classic_document()}, SCORERS),
    ("add game", "post", lambda w: f"/api/v1/tables/{w.table.pk}/session/games/",
     lambda w: {"game": classic_games()[0]}, SCORERS),
    ("create token", "post", lambda w: "/api/v1/tokens/", lambda w: {"name": "app"}, SIGNED_IN),
]


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("name,method,url,payload,allowed", WRITES, ids=[w[0] for w in WRITES])
def test_write(name, method, url, payload, allowed, actor):
    world = build_world()
    client = client_for(actor, world)
    before = AuditEntry.objects.count()
    response = getattr(client, method)(url(world), payload(world), format="json")
    if actor in allowed:
        assert 200 <= response.status_code < 300, response.content
        assert AuditEntry.objects.count() > before
    elif actor == "anonymous":
        assert response.status_code == 401, response.content
    else:
        assert response.status_code in {403, 404}, response.content
        assert AuditEntry.objects.count() == before


def test_an_event_scorer_may_score_their_own_event():
    world = build_world()
    client = APIClient()
    user = user_with_role(world.club, Role.MEMBER)
    EventScorer.objects.create(event=world.event, player=user.player)
    client.force_authenticate(user)
    response = client.put(f"/api/v1/tables/{world.table.pk}/session/",
                          {"document": classic_document()}, format="json")
    assert response.status_code == 201
