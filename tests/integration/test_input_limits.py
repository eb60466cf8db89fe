"""Hostile and careless input gets a 4xx in the API's one error shape, never a 500: JSON nested
thousands deep, bodies of megabytes, Unicode digits where an integer is read from text, a
malformed precondition, numbers beyond the limits the forms keep, and two organizers ending the
same membership at once."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from results.models import Session
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import ClubFactory, EventFactory, PlayerFactory, seated_table, user_with_role

pytestmark = pytest.mark.django_db

NESTED = "[" * 5000


def error_shape(response) -> dict:
    body = response.json()
    [first, *_rest] = body["errors"]
    assert set(first) == {"code", "message", "message_nl", "field", "game_number"}
    return first


@pytest.mark.parametrize("url", ["/api/v1/sessions/validate/", "/api/v1/tokens/", "/api/v1/clubs/"])
def test_json_nested_thousands_deep_is_a_400(url):
    anonymous = APIClient()
    response = anonymous.generic("POST", url, NESTED, content_type="application/json")
    assert response.status_code in (400, 401)
    error_shape(response)
    signed_in = APIClient()
    signed_in.force_authenticate(user_with_role(ClubFactory(), Role.ORGANIZER))
    response = signed_in.generic("POST", url, NESTED, content_type="application/json")
    assert response.status_code == 400
    problem = error_shape(response)
    assert problem["code"] == "parse_error" and "nested" in problem["message"]
    assert problem["message_nl"] == "De JSON in het verzoek is te diep genest."


def test_a_body_too_large_is_a_413_in_the_error_shape():
    response = APIClient().generic(
        "POST", "/api/v1/sessions/validate/", "x" * (5 * 2**20), content_type="application/json"
    )
    assert response.status_code == 413
    assert error_shape(response)["code"] == "too_large"


@pytest.mark.parametrize("tag", ['"²"', '"٣"', '"abc"', "abc", '"1', '"-1"', "W/1", '"1", "2"'])
def test_a_malformed_or_unicode_if_match_is_a_400_and_nothing_is_written(tag):
    table = seated_table(EventFactory())
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document(2))
    api = APIClient()
    api.force_authenticate(organizer)
    response = api.put(
        f"/api/v1/tables/{table.pk}/session/",
        {"document": classic_document(3)},
        format="json",
        HTTP_IF_MATCH=tag,
    )
    assert response.status_code == 400
    assert error_shape(response)["field"] == "If-Match"
    assert table.session.revision == 1


def test_a_well_formed_if_match_still_guards_the_write():
    table = seated_table(EventFactory())
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document(2))
    api = APIClient()
    api.force_authenticate(organizer)
    url = f"/api/v1/tables/{table.pk}/session/"
    stale = api.put(url, {"document": classic_document(3)}, format="json", HTTP_IF_MATCH='"7"')
    assert stale.status_code == 412  # a stale If-Match: Precondition Failed
    fresh = api.put(url, {"document": classic_document(3)}, format="json", HTTP_IF_MATCH='"1"')
    assert fresh.status_code == 200


@pytest.mark.parametrize("value", ["²", "٣", "3²"])
def test_unicode_digits_in_query_strings_and_forms_are_refused_politely(client, value):
    club = ClubFactory()
    season = APIClient().get(f"/api/v1/clubs/{club.pk}/season-standings/", {"min_sessions": value})
    assert season.status_code == 400
    assert error_shape(season)["field"] == "min_sessions"
    table = seated_table(EventFactory(published=True))
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document(2))
    sheet = f"/events/{table.round.event_id}/tables/{table.pk}/"
    # Earlier revisions are the club's: a visitor asking for one finds nothing.
    assert client.get(sheet, {"revision": value}).status_code == 404
    # The organizer sees the sheet as it stands (no such revision number to show).
    organizer.save()  # the factory sets the password without saving it; the session checks it
    client.force_login(organizer)
    page = client.get(sheet, {"revision": value}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Session in progress." in html and "Revision 1." in html
    client.logout()
    undo = client.post(f"/t/{table.scoring_token}/undo/", {"revision": value}, follow=True)
    assert undo.redirect_chain[-1][0] == f"/t/{table.scoring_token}/"
    assert "er is niets teruggenomen" in undo.content.decode()  # the page speaks Dutch
    session = Session.objects.get(table=table)  # the undo without a readable revision undid nothing
    assert session.revision == 1 and len(session.document["games"]) == 2


def test_the_api_keeps_the_limits_the_forms_keep():
    club = ClubFactory()
    api = APIClient()
    api.force_authenticate(user_with_role(club, Role.ORGANIZER))
    response = api.post(
        "/api/v1/events/",
        {"club": club.pk, "name": "Marathon", "date": "2026-11-24", "planned_rounds": 32767},
        format="json",
    )
    assert response.status_code == 400
    assert error_shape(response)["code"] == "planned_rounds_range"


@pytest.mark.django_db(transaction=True)
def test_two_organizers_ending_one_membership_at_once_get_a_204_and_a_404():
    club = ClubFactory()
    membership = Membership.objects.create(club=club, player=PlayerFactory())
    organizers = [user_with_role(club, Role.ORGANIZER) for _ in range(2)]
    answers: list[int] = []
    barrier = threading.Barrier(2)

    def end(user) -> None:
        api = APIClient()
        api.force_authenticate(user)
        barrier.wait()
        try:
            answers.append(api.delete(f"/api/v1/memberships/{membership.pk}/").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=end, args=(user,)) for user in organizers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [204, 404]
    assert not Membership.objects.filter(pk=membership.pk).exists()


def test_framework_messages_with_values_are_dutch_in_message_nl():
    club = ClubFactory()
    api = APIClient()
    api.force_authenticate(user_with_role(club, Role.ORGANIZER))
    response = api.post(
        "/api/v1/events/",
        {"club": club.pk, "name": "Avond", "date": "2026-11-24", "kind": "bogus"},
        format="json",
    )
    assert response.status_code == 400
    problem = error_shape(response)
    assert problem["message"] == '"bogus" is not a valid choice.'
    assert problem["message_nl"] == '"bogus" is een ongeldige keuze.'
    missing = api.post("/api/v1/memberships/", {"club": club.pk, "player": 999999}, format="json")
    problem = error_shape(missing)
    assert problem["message"] == 'Invalid pk "999999" - object does not exist.'
    assert problem["message_nl"] == 'Ongeldige pk "999999" - object bestaat niet.'
