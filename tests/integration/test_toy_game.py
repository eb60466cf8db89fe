"""A fifth game, written in its own folder (``tests/toy_game``: its rules, its table page, sheets
and templates) and nowhere else, plugs in with its lines in ``INSTALLED_APPS`` (``installed``):
an organizer starts its night from the club's page, checks players in and seats a round; its
table link opens its own page and saves a round online and offline; the round closes; the
standings and ratings show it and the print sheets render. Through the API its tables of two or
three are seated and their sessions scored by the game.
No code outside its folder knows this game."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from ranking.standings.services import standings_recompute
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    seated_table,
    user_with_role,
)
from tests.toy_game import installed

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel():
    with installed() as (game, _rounds):  # the toy game's one registration
        yield game


def test_a_fifth_game_is_played_through_the_api_and_ranked(duel):
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    api = APIClient()
    api.force_authenticate(organizer)
    players = PlayerFactory.create_batch(5)
    for player in players:
        Membership.objects.create(club=club, player=player)
    made = api.post(
        "/api/v1/events/",
        {"club": club.pk, "name": "Duelavond", "date": "2026-11-24", "game": "duel"},
        format="json",
    )
    assert made.status_code == 201, made.json()
    event = made.json()
    assert (event["game"], event["ruleset"]) == ("duel", "duel")
    round_ = api.post("/api/v1/rounds/", {"event": event["id"]}, format="json").json()
    tables = []
    for number, seated in ((1, players[:2]), (2, players[2:])):
        table = api.post(
            "/api/v1/tables/", {"round": round_["id"], "number": number}, format="json"
        ).json()
        for position, player in enumerate(seated):
            seat = api.post(
                "/api/v1/seats/",
                {"table": table["id"], "position": position, "player": player.pk},
                format="json",
            )
            assert seat.status_code == 201, seat.json()
        tables.append(table)
    wrong = api.put(
        f"/api/v1/tables/{tables[0]['id']}/session/",
        {"document": {"game": "duel", "totals": [1, 2, 3]}},
        format="json",
    )
    assert wrong.status_code == 400
    assert wrong.json()["errors"][0]["message"] == "totals must be 2 whole numbers."
    for table, totals in zip(tables, ([30, 10], [5, 25, 25]), strict=True):
        saved = api.put(
            f"/api/v1/tables/{table['id']}/session/",
            {"document": {"game": "duel", "totals": totals}},
            format="json",
        )
        assert saved.status_code == 201, saved.json()
        assert saved.json()["complete"] is True
    standings_recompute(event_id=event["id"])
    lines = api.get(f"/api/v1/events/{event['id']}/standings/").json()["results"]
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
    mixed = api.post(
        "/api/v1/events/", {**base, "game": "duel", "ruleset": "classic"}, format="json"
    )
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
        event = api.post(
            "/api/v1/events/",
            {"club": club.pk, "name": game, "game": game, "date": "2026-11-24"},
            format="json",
        ).json()
        round_ = api.post("/api/v1/rounds/", {"event": event["id"]}, format="json").json()
        table = api.post("/api/v1/tables/", {"round": round_["id"]}, format="json").json()
        ok = api.post(
            "/api/v1/seats/",
            {"table": table["id"], "position": allowed, "player": players[0].pk},
            format="json",
        )
        assert ok.status_code == 201, ok.json()
        too_far = api.post(
            "/api/v1/seats/",
            {"table": table["id"], "position": refused, "player": players[1].pk},
            format="json",
        )
        assert too_far.status_code == 400
        assert too_far.json()["errors"][0]["code"] == "seat_range"


def test_a_game_is_entered_part_by_part_when_it_has_a_parts_key(duel):
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
    old_name = api.post(url, {"game": [1, 1]}, format="json")  # a part is sent as part only
    assert old_name.status_code == 400 and old_name.json()["errors"][0]["field"] == "part"
    # A game entered whole refuses part by part, naming why.
    whole = seated_table(
        EventFactory(game="duel", ruleset="duel", club=event.club),
        players=PlayerFactory.create_batch(2),
    )
    refused = api.post(f"/api/v1/tables/{whole.pk}/session/games/", {"part": [1, 2]}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "whole_document_only"


def test_the_first_part_opens_the_document_and_later_parts_are_appended(duel):
    """Every game's table page saves its parts through one service: a first part that brings
    what the document records once (``opening``: a first dealer) starts the document from it,
    after an undo of the only part too; a later part is appended and its opening ignored."""
    from results.services import session_append_part, session_undo_last_part

    event = EventFactory(game="duelrounds", ruleset="duelrounds", published=True)
    scorer = user_with_role(event.club, Role.SCORER)
    table = seated_table(event, players=PlayerFactory.create_batch(2))

    def add(part, opening):
        return session_append_part(table=table, submitted_by=scorer, part=part, opening=opening)

    first = add([3, 1], {"game": "duelrounds", "dealer": 0})
    assert (first.document["dealer"], first.document["rounds"]) == (0, [[3, 1]])
    later = add([0, 2], {"game": "duelrounds", "dealer": 1})
    assert (later.document["dealer"], later.document["rounds"]) == (0, [[3, 1], [0, 2]])
    for _ in range(2):
        session_undo_last_part(table=table, submitted_by=scorer)
    again = add([1, 1], {"game": "duelrounds", "dealer": 1})
    assert (again.document["dealer"], again.document["rounds"]) == (1, [[1, 1]])
    assert again.revision == 5


def _night_from_the_club_page(client, club):
    """The toy night, started where an organizer starts one: the club's page, its link to a new
    event, and the form's game choice."""
    import re

    from tournaments.models import Event

    club_page = client.get(f"/clubs/{club.slug}/").content.decode()
    new_event = re.search(r'href="([^"]*/events/new/)"', club_page)
    assert new_event, "the club page links to a new event"
    form = client.get(new_event.group(1))
    assert 'value="duelrounds"' in form.content.decode()  # the form offers the toy game
    made = client.post(
        new_event.group(1),
        {
            "name": "Duelavond",
            "kind": "club_night",
            "date": "2026-11-24",
            "game": "duelrounds",
            "ruleset": "duelrounds",
            "planned_rounds": "1",
            "seating_method": "balanced",
        },
    )
    assert made.status_code == 302, made.content.decode()[:2000]
    return Event.objects.get(club=club, name="Duelavond")


