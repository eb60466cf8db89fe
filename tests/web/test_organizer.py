"""The organizer's pages: club, new event, check-in and walk-ins, rounds, printing,
publish and close. Every write is refused to those without the role, and nothing is saved
when the service says no."""

import pytest

from clubs.models import Membership, Player
from tests.factories import seated_table
from tests.web.conftest import client_for, members
from tournaments.models import Event, EventPlayer, Round, Seat

pytestmark = pytest.mark.django_db


def test_my_clubs_needs_a_login(clients, event):
    assert clients["anonymous"].get("/clubs/").status_code == 302
    response = clients["member"].get("/clubs/")
    assert response.status_code == 200 and event.club.name in response.content.decode()


@pytest.mark.parametrize("who", ["anonymous", "outsider", "member", "organizer"])
def test_club_page(clients, event, who):
    """Anyone sees the club's page (its nights ahead and published events); its players and
    forms are its members' (tests/web/test_week_public.py)."""
    page = clients[who].get(f"/clubs/{event.club.slug}/")
    assert page.status_code == 200
    members_part = 'id="members-title"' in page.content.decode()
    assert members_part == (who in ("member", "organizer"))


def test_a_scorer_registers_a_player(clients, event):
    url = f"/clubs/{event.club.slug}/"
    response = clients["scorer"].post(url, {"name": "Nieuwe Speler"})
    assert response.status_code == 302
    assert Membership.objects.filter(club=event.club, player__name="Nieuwe Speler").exists()


def test_registering_a_player_is_refused_to_a_member_and_needs_a_name(clients, event):
    url = f"/clubs/{event.club.slug}/"
    assert clients["member"].post(url, {"name": "Stiekem"}).status_code == 403
    response = clients["scorer"].post(url, {"name": "   "})
    assert response.status_code == 400
    assert not Player.objects.filter(name__in=["Stiekem", ""]).exists()


@pytest.mark.parametrize(
    "who, status",
    [
        ("anonymous", 302),
        ("member", 403),
        ("scorer", 403),
        ("other_organizer", 403),
        ("organizer", 200),
    ],
)
def test_new_event_form_is_for_the_clubs_organizer(clients, event, who, status):
    assert clients[who].get(f"/manage/clubs/{event.club.slug}/events/new/").status_code == status


EVENT_FORM = {
    "name": "Clubavond",
    "kind": "club_night",
    "date": "2026-12-04",
    "ruleset": "classic",
    "planned_rounds": "3",
    "seating_method": "balanced",
}


def test_organizer_creates_an_event(clients, event):
    response = clients["organizer"].post(f"/manage/clubs/{event.club.slug}/events/new/", EVENT_FORM)
    created = Event.objects.get(name="Clubavond")
    assert response.status_code == 302
    assert response["Location"] == f"/manage/events/{created.pk}/checkin/"
    assert (created.status, created.published, created.planned_rounds) == ("draft", False, 3)


def test_a_bad_event_is_not_created(clients, event):
    url = f"/manage/clubs/{event.club.slug}/events/new/"
    response = clients["organizer"].post(url, {**EVENT_FORM, "name": "", "planned_rounds": "0"})
    assert response.status_code == 400
    assert clients["scorer"].post(url, EVENT_FORM).status_code == 403
    assert clients["other_organizer"].post(url, EVENT_FORM).status_code == 403
    assert not Event.objects.filter(name="Clubavond").exists()


@pytest.mark.parametrize(
    "who, status",
    [
        ("anonymous", 302),
        ("outsider", 403),
        ("member", 403),
        ("other_organizer", 403),
        ("scorer", 200),
        ("organizer", 200),
    ],
)
def test_event_dashboard_and_check_in_are_for_scorers(clients, event, who, status):
    assert clients[who].get(f"/manage/events/{event.pk}/").status_code == status
    assert clients[who].get(f"/manage/events/{event.pk}/checkin/").status_code == status


