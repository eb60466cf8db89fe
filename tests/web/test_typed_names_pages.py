"""The rule for names (``core.names``) on the pages and in the admin: a name with a direction
override, an invisible character or a line break is refused on the form, in the page's
language, and nothing is stored."""

from __future__ import annotations

import pytest

from clubs.models import Club, Membership, Player, Role
from tests.factories import ClubFactory, EventFactory, PlayerFactory, user_with_role
from tests.web.conftest import client_for
from tournaments.models import Event

pytestmark = pytest.mark.django_db

RLO = "Anna\u202eadnA"
ZWSP = "Bram\u200bBram"


def text_of(response) -> str:
    return response.content.decode().replace("&#x27;", "'")


def test_the_new_event_form_refuses_a_direction_override_in_the_name():
    club = ClubFactory()
    organizer = client_for(user_with_role(club, Role.ORGANIZER))
    form = {
        "name": RLO,
        "kind": "club_night",
        "date": "2026-12-04",
        "game": "bonken",
        "ruleset": "",
        "planned_rounds": "2",
        "seating_method": "balanced",
    }
    url = f"/manage/clubs/{club.slug}/events/new/"
    english = organizer.post(url, form, HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 400
    assert "The event's name contains a text direction mark (U+202E) at position 5" in text_of(
        english
    )
    dutch = organizer.post(url, form, HTTP_ACCEPT_LANGUAGE="nl")
    assert "De naam van het evenement bevat een richtingsteken (U+202E)" in text_of(dutch)
    assert not Event.objects.filter(club=club).exists()


def test_the_walk_in_form_refuses_an_invisible_character():
    event = EventFactory(published=False)
    scorer = client_for(user_with_role(event.club, Role.SCORER))
    response = scorer.post(
        f"/manage/events/{event.pk}/walk-in/", {"name": ZWSP}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "an invisible character (U+200B)" in text_of(response)
    assert not Player.objects.filter(name__startswith="Bram").exists()


def test_the_players_page_refuses_a_line_break_in_a_new_name():
    club = ClubFactory()
    anna = PlayerFactory(name="Anna")
    Membership.objects.create(club=club, player=anna)
    organizer = client_for(user_with_role(club, Role.ORGANIZER))
    response = organizer.post(
        f"/manage/clubs/{club.slug}/players/",
        {"action": "rename", "player": anna.pk, "name": "Anna\nBram"},
        HTTP_ACCEPT_LANGUAGE="en",
        follow=True,
    )
    assert "a line break (U+000A)" in text_of(response)
    assert Player.objects.get(pk=anna.pk).name == "Anna"


def test_the_admin_refuses_such_names_on_its_form(admin_client):
    club = ClubFactory(name="De Troef")
    added = admin_client.post(
        "/admin/clubs/player/add/", {"club": club.pk, "name": RLO}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert added.status_code == 200  # the form again, not a redirect
    assert "The player's name contains a text direction mark (U+202E)" in text_of(added)
    assert not Player.objects.filter(name__contains="\u202e").exists()
    changed = admin_client.post(
        f"/admin/clubs/club/{club.pk}/change/",
        {
            "name": "De\u2066Troef",
            "slug": club.slug,
            "city": "",
            "memberships-TOTAL_FORMS": 0,
            "memberships-INITIAL_FORMS": 0,
        },
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert changed.status_code == 200
    assert "De naam van de club bevat een richtingsteken (U+2066)" in text_of(changed)
    assert Club.objects.get(pk=club.pk).name == "De Troef"
