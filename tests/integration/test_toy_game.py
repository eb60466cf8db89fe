"""A fifth game, written here and nowhere else, plugs in through the registry: an event plays it,
its tables of two or three are seated, their sessions are entered through the API and scored by
the game, and the standings rank its players. No core code knows this game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from games import registry
from games.seam import COMMON, Catalogue, RulesetError, Scored, invalid, is_int, placements
from standings.services import standings_recompute
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    seated_table,
    user_with_role,
)

pytestmark = pytest.mark.django_db

MESSAGES = Catalogue({
    "totals": ("totals must be {n} whole numbers.", "totals moet {n} gehele getallen zijn."),
})


class Duel:
    """Two or three players; each writes down a score; the highest total wins."""

    code = "duel"
    name = "Duel"
    name_nl = "Duel"
    table_sizes = (2, 3)
    preferred_size = 2
    teams = None
    zero_sum = False
    higher_is_better = True
    default_ruleset = "duel"
    rulesets: dict[str, Any] = {"duel": {"code": "duel"}}
    document_schema = {"type": "object"}
    stats = ()
    standings_order = ("total",)
    parts_key = None

    def ruleset_from_dict(self, data: object) -> Any:
        raise RulesetError("a duel has no house rules")

    def ruleset_to_dict(self, ruleset: Any) -> dict[str, Any]:
        return dict(ruleset)

    def score(self, document: object, *, ruleset: Any = None,
              names: Sequence[str] | None = None) -> Scored:
        if not isinstance(document, dict):
            return invalid([COMMON.error("document_type")])
        seats = len(names) if names is not None else len(document.get("seats") or [])
        totals = document.get("totals")
        if totals is None:
            return Scored(valid=True, complete=False)
        if not (isinstance(totals, list) and len(totals) == seats and all(map(is_int, totals))):
            return invalid([MESSAGES.error("totals", None, "totals", n=seats)])
        return Scored(valid=True, totals=totals, complete=True, placements=placements(totals))

    def table_document(self, document: dict[str, Any], *, ruleset: str,
                       names: Sequence[str]) -> dict[str, Any]:
        return {**document, "ruleset": ruleset, "seats": list(names)}


@pytest.fixture
def duel():
    game = Duel()
    registry.register(game)
    yield game
    registry.unregister(game.code)


def test_a_fifth_game_is_played_through_the_api_and_ranked(duel):
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    api = APIClient()
    api.force_authenticate(organizer)
    players = PlayerFactory.create_batch(5)
    for player in players:
        Membership.objects.create(club=club, player=player)
    made = api.post("/api/v1/events/", {"club": club.pk, "name": "Duelavond",
                                        "date": "2026-11-24", "game": "duel"}, format="json")
    assert made.status_code == 201, made.json()
    event = made.json()
    assert (event["game"], event["ruleset"]) == ("duel", "duel")
    round_ = api.post("/api/v1/rounds/", {"event": event["id"]}, format="json").json()
    tables = []
    for number, seated in ((1, players[:2]), (2, players[2:])):
        table = api.post("/api/v1/tables/", {"round": round_["id"], "number": number},
                         format="json").json()
        for position, player in enumerate(seated):
            seat = api.post("/api/v1/seats/", {"table": table["id"], "position": position,
                                               "player": player.pk}, format="json")
            assert seat.status_code == 201, seat.json()
        tables.append(table)
    wrong = api.put(f"/api/v1/tables/{tables[0]['id']}/session/",
                    {"document": {"game": "duel", "totals": [1, 2, 3]}}, format="json")
    assert wrong.status_code == 400
    assert wrong.json()["errors"][0]["message"] == "totals must be 2 whole numbers."
    for table, totals in zip(tables, ([30, 10], [5, 25, 25]), strict=True):
        saved = api.put(f"/api/v1/tables/{table['id']}/session/",
                        {"document": {"game": "duel", "totals": totals}}, format="json")
        assert saved.status_code == 201, saved.json()
        assert saved.json()["complete"] is True
    standings_recompute(event_id=event["id"])
    lines = api.get(f"/api/v1/events/{event['id']}/standings/").json()["standings"]
    ranked = [(line["player"], line["total"]) for line in lines]
    assert ranked[0] == (players[0].pk, 30)
    assert sorted(total for _player, total in ranked) == [5, 10, 25, 25, 30]


def test_an_event_names_a_known_game_and_one_of_its_rulesets(duel):
    club = ClubFactory()
    api = APIClient()
    api.force_authenticate(user_with_role(club, Role.ORGANIZER))
    base = {"club": club.pk, "name": "Avond", "date": "2026-11-24"}
    bonken = api.post("/api/v1/events/", base, format="json")
    assert (bonken.json()["game"], bonken.json()["ruleset"]) == ("bonken", "classic")
    unknown = api.post("/api/v1/events/", {**base, "game": "schaak"}, format="json")
    assert unknown.status_code == 400
    mixed = api.post("/api/v1/events/", {**base, "game": "duel", "ruleset": "classic"},
                     format="json")
    assert mixed.status_code == 400
    assert mixed.json()["errors"][0]["code"] == "unknown_ruleset"


def test_a_tables_seats_are_the_games(duel):
    club = ClubFactory()
    api = APIClient()
    api.force_authenticate(user_with_role(club, Role.ORGANIZER))
    players = PlayerFactory.create_batch(5)
    for player in players:
        Membership.objects.create(club=club, player=player)
    for game, allowed, refused in (("duel", 2, 3), ("bonken", 3, 4)):
        event = api.post("/api/v1/events/", {"club": club.pk, "name": game, "game": game,
                                             "date": "2026-11-24"}, format="json").json()
        round_ = api.post("/api/v1/rounds/", {"event": event["id"]}, format="json").json()
        table = api.post("/api/v1/tables/", {"round": round_["id"]}, format="json").json()
        ok = api.post("/api/v1/seats/", {"table": table["id"], "position": allowed,
                                         "player": players[0].pk}, format="json")
        assert ok.status_code == 201, ok.json()
        too_far = api.post("/api/v1/seats/", {"table": table["id"], "position": refused,
                                              "player": players[1].pk}, format="json")
        assert too_far.status_code == 400
        assert too_far.json()["errors"][0]["code"] == "seat_range"


class Rounds(Duel):
    """The duel played round by round: ``{"rounds": [[a, b], ...]}``, complete after three."""

    code = "duelrounds"
    rulesets: dict[str, Any] = {"duelrounds": {"code": "duelrounds"}}
    default_ruleset = "duelrounds"
    parts_key = "rounds"

    def score(self, document: object, *, ruleset: Any = None,
              names: Sequence[str] | None = None) -> Scored:
        if not isinstance(document, dict):
            return invalid([COMMON.error("document_type")])
        rounds = document.get("rounds") or []
        seats = len(names or [])
        if not all(isinstance(r, list) and len(r) == seats and all(map(is_int, r))
                   for r in rounds):
            return invalid([MESSAGES.error("totals", None, "rounds", n=seats)])
        totals = [sum(r[seat] for r in rounds) for seat in range(seats)]
        return Scored(valid=True, totals=totals, complete=len(rounds) == 3,
                      placements=placements(totals))


def test_a_game_is_entered_part_by_part_when_it_has_a_parts_key(duel):
    rounds = Rounds()
    registry.register(rounds)
    try:
        event = EventFactory(game="duelrounds", ruleset="duelrounds", published=True)
        scorer = user_with_role(event.club, Role.SCORER)
        table = seated_table(event, players=PlayerFactory.create_batch(2))
        api = APIClient()
        api.force_authenticate(scorer)
        url = f"/api/v1/tables/{table.pk}/session/games/"
        for points in ([3, 1], [0, 2]):
            assert api.post(url, {"part": points}, format="json").status_code == 201
        session = api.post(f"/api/v1/tables/{table.pk}/session/undo/", {}, format="json").json()
        assert session["document"]["rounds"] == [[3, 1]] and session["revision"] == 3
        both = api.post(url, {"part": [1, 1], "game": [1, 1]}, format="json")
        assert both.status_code == 400 and both.json()["errors"][0]["field"] == "part"
        # A game entered whole refuses part by part, naming why.
        whole = seated_table(EventFactory(game="duel", ruleset="duel", club=event.club),
                             players=PlayerFactory.create_batch(2))
        refused = api.post(f"/api/v1/tables/{whole.pk}/session/games/", {"part": [1, 2]},
                           format="json")
        assert refused.status_code == 400
        assert refused.json()["errors"][0]["code"] == "whole_document_only"
    finally:
        registry.unregister(rounds.code)
