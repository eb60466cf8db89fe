"""An event's own scorers through the API: organizers add and remove them, the club's
organizers and scorers list them, and an added scorer may then score that event only."""

import pytest

from clubs.models import AuditEntry, Membership, Role
from tests.documents import classic_document
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    api_client,
    seated_table,
    user_with_role,
)
from tournaments.models import EventScorer

pytestmark = pytest.mark.django_db


@pytest.fixture
def setting():
    table = seated_table(EventFactory(published=False))
    event = table.round.event
    organizer = user_with_role(event.club, Role.ORGANIZER)
    helper = user_with_role(event.club, Role.MEMBER)
    return event, table, organizer, helper


def url(event, player=None) -> str:
    base = f"/api/v1/events/{event.pk}/scorers/"
    return f"{base}{player.pk}/" if player is not None else base


def test_an_organizer_adds_lists_and_removes_a_scorer(setting):
    event, table, organizer, helper = setting
    client = api_client(organizer)
    response = client.post(url(event), {"player": helper.player.pk}, format="json")
    assert response.status_code == 201, response.content
    assert response.json() == {
        "id": response.json()["id"],
        "event": event.pk,
        "player": helper.player.pk,
        "player_name": helper.player.name,
    }
    assert AuditEntry.objects.filter(action="event.scorer_add", club=event.club).exists()
    listed = client.get(url(event)).json()["results"]
    assert [row["player"] for row in listed] == [helper.player.pk]

    # The new scorer may now enter this event's results.
    response = api_client(helper).put(
        f"/api/v1/tables/{table.pk}/session/", {"document": classic_document(4)}, format="json"
    )
    assert response.status_code == 201, response.content

    assert client.delete(url(event, helper.player)).status_code == 204
    assert not EventScorer.objects.filter(event=event).exists()
    assert AuditEntry.objects.filter(action="event.scorer_remove", club=event.club).exists()
    response = api_client(helper).put(
        f"/api/v1/tables/{table.pk}/session/",
        {"document": classic_document(5), "expected_revision": 1},
        format="json",
    )
    assert response.status_code == 403


def test_the_clubs_scorers_may_list_but_not_assign(setting):
    event, _table, _organizer, helper = setting
    scorer = user_with_role(event.club, Role.SCORER)
    assert api_client(scorer).get(url(event)).status_code == 200
    response = api_client(scorer).post(url(event), {"player": helper.player.pk}, format="json")
    assert response.status_code == 403
    assert response.json()["errors"][0]["code"] == "not_allowed"
    assert not EventScorer.objects.exists()


@pytest.mark.parametrize("who", ["member", "other_organizer"])
def test_others_cannot_list(setting, who):
    event = setting[0]
    user = (
        user_with_role(event.club, Role.MEMBER)
        if who == "member"
        else user_with_role(ClubFactory(), Role.ORGANIZER)
    )
    assert api_client(user).get(url(event)).status_code in {403, 404}
    assert api_client().get(url(event)).status_code == 401


def test_a_scorer_must_be_a_member_with_a_login(setting):
    event, _table, organizer, _helper = setting
    outsider = user_with_role(ClubFactory(), Role.MEMBER)
    response = api_client(organizer).post(url(event), {"player": outsider.player.pk}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "not_a_member"
    assert response.json()["errors"][0]["field"] == "player"

    no_login = PlayerFactory()
    Membership.objects.create(club=event.club, player=no_login)
    response = api_client(organizer).post(url(event), {"player": no_login.pk}, format="json")
    assert response.status_code == 400
    problem = response.json()["errors"][0]
    assert problem["code"] == "no_login" and problem["message_nl"]

    response = api_client(organizer).post(url(event), {"player": 999999}, format="json")
    assert response.status_code == 400
    assert not EventScorer.objects.exists()


def test_adding_twice_and_removing_a_non_scorer_are_clear(setting):
    event, _table, organizer, helper = setting
    client = api_client(organizer)
    assert client.post(url(event), {"player": helper.player.pk}, format="json").status_code == 201
    again = client.post(url(event), {"player": helper.player.pk}, format="json")
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "already_scorer"
    other = user_with_role(event.club, Role.MEMBER)
    gone = client.delete(url(event, other.player))
    assert gone.status_code == 404 and gone.json()["errors"][0]["code"] == "not_a_scorer"
    assert EventScorer.objects.count() == 1


def test_a_scorer_of_one_event_cannot_score_another(setting):
    event, table, organizer, helper = setting
    api_client(organizer).post(url(event), {"player": helper.player.pk}, format="json")
    elsewhere = seated_table(EventFactory(club=event.club), table_number=1)
    response = api_client(helper).put(
        f"/api/v1/tables/{elsewhere.pk}/session/", {"document": classic_document(4)}, format="json"
    )
    assert response.status_code == 403
