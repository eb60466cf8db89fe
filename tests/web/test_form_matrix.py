"""Every form that writes, against every kind of visitor: anonymous, member, scorer, scorer of
another event, organizer, organizer of another club. A refused form changes nothing."""

from collections.abc import Callable
from typing import Any

import pytest

from clubs.models import AuditEntry, Membership, Role
from tests.factories import ClubFactory, EventFactory, PlayerFactory, user_with_role
from tests.web.conftest import client_for
from tournaments.models import EventPlayer, EventScorer
from tournaments.rounds import round_generate

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "member", "scorer", "other_event_scorer", "organizer", "other_organizer"]
ORGANIZERS = {"organizer"}
SCORERS = {"organizer", "scorer"}


def build() -> dict[str, Any]:
    event = EventFactory(published=False)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    players = PlayerFactory.create_batch(8)
    for player in players:
        Membership.objects.create(club=event.club, player=player)
        EventPlayer.objects.create(event=event, player=player)
    planned = round_generate(event=event, actor=organizer, seed=4)
    seated = [s.player_id for t in planned.tables.all() for s in t.seats.all()]
    return {"event": event, "club": event.club, "organizer": organizer, "round": planned,
            "seated": seated, "absent": players[0]}


def client(actor: str, world: dict[str, Any]):
    if actor == "anonymous":
        return client_for()
    if actor == "organizer":
        return client_for(world["organizer"])
    if actor == "other_organizer":
        return client_for(user_with_role(ClubFactory(), Role.ORGANIZER))
    if actor == "other_event_scorer":
        user = user_with_role(world["club"], Role.MEMBER)
        EventScorer.objects.create(event=EventFactory(club=world["club"]), player=user.player)
        return client_for(user)
    return client_for(user_with_role(world["club"], actor))


FORMS: list[tuple[str, Callable[[dict], str], Callable[[dict], dict], set[str]]] = [
    ("register player", lambda w: f"/clubs/{w['club'].slug}/", lambda w: {"name": "Nieuw"},
     SCORERS),
    ("create event", lambda w: f"/clubs/{w['club'].slug}/events/new/",
     lambda w: {"name": "Cup", "kind": "tournament", "date": "2026-12-04", "ruleset": "classic",
                "planned_rounds": "3", "seating_method": "balanced"}, ORGANIZERS),
    ("check in", lambda w: f"/manage/events/{w['event'].pk}/checkin/",
     lambda w: {"player": w["absent"].pk, "present": ""}, SCORERS),
    ("walk-in", lambda w: f"/manage/events/{w['event'].pk}/walk-in/",
     lambda w: {"name": "Inloper"}, SCORERS),
    ("seat a round", lambda w: f"/manage/events/{w['event'].pk}/rounds/new/",
     lambda w: {"method": "random"}, ORGANIZERS),
    ("publish", lambda w: f"/manage/events/{w['event'].pk}/publish/", lambda w: {}, ORGANIZERS),
    ("close event", lambda w: f"/manage/events/{w['event'].pk}/close/", lambda w: {},
     ORGANIZERS),
    ("swap", lambda w: f"/manage/rounds/{w['round'].pk}/swap/",
     lambda w: {"player_a": w["seated"][0], "player_b": w["seated"][5]}, ORGANIZERS),
    ("regenerate", lambda w: f"/manage/rounds/{w['round'].pk}/regenerate/",
     lambda w: {"method": "random"}, ORGANIZERS),
    ("start round", lambda w: f"/manage/rounds/{w['round'].pk}/accept/", lambda w: {},
     ORGANIZERS),
    ("close round", lambda w: f"/manage/rounds/{w['round'].pk}/close/", lambda w: {},
     ORGANIZERS),
]


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("name,url,data,allowed", FORMS, ids=[f[0] for f in FORMS])
def test_form(name, url, data, allowed, actor):
    world = build()
    before = AuditEntry.objects.count()
    response = client(actor, world).post(url(world), data(world))
    if actor in allowed:
        assert response.status_code in {200, 302}, response.content[:500]
        assert AuditEntry.objects.count() > before
    elif actor == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        assert AuditEntry.objects.count() == before
    else:
        assert response.status_code in {403, 404}
        assert AuditEntry.objects.count() == before
