"""The event's own scorers on the organizer's event page: a section to add a club member
(with a login) as scorer of this event, and to remove them again."""

import pytest

from clubs.models import AuditEntry, Membership, Role
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tournaments.models import EventScorer

pytestmark = pytest.mark.django_db


@pytest.fixture
def helper(event):
    return user_with_role(event.club, Role.MEMBER)


def page(event) -> str:
    return f"/manage/events/{event.pk}/"


def test_the_organizer_sees_the_section_with_members_who_have_a_login(clients, event, helper):
    no_login = PlayerFactory(name="Zonder Inlog")
    Membership.objects.create(club=event.club, player=no_login)
    response = clients["organizer"].get(page(event), HTTP_ACCEPT_LANGUAGE="en")
    body = response.content.decode()
    assert response.status_code == 200
    assert "Scorers for this event" in body
    assert f'action="/manage/events/{event.pk}/scorers/"' in body
    assert "csrfmiddlewaretoken" in body
    assert f'<option value="{helper.player.pk}">' in body
    assert "Zonder Inlog" not in body


def test_the_section_speaks_dutch(clients, event, helper):
    body = clients["organizer"].get(page(event), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Scorers voor dit evenement" in body and "Toevoegen als scorer" in body


def test_a_scorer_of_the_club_does_not_see_the_section(clients, event):
    body = clients["scorer"].get(page(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Scorers for this event" not in body


def test_adding_and_removing_a_scorer(clients, event, helper):
    client = clients["organizer"]
    response = client.post(f"{page(event)}scorers/", {"player": helper.player.pk})
    assert response.status_code == 302
    assert EventScorer.objects.filter(event=event, player=helper.player).exists()
    assert AuditEntry.objects.filter(action="event.scorer_add").exists()
    body = client.get(page(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'action="/manage/events/{event.pk}/scorers/{helper.player.pk}/remove/"' in body

    response = client.post(f"{page(event)}scorers/{helper.player.pk}/remove/")
    assert response.status_code == 302
    assert not EventScorer.objects.filter(event=event).exists()
    assert AuditEntry.objects.filter(action="event.scorer_remove").exists()


def test_a_player_who_cannot_be_a_scorer_is_refused_with_the_form(clients, event):
    outsider = user_with_role(ClubFactory(), Role.MEMBER)
    response = clients["organizer"].post(
        f"{page(event)}scorers/", {"player": outsider.player.pk}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    assert "Scorers for this event" in response.content.decode()
    assert not EventScorer.objects.exists()


def test_removing_someone_who_is_no_scorer_says_so(clients, event, helper):
    response = clients["organizer"].post(
        f"{page(event)}scorers/{helper.player.pk}/remove/", follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200
    assert "is not a scorer of this event" in response.content.decode()


@pytest.mark.parametrize("who", ["anonymous", "member", "scorer", "other_organizer"])
def test_only_organizers_assign_scorers(clients, event, helper, who):
    EventScorer.objects.create(event=event, player=PlayerFactory())
    other = user_with_role(event.club, Role.MEMBER)
    before = AuditEntry.objects.count()
    added = clients[who].post(f"{page(event)}scorers/", {"player": other.player.pk})
    removed = clients[who].post(
        f"{page(event)}scorers/{EventScorer.objects.get().player_id}/remove/"
    )
    for response in (added, removed):
        if who == "anonymous":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        else:
            assert response.status_code == 403
    assert list(EventScorer.objects.values_list("event_id", flat=True)) == [event.pk]
    assert AuditEntry.objects.count() == before


def test_the_clubs_own_scorers_are_not_offered(clients, event, helper):
    club_scorer = user_with_role(event.club, Role.SCORER)
    body = clients["organizer"].get(page(event)).content.decode()
    assert f'<option value="{helper.player.pk}">' in body
    assert f'<option value="{club_scorer.player.pk}">' not in body
