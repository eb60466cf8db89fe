"""One rule for every name and title a person types (``core.names``), through every door: a
name with a line break, a control character, a direction override or an invisible character
is refused with a message that names the field and the character, in English and in Dutch, and
nothing is stored; an accepted name is stored normalized (NFC, trimmed, one space). The
imported backup's player names obey the same rule, and what the data migration makes of names
stored before it."""

from __future__ import annotations

import datetime
import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction

from clubs.models import ApiToken, Club, Membership, Player, Role
from core.errors import ServiceError
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    api_client,
    user_with_role,
)
from tests.sunmar_backups import build_backup, finished_game, renamed
from tournaments.models import Event, EventPlayer, EventTeam, HouseRuleset
from week.planning.models import PlannedNight
from week.webhooks.models import Hook

pytestmark = pytest.mark.django_db

RLO = "Anna\u202eadnA"  # a right-to-left override: "Anna" then "Anda" drawn backwards
ZWSP = "Bram\u200b"  # a zero-width space: looks like "Bram"
LF = "Cees\nDaan"
NEL = "Daan\x85Eva"
LS = "Eva\u2028Fleur"
VT = "Fleur\x0bGijs"
BAD = {
    RLO: ("U+202E", "text direction mark", "richtingsteken"),
    ZWSP: ("U+200B", "invisible character", "onzichtbaar teken"),
    LF: ("U+000A", "line break", "regeleinde"),
    NEL: ("U+0085", "line break", "regeleinde"),
    LS: ("U+2028", "line break", "regeleinde"),
    VT: ("U+000B", "line break", "regeleinde"),
}
EXAMPLES = Path(__file__).resolve().parents[2] / "games" / "bonken" / "rules" / "examples"


def refused(response: Any, field: str, bad: str, english: str, dutch: str) -> None:
    assert response.status_code == 400, response.content
    [problem] = response.json()["errors"]
    code, what, what_nl = BAD[bad]
    assert problem["code"] == "invalid_name" and problem["field"] == field, problem
    assert problem["message"].startswith(english) and code in problem["message"], problem
    assert what in problem["message"], problem
    assert problem["message_nl"].startswith(dutch) and what_nl in problem["message_nl"], problem


@pytest.fixture
def club() -> Club:
    club = ClubFactory(name="De Troef")
    club.organizer = user_with_role(club, Role.ORGANIZER)  # type: ignore[attr-defined]
    return club


# --- The API, one write of each name and title -------------------------------------------------


Write = Callable[[Club, str], tuple[Any, Callable[[], list[str]]]]


