"""The door's pages: a player picks their name and checks in, a dead link says what to do,
the organizer's check-in page polls the arrivals and undoes one, the door sign prints the QR
code, the room's screen shows it, and a signed-in player's seat appears on /me/."""

import json

import pytest
from django.core.cache import cache
from django.test import Client

from clubs.models import Membership, Role
from tests.factories import EventFactory, seated_table, user_with_role
from tests.web.conftest import client_for as signed_in
from tests.web.conftest import members
from tournaments.door.services import door_check_in, door_renew
from tournaments.events.services import entry_set_present
from tournaments.models import Bye, Event, EventPlayer, Round

pytestmark = pytest.mark.django_db


def client_for(user=None) -> Client:
    """A client of ``user`` reading the pages in English."""
    client = signed_in(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture(autouse=True)
def fresh_limits():
    cache.clear()


def night():
    event = EventFactory(published=True, status=Event.Status.RUNNING, name="Clubavond")
    return event, members(event.club, 4)


def test_a_player_picks_their_name_and_is_checked_in():
    event, (anna, bert, *_rest) = night()
    phone = client_for()
    page = phone.get(f"/door/{event.door_token}/")
    assert page.status_code == 200
    assert anna.name in page.content.decode() and "data-filter-rows" in page.content.decode()
    done = phone.post(f"/door/{event.door_token}/check-in/", {"player": anna.pk}, follow=True)
    text = done.content.decode()
    assert done.status_code == 200 and anna.name in text
    assert EventPlayer.objects.get(event=event, player=anna).present
    assert "leaving" in text.lower() or "vertrek" in text.lower()
    again = phone.post(f"/door/{event.door_token}/check-in/", {"player": bert.pk})
    assert again.status_code == 403 and anna.name in again.content.decode()
    assert not EventPlayer.objects.filter(event=event, player=bert).exists()


def test_a_renewed_link_shows_a_clear_page():
    event, (anna, *_rest) = night()
    old = event.door_token
    door_renew(event=event, actor=user_with_role(event.club, Role.ORGANIZER))
    page = client_for().get(f"/door/{old}/")
    assert page.status_code == 404
    assert "door link does not work" in page.content.decode()
    post = client_for().post(f"/door/{old}/check-in/", {"player": anna.pk})
    assert post.status_code == 404


def test_leaving_from_the_door_page_and_taking_it_back():
    event, (anna, *_rest) = night()
    phone = client_for()
    phone.get(f"/door/{event.door_token}/")
    phone.post(f"/door/{event.door_token}/check-in/", {"player": anna.pk})
    phone.post(f"/door/{event.door_token}/leaving/", {"leaving": "1"})
    assert EventPlayer.objects.get(event=event, player=anna).leaving_after == 1
    page = phone.get(f"/door/{event.door_token}/").content.decode()
    assert "You leave after round 1" in page
    phone.post(f"/door/{event.door_token}/leaving/", {"leaving": "0"})
    assert EventPlayer.objects.get(event=event, player=anna).leaving_after is None


def test_the_organizer_sees_door_arrivals_and_undoes_one(clients=None):
    event, (anna, *_rest) = night()
    organizer = client_for(user_with_role(event.club, Role.ORGANIZER))
    door_check_in(token=event.door_token, actor=None, player=anna, device="a")
    page = organizer.get(f"/manage/events/{event.pk}/checkin/").content.decode()
    assert 'hx-trigger="every 5s"' in page and "checked in at the door" in page
    fragment = organizer.get(
        f"/manage/events/{event.pk}/door/arrivals/", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert anna.name in fragment and 'hx-swap-oob="true"' in fragment
    undone = organizer.post(
        f"/manage/events/{event.pk}/door/undo/", {"player": anna.pk}, HTTP_HX_REQUEST="true"
    )
    assert undone.status_code == 200 and "check-in taken back" in undone.content.decode()
    assert not EventPlayer.objects.get(event=event, player=anna).present
    member = client_for(user_with_role(event.club, Role.MEMBER))
    assert member.get(f"/manage/events/{event.pk}/door/arrivals/").status_code == 403


def test_the_door_sign_and_the_screen_show_the_door_code():
    event, _players = night()
    organizer = client_for(user_with_role(event.club, Role.ORGANIZER))
    sign = organizer.get(f"/manage/events/{event.pk}/door/").content.decode()
    assert "<svg" in sign and f"/door/{event.door_token}/" in sign and "data-print" in sign
    screen = client_for().get(f"/events/{event.pk}/screen/").content.decode()
    assert "screen-door" in screen and "<svg" in screen
    assert event.door_token not in screen  # the code is for the room; the link is not written
    raw = client_for().get(f"/events/{event.pk}/screen.json").content.decode()
    state = json.loads(raw)
    assert event.door_token not in raw and "/door/" not in raw and "door" not in state
    before = state["door_version"]
    assert before and f'data-door="{before}"' in screen
    organizer.post(f"/manage/events/{event.pk}/door/renew/")
    assert Event.objects.get(pk=event.pk).door_token != event.door_token
    after = client_for().get(f"/events/{event.pk}/screen.json").json()["door_version"]
    assert after and after != before  # the screen reloads for the new code
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    assert client_for().get(f"/events/{event.pk}/screen.json").json()["door_version"] == ""


def test_a_signed_in_player_sees_table_and_seat_or_a_bye():
    event, _players = night()
    user = user_with_role(event.club, Role.MEMBER)
    table = seated_table(event, players=[user.player, *members(event.club, 3)])
    door_check_in(token=event.door_token, actor=user)
    me = client_for(user)
    page = me.get("/me/").content.decode()
    assert "Table 1, seat 1" in page and "Round 1" in page
    assert f"/t/{table.scoring_token}/" not in page  # a member is no scorer
    fragment = me.get(f"/door/{event.door_token}/", HTTP_HX_REQUEST="true").content.decode()
    assert "Table 1, seat 1" in fragment
    Membership.objects.filter(player=user.player).update(role=Role.SCORER)
    assert f"/t/{table.scoring_token}/" in client_for(user).get("/me/").content.decode()
    round_ = Round.objects.get(event=event, number=1)
    table.seats.filter(player=user.player).delete()
    Bye.objects.create(round=round_, player=user.player)
    assert "You sit out this round." in me.get("/me/").content.decode()


def test_a_planned_round_is_not_shown_as_the_seat_yet():
    event, _players = night()
    user = user_with_role(event.club, Role.MEMBER)
    seated_table(event, players=[user.player, *members(event.club, 3)])
    Round.objects.filter(event=event).update(status=Round.Status.PLANNED)
    door_check_in(token=event.door_token, actor=user)
    page = client_for(user).get("/me/").content.decode()
    assert "appear here as soon as the round starts" in page


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "1 name was already checked in from this network without signing in"),
        ("nl", "Vanaf dit netwerk is al 1 naam aangemeld zonder in te loggen"),
    ],
)
def test_one_name_from_an_address_is_said_as_one(settings, language, said):
    settings.DOOR_NAMES_PER_ADDRESS = 1
    event, players = night()
    answers = []
    for player in players[:2]:
        phone = client_for()
        phone.get(f"/door/{event.door_token}/")
        answers.append(
            phone.post(
                f"/door/{event.door_token}/check-in/",
                {"player": player.pk},
                HTTP_ACCEPT_LANGUAGE=language,
            )
        )
    assert [a.status_code for a in answers] == [302, 429]
    page = answers[1].content.decode()
    assert said in page and "1 names" not in page and "1 namen" not in page


