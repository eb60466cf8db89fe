"""A club's organizer makes house rules from a built-in ruleset; the game checks them (a Bonken
ruleset that cannot add up to zero is refused with the reason); an event plays under them and
its sessions are scored by them; a change is a new version, never a change in place."""

import json
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from games.bonken.rules import RULESETS, ruleset_to_dict
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tournaments.models import HouseRuleset

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[2] / "games" / "bonken" / "rules" / "examples"


def quota_rules() -> dict:
    return json.loads((EXAMPLES / "house_quota_ruleset.json").read_text())


@pytest.fixture
def organizer_api():
    club = ClubFactory()
    api = APIClient()
    api.force_authenticate(user_with_role(club, Role.ORGANIZER))
    return club, api


def test_house_rules_are_made_checked_and_versioned(organizer_api):
    club, api = organizer_api
    url = f"/api/v1/clubs/{club.pk}/rulesets/"
    made = api.post(url, {"game": "bonken", "data": quota_rules()}, format="json")
    assert made.status_code == 201, made.json()
    assert (made.json()["label"], made.json()["builtin"]) == ("house_quota@1", False)
    changed = quota_rules()
    changed["name"] = "House rules, second try"
    again = api.post(url, {"game": "bonken", "data": changed}, format="json")
    assert again.json()["label"] == "house_quota@2"
    first = HouseRuleset.objects.get(club=club, code="house_quota", version=1)
    assert first.name != "House rules, second try"  # the first version stays as it was
    listed = api.get(url, {"game": "bonken"}).json()["results"]
    labels = {row["label"] for row in listed}
    assert {"classic", "house_quota@1", "house_quota@2"} <= labels


def test_rules_that_cannot_add_up_to_zero_are_refused_with_the_reason(organizer_api):
    club, api = organizer_api
    rules = ruleset_to_dict(RULESETS["classic"])
    rules["code"] = "scheef"
    rules["contracts"][0]["value"] = -11  # the minus contracts no longer cancel the plus ones
    refused = api.post(
        f"/api/v1/clubs/{club.pk}/rulesets/", {"game": "bonken", "data": rules}, format="json"
    )
    assert refused.status_code == 400
    problem = refused.json()["errors"][0]
    assert problem["code"] == "invalid_ruleset" and problem["field"] == "data"
    assert "zero" in problem["message"] and problem["message_nl"].startswith("Deze spelregels")
    builtin = ruleset_to_dict(RULESETS["classic"])
    clash = api.post(
        f"/api/v1/clubs/{club.pk}/rulesets/", {"game": "bonken", "data": builtin}, format="json"
    )
    assert clash.json()["errors"][0]["code"] == "builtin_code"
    assert not HouseRuleset.objects.exists()


def test_only_organizers_make_house_rules():
    club = ClubFactory()
    scorer = APIClient()
    scorer.force_authenticate(user_with_role(club, Role.SCORER))
    refused = scorer.post(
        f"/api/v1/clubs/{club.pk}/rulesets/",
        {"game": "bonken", "data": quota_rules()},
        format="json",
    )
    assert refused.status_code == 403


def test_an_event_plays_under_house_rules(organizer_api):
    club, api = organizer_api
    api.post(
        f"/api/v1/clubs/{club.pk}/rulesets/",
        {"game": "bonken", "data": quota_rules()},
        format="json",
    )
    base = {"club": club.pk, "name": "Huisavond", "date": "2026-11-24"}
    unknown = api.post("/api/v1/events/", {**base, "ruleset": "house_quota@9"}, format="json")
    assert unknown.status_code == 400
    event = api.post("/api/v1/events/", {**base, "ruleset": "house_quota@1"}, format="json").json()
    assert event["ruleset"] == "house_quota@1"
    other_club = APIClient()
    other = ClubFactory()
    other_club.force_authenticate(user_with_role(other, Role.ORGANIZER))
    foreign = other_club.post(
        "/api/v1/events/", {**base, "club": other.pk, "ruleset": "house_quota@1"}, format="json"
    )
    assert foreign.status_code == 400  # another club's house rules are not this club's
    players = PlayerFactory.create_batch(4)
    for player in players:
        Membership.objects.create(club=club, player=player)
    round_ = api.post("/api/v1/rounds/", {"event": event["id"]}, format="json").json()
    table = api.post("/api/v1/tables/", {"round": round_["id"]}, format="json").json()
    for position, player in enumerate(players):
        api.post(
            "/api/v1/seats/",
            {"table": table["id"], "position": position, "player": player.pk},
            format="json",
        )
    # The session is scored by the house rules: their code is in the result.
    game = {"contract": "hearts", "chooser": 0, "counts": [3, 4, 5, 1]}
    saved = api.post(f"/api/v1/tables/{table['id']}/session/games/", {"part": game}, format="json")
    assert saved.status_code == 201, saved.json()
    assert saved.json()["result"]["ruleset"] == "house_quota"
    assert saved.json()["document"]["ruleset"] == "house_quota@1"
