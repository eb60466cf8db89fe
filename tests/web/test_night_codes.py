"""Personal codes for a whole night: an organizer issues a code to every player checked in
and sees them once, on slips to print; a code a player chose is kept unless the organizer
says otherwise; a player of another club too gets no code from this club's organizer; other
roles are refused; one audit entry per player and club, and one for the night."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.hashers import check_password

from clubs.access.codes import player_code_check, player_code_set, player_codes_issue
from clubs.models import AuditEntry, Membership, PlayerCode, Role
from core.errors import NotAllowed, ServiceError
from tests.factories import ClubFactory, EventFactory, PlayerFactory, UserFactory, user_with_role
from tests.web.conftest import client_for
from tournaments.models import EventPlayer

pytestmark = pytest.mark.django_db

NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser", "Eva Smit"]


def night(present: int = 5):
    event = EventFactory(name="Clubavond")
    organizer = user_with_role(event.club, Role.ORGANIZER)
    players = [PlayerFactory(name=n) for n in NAMES]
    for index, player in enumerate(players):
        Membership.objects.create(club=event.club, player=player)
        EventPlayer.objects.create(event=event, player=player, present=index < present)
    return event, organizer, players


def slips(html: str) -> dict[str, str]:
    """The slips of a page: name -> code."""
    found = re.findall(
        r'data-slip data-player="([^"]+)">.*?<span data-code>(\d{4})</span>', html, re.S
    )
    return dict(found)


def test_the_organizer_issues_every_checked_in_player_a_code_shown_once():
    event, organizer, players = night(present=4)
    client = client_for(organizer)
    page = client.get(f"/manage/events/{event.pk}/codes/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert page.content.decode().count('data-state="none"') == 4  # Eva is not checked in
    answer = client.post(f"/manage/events/{event.pk}/codes/", HTTP_ACCEPT_LANGUAGE="en")
    html = answer.content.decode()
    assert answer.status_code == 200 and "no-store" in answer["Cache-Control"]
    shown = slips(html)
    assert list(shown) == NAMES[:4]  # in name order, Eva (not here) left out
    for player in players[:4]:
        stored = PlayerCode.objects.get(player=player)
        assert stored.issued and check_password(shown[player.name], stored.code_hash)
    assert not PlayerCode.objects.filter(player=players[4]).exists()
    again = client.get(f"/manage/events/{event.pk}/codes/", HTTP_ACCEPT_LANGUAGE="en")
    assert not slips(again.content.decode())  # never shown again
    assert again.content.decode().count('data-state="issued"') == 4
    entries = AuditEntry.objects.filter(action="player.code_issue", club_id=event.club_id)
    assert sorted(e.details["player"] for e in entries) == NAMES[:4]
    night_entry = AuditEntry.objects.get(action="player.codes_issue")
    assert night_entry.details["issued"] == NAMES[:4]


def test_a_code_the_player_chose_is_kept_unless_replaced():
    event, organizer, players = night()
    anna = players[0]
    anna.user = UserFactory()
    anna.save()
    player_code_set(actor=anna.user, player=anna, code="4071")
    issued = player_codes_issue(
        actor=organizer, club_id=event.club_id, player_ids=[p.pk for p in players]
    )
    assert [p.name for p in issued.kept_own] == ["Anna de Vries"]
    assert [p.name for p, _code in issued.codes] == NAMES[1:]
    assert check_password("4071", PlayerCode.objects.get(player=anna).code_hash)
    page = client_for(organizer).get(f"/manage/events/{event.pk}/codes/").content.decode()
    assert 'name="replace_own"' in page
    issued = player_codes_issue(
        actor=organizer, club_id=event.club_id, player_ids=[anna.pk], replace_own=True
    )
    assert [p.name for p, _code in issued.codes] == ["Anna de Vries"]
    assert not check_password("4071", PlayerCode.objects.get(player=anna).code_hash)


def test_a_player_of_another_club_too_gets_no_code_from_this_organizer():
    event, organizer, players = night()
    Membership.objects.create(club=ClubFactory(), player=players[1])
    answer = client_for(organizer).post(
        f"/manage/events/{event.pk}/codes/", HTTP_ACCEPT_LANGUAGE="en"
    )
    html = answer.content.decode()
    assert "Bram Jansen" not in slips(html) and len(slips(html)) == 4
    assert "whose organizer must issue it" in html
    assert not PlayerCode.objects.filter(player=players[1]).exists()


@pytest.mark.parametrize("role", [Role.SCORER, Role.MEMBER, None])
def test_only_an_organizer_issues_the_codes_of_the_night(role):
    event, _organizer, players = night()
    client = client_for(user_with_role(event.club, role))
    assert client.post(f"/manage/events/{event.pk}/codes/").status_code == 403
    assert client.get(f"/manage/events/{event.pk}/codes/").status_code == 403
    assert not PlayerCode.objects.exists()
    with pytest.raises(NotAllowed):
        player_codes_issue(
            actor=user_with_role(ClubFactory(), Role.ORGANIZER),
            club_id=event.club_id,
            player_ids=[p.pk for p in players],
        )


def test_the_dashboard_leads_the_organizer_to_the_codes():
    event, organizer, _players = night()
    page = client_for(organizer).get(f"/manage/events/{event.pk}/").content.decode()
    assert f"/manage/events/{event.pk}/codes/" in page
    scorer = client_for(user_with_role(event.club, Role.SCORER))
    assert (
        f"/manage/events/{event.pk}/codes/"
        not in scorer.get(f"/manage/events/{event.pk}/").content.decode()
    )


def test_nobody_checked_in_issues_nothing():
    event, organizer, _players = night(present=0)
    answer = client_for(organizer).post(
        f"/manage/events/{event.pk}/codes/", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert answer.status_code == 200 and not PlayerCode.objects.exists()
    assert "Nobody is checked in yet" in answer.content.decode()


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_slip_leads_a_player_without_an_account_to_tonights_page_not_an_account_page(language):
    event, organizer, players = night(present=2)
    anna, bram = players[:2]
    anna.user = UserFactory()
    anna.save()  # Anna has an account; Bram has none
    html = (
        client_for(organizer)
        .post(f"/manage/events/{event.pk}/codes/", HTTP_ACCEPT_LANGUAGE=language)
        .content.decode()
    )
    slip = dict(re.findall(r'data-slip data-player="([^"]+)">(.*?)</section>', html, re.S))
    account = {"en": "account page", "nl": "accountpagina"}[language]
    assert account in slip["Anna de Vries"]
    assert account not in slip["Bram Jansen"]
    for text in slip.values():
        (link,) = re.findall(r'<a class="slip-qr" href="([^"]+)" data-slip-link', text)
        assert link == f"http://testserver/door/{event.door_token}/"
        assert "<svg" in text
        assert "/accounts/" not in text
    # Bram, without an account, opens it and uses it as he is: no sign-in on the way.
    door = client_for().get(link.removeprefix("http://testserver"), HTTP_ACCEPT_LANGUAGE=language)
    assert door.status_code == 200 and event.name in door.content.decode()


@pytest.mark.parametrize(
    ("account", "said"),
    [
        (False, "Bram Jansen has no personal code yet: ask the organizer for one."),
        (
            True,
            "Bram Jansen has no personal code yet: set one on the account page, or ask the "
            "organizer.",
        ),
    ],
)
def test_without_a_code_only_a_player_with_an_account_is_sent_to_the_account_page(account, said):
    event, _organizer, players = night()
    bram = players[1]
    if account:
        bram.user = UserFactory()
        bram.save()
    with pytest.raises(ServiceError) as refused:
        player_code_check(player=bram, code="1234", address="10.0.0.1", table_id=1)
    assert refused.value.errors[0]["message"] == said