def test_fresh_sessions_from_one_address_check_in_no_more_than_the_limit(settings):
    """A script that opens the door page in a fresh session for every name (a new phone each
    time) checks in ``DOOR_NAMES_PER_ADDRESS`` names from its address, no more."""
    settings.DOOR_NAMES_PER_ADDRESS = 3
    event, players = night()
    answers = []
    for player in players:
        phone = client_for()
        phone.get(f"/door/{event.door_token}/")
        answers.append(phone.post(f"/door/{event.door_token}/check-in/", {"player": player.pk}))
    assert [a.status_code for a in answers] == [302, 302, 302, 429]
    assert int(answers[3]["Retry-After"]) > 0
    assert "3 names were already checked in from this network" in answers[3].content.decode()
    assert EventPlayer.objects.filter(event=event, present=True).count() == 3
    elsewhere = client_for()
    elsewhere.defaults["REMOTE_ADDR"] = "192.0.2.7"  # another network
    elsewhere.get(f"/door/{event.door_token}/")
    last = players[3]
    assert (
        elsewhere.post(f"/door/{event.door_token}/check-in/", {"player": last.pk}).status_code
        == 302
    )


def test_a_player_the_organizer_checked_in_picks_their_name_and_sees_where_they_sit():
    """Checked in at the organizer's table, a player opens the door link on their own phone:
    their name, marked as here, still says "that's me", and the phone then shows their table
    and seat (and may say they leave). Another phone cannot take the name over."""
    event, (anna, *others) = night()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    entry_set_present(event=event, actor=organizer, player=anna, present=True)
    seated_table(event, players=[anna, *others[:3]])
    phone = client_for()
    page = phone.get(f"/door/{event.door_token}/").content.decode()
    assert f'id="door-player-{anna.pk}"' in page
    assert f"I am {anna.name}: show where I sit" in page
    done = phone.post(f"/door/{event.door_token}/check-in/", {"player": anna.pk}, follow=True)
    text = done.content.decode()
    assert f"{anna.name}, you were already checked in; this phone shows where you sit." in text
    assert "Table 1, seat 1" in text and "Round 1" in text
    entry = EventPlayer.objects.get(event=event, player=anna)
    assert entry.present and entry.door_device and entry.door_at is None
    phone.post(f"/door/{event.door_token}/leaving/", {"leaving": "1"})
    assert EventPlayer.objects.get(event=event, player=anna).leaving_after == 1
    other = client_for()
    other.get(f"/door/{event.door_token}/")
    refused = other.post(
        f"/door/{event.door_token}/check-in/", {"player": anna.pk}, HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert refused.status_code == 403
    assert f"{anna.name} is al aangemeld op een andere telefoon" in refused.content.decode()