def test_a_toy_night_from_the_first_page_to_the_print_sheets(duel, client):
    from django.urls import reverse

    from ranking.ratings.services import ratings_update
    from tournaments.models import Round

    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    organizer.save()  # the factory sets the password without saving it; the session checks it
    client.force_login(organizer)
    event = _night_from_the_club_page(client, club)
    assert (event.game, event.ruleset) == ("duelrounds", "duelrounds")
    players = PlayerFactory.create_batch(4)
    for player in players:
        Membership.objects.create(club=club, player=player)
        checked = client.post(
            reverse("manage:checkin", args=[event.pk]), {"player": player.pk, "present": "on"}
        )
        assert checked.status_code == 302
    seated = client.post(reverse("manage:seat_round", args=[event.pk]), {"method": "balanced"})
    round_ = Round.objects.get(event=event)
    assert seated.url == reverse("manage:round_page", args=[round_.pk])
    assert client.post(reverse("manage:round_accept", args=[round_.pk])).status_code == 302
    tables = list(round_.tables.order_by("number"))
    assert [t.seats.count() for t in tables] == [2, 2]  # the game's preferred tables of two
    round_page = client.get(reverse("manage:round_page", args=[round_.pk])).content.decode()
    assert all(f"/t/{t.scoring_token}/" in round_page for t in tables)

    anyone = type(client)()  # whoever holds the table's link
    first = tables[0]
    page = anyone.get(f"/t/{first.scoring_token}/")
    assert page.status_code == 200 and "data-duel-page" in page.content.decode()
    online = anyone.post(
        f"/t/{first.scoring_token}/", {"revision": "0", "points-0": "3", "points-1": "1"}
    )
    assert online.status_code == 302
    # Offline: the phone kept the round and sends it with its key when the connection returns;
    # sent twice, it is saved once.
    kept = {"revision": "1", "points-0": "0", "points-1": "2"}
    for _attempt in range(2):
        sent = anyone.post(f"/t/{first.scoring_token}/", kept, HTTP_IDEMPOTENCY_KEY="k-duel-1")
        assert sent.status_code == 201 and sent.json()["revision"] == 2, sent.content
    assert (
        anyone.post(
            f"/t/{first.scoring_token}/", {"revision": "2", "points-0": "4", "points-1": "4"}
        ).status_code
        == 302
    )
    for revision in range(3):
        assert (
            anyone.post(
                f"/t/{tables[1].scoring_token}/",
                {"revision": str(revision), "points-0": "1", "points-1": "5"},
            ).status_code
            == 302
        )
    first.refresh_from_db()
    assert first.session.complete and first.session.result["totals"] == [7, 7]

    closed = client.post(reverse("manage:round_close", args=[round_.pk]))
    assert closed.status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    assert (
        client.post(
            reverse("manage:event_publish", args=[event.pk]), {"published": "1"}
        ).status_code
        == 302
    )

    standings_recompute(event_id=event.pk)
    standings = client.get(reverse("public:event_standings", args=[event.pk]))
    assert standings.status_code == 200
    assert all(p.name in standings.content.decode() for p in players)
    ratings_update(club_id=club.pk, game="duelrounds")
    ratings = client.get(f"/clubs/{club.slug}/ratings/?game=duelrounds")
    assert ratings.status_code == 200
    assert all(p.name in ratings.content.decode() for p in players)

    sheets = client.get(reverse("manage:score_sheets", args=[round_.pk]))
    assert sheets.status_code == 200 and sheets.content.decode().count("data-duel-blank") == 2
    sheet = client.get(reverse("public:table_sheet", args=[event.pk, first.pk]))
    assert sheet.status_code == 200 and "data-duel-sheet" in sheet.content.decode()
    assert ">7<" in sheet.content.decode()


def test_installed_through_settings_the_toy_game_passes_the_checks_and_leaves_no_trace():
    from django.core.checks import run_checks

    from games import registry
    from tournaments.game_plugins import plugins

    with installed():
        assert list(registry.games())[-2:] == ["duel", "duelrounds"]
        assert {"duel", "duelrounds"} <= set(plugins())
        assert run_checks(tags=["games"]) == []
    assert "duel" not in registry.games() and "duelrounds" not in plugins()
    assert list(registry.games()) == ["bonken", "jonkler", "bonko", "bonanza"]


def test_a_game_without_pages_is_a_clear_error_never_another_games_page():
    from games import registry
    from tests.toy_game.rules import Duel

    game = Duel()
    registry.register(game)  # its rules only, past its app: no plug-in gives its pages
    try:
        event = EventFactory(game="duel", ruleset="duel")
        table = seated_table(event, players=PlayerFactory.create_batch(2))
        page = APIClient().get(f"/t/{table.scoring_token}/")
        assert page.status_code == 501
        assert "duel" in page.content.decode() and "four players" not in page.content.decode()
        paper = APIClient().get(f"/t/{table.scoring_token}/paper/")
        assert paper.status_code == 501
    finally:
        registry.unregister(game.code)