def test_check_in_and_out_with_htmx(clients, event):
    player = members(event.club, 1)[0]
    url = f"/manage/events/{event.pk}/checkin/"
    response = clients["scorer"].post(
        url, {"player": player.pk, "present": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert b'aria-pressed="true"' in response.content and b"<html" not in response.content
    assert EventPlayer.objects.get(event=event, player=player).present
    response = clients["scorer"].post(url, {"player": player.pk, "present": ""})
    assert response.status_code == 302
    assert not EventPlayer.objects.get(event=event, player=player).present


def test_check_in_refused_to_members_and_for_strangers(clients, event):
    player = members(event.club, 1)[0]
    url = f"/manage/events/{event.pk}/checkin/"
    assert clients["member"].post(url, {"player": player.pk, "present": "1"}).status_code == 403
    stranger = Player.objects.create(name="Vreemde")
    response = clients["organizer"].post(url, {"player": stranger.pk, "present": "1"})
    assert response.status_code == 400
    assert "geen lid van deze club" in response.content.decode()
    assert not EventPlayer.objects.exists()


def test_walk_in(clients, event):
    url = f"/manage/events/{event.pk}/walk-in/"
    assert clients["scorer"].post(url, {"name": "Inloper"}).status_code == 302
    entry = EventPlayer.objects.get(event=event, player__name="Inloper")
    assert entry.present
    assert clients["member"].post(url, {"name": "Nog een"}).status_code == 403
    assert clients["anonymous"].post(url, {"name": "Nog een"}).status_code == 302
    assert clients["scorer"].post(url, {"name": ""}).status_code == 400
    assert EventPlayer.objects.count() == 1


def test_walk_in_error_in_the_page_language(clients, event):
    event.status = Event.Status.FINISHED
    event.save()
    url = f"/manage/events/{event.pk}/walk-in/"
    dutch = clients["scorer"].post(url, {"name": "Laat"})
    english = clients["scorer"].post(url, {"name": "Laat"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "Dit evenement is afgelopen." in dutch.content.decode()
    assert "This event is finished." in english.content.decode()
    assert not EventPlayer.objects.exists()


def _checked_in(event, n: int) -> None:
    for player in members(event.club, n):
        EventPlayer.objects.create(event=event, player=player, present=True)


def test_seat_a_round_and_look_at_the_plan(clients, event):
    _checked_in(event, 8)
    assert clients["scorer"].post(f"/manage/events/{event.pk}/rounds/new/").status_code == 403
    response = clients["organizer"].post(
        f"/manage/events/{event.pk}/rounds/new/", {"method": "random"}
    )
    round_ = Round.objects.get(event=event)
    assert response["Location"] == f"/manage/rounds/{round_.pk}/"
    assert (round_.status, round_.seating_method) == ("planned", "random")
    page = clients["organizer"].get(f"/manage/rounds/{round_.pk}/")
    assert page.status_code == 200
    assert page.content.decode().count('<section class="card ') == 2  # a card per table
    assert clients["member"].get(f"/manage/rounds/{round_.pk}/").status_code == 403
    fragment = clients["scorer"].get(f"/manage/rounds/{round_.pk}/", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200 and b"<html" not in fragment.content


def test_too_few_players_to_seat(clients, event):
    _checked_in(event, 3)
    response = clients["organizer"].post(f"/manage/events/{event.pk}/rounds/new/", follow=True)
    assert "Er zijn 3 spelers aangemeld" in response.content.decode()
    assert not Round.objects.exists()


def test_swap_start_and_close_a_round(clients, event):
    _checked_in(event, 8)
    clients["organizer"].post(f"/manage/events/{event.pk}/rounds/new/")
    round_ = Round.objects.get(event=event)
    a = Seat.objects.get(round=round_, table__number=1, position=0)
    b = Seat.objects.get(round=round_, table__number=2, position=0)
    swap = {"player_a": a.player_id, "player_b": b.player_id}
    url = f"/manage/rounds/{round_.pk}/"
    assert clients["scorer"].post(f"{url}swap/", swap).status_code == 403
    assert clients["organizer"].post(f"{url}swap/", swap).status_code == 302
    assert Seat.objects.get(round=round_, player_id=a.player_id).table.number == 2
    response = clients["organizer"].post(f"{url}swap/", {"player_a": 999, "player_b": 1})
    assert response.status_code == 400
    assert clients["other_organizer"].post(f"{url}accept/").status_code == 403
    clients["organizer"].post(f"{url}accept/")
    round_.refresh_from_db()
    assert round_.status == "playing"
    assert Event.objects.get(pk=event.pk).status == "running"
    # Both tables are unfinished: the round stays open until each has a choice.
    response = clients["organizer"].post(f"{url}close/")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Tafel 1 speelt nog" in page and "Tafel 2 speelt nog" in page
    assert 'href="#unfinished-1-wait"' in page and 'id="unfinished-2-wait_error"' in page
    round_.refresh_from_db()
    assert round_.status == "playing"
    clients["organizer"].post(
        f"{url}close/", {"unfinished-1": "not_played", "unfinished-2": "partial"}
    )
    round_.refresh_from_db()
    assert round_.status == "closed"
    assert dict(round_.tables.values_list("number", "unfinished")) == {
        1: "not_played",
        2: "partial",
    }


def test_regenerate_only_a_planned_round(clients, event):
    _checked_in(event, 8)
    clients["organizer"].post(f"/manage/events/{event.pk}/rounds/new/")
    round_ = Round.objects.get(event=event)
    assert clients["organizer"].post(f"/manage/rounds/{round_.pk}/regenerate/").status_code == 302
    assert Round.objects.filter(event=event).count() == 1


def test_print_table_cards_and_score_sheets(clients, event):
    table = seated_table(event)
    cards = clients["scorer"].get(f"/manage/rounds/{table.round_id}/cards/")
    body = cards.content.decode()
    assert cards.status_code == 200
    assert f"/t/{table.scoring_token}/" in body and "<svg" in body
    sheets = clients["organizer"].get(f"/manage/rounds/{table.round_id}/sheets/")
    assert "Hartenjagen" in sheets.content.decode() and "Schoppen troef" in sheets.content.decode()
    english = clients["organizer"].get(
        f"/manage/rounds/{table.round_id}/sheets/", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "Points of Hearts" in english.content.decode()
    for who in ("anonymous", "member"):
        assert clients[who].get(f"/manage/rounds/{table.round_id}/cards/").status_code in (302, 403)
        assert clients[who].get(f"/manage/rounds/{table.round_id}/sheets/").status_code in (
            302,
            403,
        )


def test_publish_and_close(clients, event):
    seated_table(event)
    url = f"/manage/events/{event.pk}/"
    for who in ("scorer", "other_organizer", "member"):
        assert clients[who].post(f"{url}publish/").status_code == 403
        assert clients[who].post(f"{url}close/").status_code == 403
    assert not Event.objects.get(pk=event.pk).published
    assert clients["organizer"].post(f"{url}publish/", {"published": "1"}).status_code == 302
    assert Event.objects.get(pk=event.pk).published
    assert client_for().get(f"/events/{event.pk}/").status_code == 200
    response = clients["organizer"].post(f"{url}close/", follow=True)
    assert "sluit eerst die ronde" in response.content.decode()
    assert Event.objects.get(pk=event.pk).status == "running"
    round_ = Round.objects.get(event=event)
    clients["organizer"].post(f"/manage/rounds/{round_.pk}/close/", {"unfinished-1": "paper"})
    assert clients["organizer"].post(f"{url}close/").status_code == 302
    assert Event.objects.get(pk=event.pk).status == "finished"
    assert set(Round.objects.filter(event=event).values_list("status", flat=True)) == {"closed"}
    clients["organizer"].post(f"{url}publish/", {"published": "0"})
    assert not Event.objects.get(pk=event.pk).published


def test_get_is_not_a_command(clients, event):
    assert clients["organizer"].get(f"/manage/events/{event.pk}/close/").status_code == 405
    assert Event.objects.get(pk=event.pk).status != "finished"