def _player_create(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    answer = api.post("/api/v1/players/", {"club": club.pk, "name": name}, format="json")
    return answer, lambda: list(Player.objects.filter(clubs=club).values_list("name", flat=True))


def _player_rename(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    player = PlayerFactory(name="Gijs")
    Membership.objects.create(club=club, player=player)
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    answer = api.patch(f"/api/v1/players/{player.pk}/", {"name": name}, format="json")
    return answer, lambda: [Player.objects.get(pk=player.pk).name]


def _club_create(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    answer = api.post("/api/v1/clubs/", {"name": name, "slug": "nieuw"}, format="json")
    return answer, lambda: list(Club.objects.filter(slug="nieuw").values_list("name", flat=True))


def _club_rename(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    answer = api.patch(f"/api/v1/clubs/{club.pk}/", {"name": name}, format="json")
    return answer, lambda: [Club.objects.get(pk=club.pk).name]


def _club_city(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    answer = api.patch(f"/api/v1/clubs/{club.pk}/", {"city": name}, format="json")
    return answer, lambda: [Club.objects.get(pk=club.pk).city]


def _event_create(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    answer = api.post(
        "/api/v1/events/",
        {"club": club.pk, "name": name, "date": "2027-03-16", "game": "bonken"},
        format="json",
    )
    return answer, lambda: list(Event.objects.filter(club=club).values_list("name", flat=True))


def _event_rename(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    event = EventFactory(club=club, name="Clubavond")
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    answer = api.patch(f"/api/v1/events/{event.pk}/", {"name": name}, format="json")
    return answer, lambda: [Event.objects.get(pk=event.pk).name]


def _team(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    event = EventFactory(club=club, game="bonko", ruleset="bonko", published=False)
    first, second = PlayerFactory(name="Hanna"), PlayerFactory(name="Ivo")
    for player in (first, second):
        Membership.objects.create(club=club, player=player)
        EventPlayer.objects.create(event=event, player=player, present=True)
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    answer = api.post(
        f"/api/v1/events/{event.pk}/teams/",
        {"first": first.pk, "second": second.pk, "name": name},
        format="json",
    )
    return answer, lambda: list(
        EventTeam.objects.filter(event=event).values_list("name", flat=True)
    )


def _token(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    user = club.organizer  # type: ignore[attr-defined]
    answer = api_client(user).post("/api/v1/tokens/", {"name": name}, format="json")
    return answer, lambda: list(ApiToken.objects.filter(user=user).values_list("name", flat=True))


def _hook(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    answer = api.post(
        "/api/v1/hooks/",
        {
            "club": club.pk,
            "url": "https://93.184.216.34/bonken",
            "kinds": ["result.saved"],
            "description": name,
        },
        format="json",
    )
    return answer, lambda: list(
        Hook.objects.filter(club=club).values_list("description", flat=True)
    )


NIGHT = {"starts_at": "2030-03-16T19:30:00+01:00", "game": "jonkler"}


def _night_plan(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    answer = api.post(f"/api/v1/clubs/{club.pk}/nights/", {**NIGHT, "place": name}, format="json")
    return answer, lambda: list(
        PlannedNight.objects.filter(club=club).values_list("place", flat=True)
    )


def _night_change(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    night = api.post(
        f"/api/v1/clubs/{club.pk}/nights/", {**NIGHT, "place": "De Zwaan"}, format="json"
    )
    night_id = night.json()[0]["id"]
    answer = api.patch(f"/api/v1/nights/{night_id}/", {"place": name}, format="json")
    return answer, lambda: [PlannedNight.objects.get(pk=night_id).place]


def _rules(key: str) -> Write:
    def write(club: Club, name: str) -> tuple[Any, Callable[[], list[str]]]:
        data = json.loads((EXAMPLES / "house_quota_ruleset.json").read_text())
        data[key] = name
        api = api_client(club.organizer)  # type: ignore[attr-defined]
        answer = api.post(
            f"/api/v1/clubs/{club.pk}/rulesets/", {"game": "bonken", "data": data}, format="json"
        )
        return answer, lambda: list(
            HouseRuleset.objects.filter(club=club).values_list(key, flat=True)
        )

    return write


# (the write, the field the problem names, how the English and the Dutch message begin)
WRITES: dict[str, tuple[Write, str, str, str]] = {
    "player create": (_player_create, "name", "The player's name", "De naam van de speler"),
    "player rename": (_player_rename, "name", "The player's name", "De naam van de speler"),
    "club create": (_club_create, "name", "The club's name", "De naam van de club"),
    "club rename": (_club_rename, "name", "The club's name", "De naam van de club"),
    "club city": (_club_city, "city", "The club's city", "De plaats van de club"),
    "event create": (_event_create, "name", "The event's name", "De naam van het evenement"),
    "event rename": (_event_rename, "name", "The event's name", "De naam van het evenement"),
    "team": (_team, "name", "The team's name", "De naam van het team"),
    "token": (_token, "name", "The token's name", "De naam van het token"),
    "hook": (_hook, "description", "The webhook's description", "De omschrijving van de webhook"),
    "night plan": (_night_plan, "place", "The night's place", "De plaats van de avond"),
    "night change": (_night_change, "place", "The night's place", "De plaats van de avond"),
    "rules name": (
        _rules("name"),
        "data.name",
        "The house rules' name",
        "De naam van de huisregels",
    ),
    "rules Dutch name": (
        _rules("name_nl"),
        "data.name_nl",
        "The house rules' Dutch name",
        "De Nederlandse naam van de huisregels",
    ),
}


@pytest.mark.parametrize("bad", [RLO, ZWSP, LF, NEL], ids=["RLO", "ZWSP", "LF", "NEL"])
@pytest.mark.parametrize("door", list(WRITES))
def test_the_api_refuses_a_name_with_a_refused_character(club, door, bad):
    write, field, english, dutch = WRITES[door]
    answer, stored = write(club, bad)
    refused(answer, field, bad, english, dutch)
    assert bad not in stored()


@pytest.mark.parametrize("door", list(WRITES))
def test_the_api_stores_a_name_normalized(club, door):
    write, _field, _english, _dutch = WRITES[door]
    answer, stored = write(club, "  Chloe\u0308\u00a0 van  der\u3000Berg ")
    assert answer.status_code in (200, 201), answer.content
    assert "Chloë van der Berg" in stored()


# --- Services without the API: a walk-in at the door, a login's own name -----------------------


def test_a_walk_in_at_the_door_is_refused_with_the_players_name_field():
    from tournaments.events.services import event_walk_in

    event = EventFactory(published=False)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    with pytest.raises(ServiceError) as refusal:
        event_walk_in(event=event, actor=organizer, name=RLO)
    assert refusal.value.errors[0]["code"] == "invalid_name"
    assert not Player.objects.filter(name__contains="\u202e").exists()


def test_a_players_name_from_a_login_is_cleaned_not_refused():
    from django.contrib.auth.models import User

    from clubs.services import player_for_user_or_create

    user = User.objects.create(username="gijs", first_name="Gijs\u200b\n", last_name="de Boer")
    assert player_for_user_or_create(user=user).name == "Gijs de Boer"
    blank = User.objects.create(username="ivo", first_name="\u200b")
    assert player_for_user_or_create(user=blank).name == "ivo"


def test_the_model_refuses_a_name_no_service_checked():
    """The field applies the rule on every save: a path that forgot it stores nothing."""
    with pytest.raises(ServiceError) as refusal, transaction.atomic():
        Player.objects.create(name=ZWSP)
    assert refusal.value.errors[0]["field"] == "name"
    assert Player.objects.create(name=" Chloe\u0308 ").name == "Chloë"


# --- The import of the Bonken app's backups ----------------------------------------------------


def _upload(club: Club, api: Any, **names: str) -> str:
    game = renamed(finished_game(), "0a1b2c3d-0000-4000-8000-000000000001", **names)
    answer = api.post(
        f"/api/v1/clubs/{club.pk}/imports/sunmar/",
        {"backup": SimpleUploadedFile("b.zip", build_backup([game]))},
        format="multipart",
    )
    assert answer.status_code == 201, answer.content
    return f"/api/v1/clubs/{club.pk}/imports/sunmar/{answer.json()['upload']}/"


def test_an_import_refuses_a_new_player_named_with_a_refused_character(club):
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    base = _upload(club, api, Bram=ZWSP)
    matches = {m["app_name"]: None for m in api.get(base).json()["matches"]}
    assert ZWSP in matches
    answer = api.post(base + "import/", {"matches": matches}, format="json")
    assert answer.status_code == 400, answer.content
    [problem] = answer.json()["errors"]
    assert problem["code"] == "invalid_name" and problem["field"] == ZWSP
    assert "U+200B" in problem["message"] and "onzichtbaar teken" in problem["message_nl"]
    assert not Player.objects.filter(name__startswith="Bram").exists()
    assert not Event.objects.filter(club=club).exists()


def test_an_import_takes_such_a_name_matched_with_a_member(club):
    api = api_client(club.organizer)  # type: ignore[attr-defined]
    bram = PlayerFactory(name="Bram")
    Membership.objects.create(club=club, player=bram)
    base = _upload(club, api, Bram=ZWSP)
    matches: dict[str, int | None] = {m["app_name"]: None for m in api.get(base).json()["matches"]}
    matches[ZWSP] = bram.pk
    answer = api.post(base + "import/", {"matches": matches}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["new_players"] == ["Anna", "Cees", "Daan"]


# --- What the data migration makes of names stored before the rule ----------------------------


def test_the_data_migration_cleans_stored_names_and_never_leaves_one_empty():
    club = ClubFactory(name="Troef", slug="de-troef")
    event = EventFactory(club=club, name="Avond")
    people = PlayerFactory.create_batch(2)
    night = PlannedNight.objects.create(
        club=club,
        starts_at=datetime.datetime(2030, 3, 16, 18, 30, tzinfo=datetime.UTC),
        ends_at=datetime.datetime(2030, 3, 16, 22, 30, tzinfo=datetime.UTC),
        game="jonkler",
    )
    # Stored before the rule (an update does not pass the field's check).
    Club.objects.filter(pk=club.pk).update(name="\u200b\u202e", city="Gou\nda")
    Event.objects.filter(pk=event.pk).update(name="Clubavond\r\nnovember \u2066x\u2069")
    Player.objects.filter(pk=people[0].pk).update(name="  Anna\u00a0\u00a0de Vries\u200d")
    Player.objects.filter(pk=people[1].pk).update(name="\u200b")
    PlannedNight.objects.filter(pk=night.pk).update(place="De\x0cZwaan\u2029")

    for app, name in [
        ("clubs", "0007_typed_names"),
        ("tournaments", "0018_typed_names"),
        ("week.planning", "0002_typed_names"),
    ]:
        migration = importlib.import_module(f"{app}.migrations.{name}")
        migration.clean(django_apps, None)

    club.refresh_from_db()
    assert (club.name, club.city) == ("de-troef", "Gou da")  # an empty name: the club's address
    assert Event.objects.get(pk=event.pk).name == "Clubavond november x"
    assert Player.objects.get(pk=people[0].pk).name == "Anna de Vries"
    assert Player.objects.get(pk=people[1].pk).name == f"Player {people[1].pk}"
    assert PlannedNight.objects.get(pk=night.pk).place == "De Zwaan"
