"""The players' personal links on the pages: the organizer makes one member's link (a first link
replaces nothing, so nothing is said to stop working), every member's at once (those who have a
link keep it; renewing them all is asked first), prints the slips (name, link and QR code) and
copies or shares each link; the players page leads to each player's page and e-mail settings.
From their link a player without an account reaches their answers, the club's calendar and
their own (addresses to subscribe to) and their e-mail settings; a link renewed or switched off
opens none of them."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.utils import timezone

from clubs.models import AuditEntry, Membership, Player, Role
from tests.factories import ClubFactory, user_with_role
from tests.web.conftest import client_for
from week.mailings.models import MailPreference
from week.planning import links, services
from week.planning.models import ClubCalendar, RsvpLink

pytestmark = pytest.mark.django_db
NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker"]


@pytest.fixture
def club():
    club = ClubFactory(name="De Zwarte Schoppen")
    club.organizer = user_with_role(club, Role.ORGANIZER)
    Player.objects.filter(user=club.organizer).update(name="Olga Organisator")
    club.members_ = []
    for name in NAMES:
        player = Player.objects.create(name=name)
        Membership.objects.create(club=club, player=player)
        club.members_.append(player)
    return club


def organizer(club, language: str = "en") -> Client:
    client = client_for(club.organizer)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    return client


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_a_first_link_says_nothing_of_an_old_one_and_a_renewal_does(club):
    anna = club.members_[0]
    page = organizer(club).post(
        f"/clubs/{club.slug}/nights/links/", {"player": anna.pk, "action": "make"}, follow=True
    )
    assert messages_of(page) == ["Anna de Vries has a personal link now: send it to them."]
    assert "no longer works" not in text(page)
    first = RsvpLink.objects.get(player=anna).token
    again = organizer(club).post(
        f"/clubs/{club.slug}/nights/links/", {"player": anna.pk, "action": "make"}, follow=True
    )
    assert messages_of(again) == ["Anna de Vries keeps the link they had."]
    assert RsvpLink.objects.get(player=anna).token == first
    renewed = organizer(club, "nl").post(
        f"/clubs/{club.slug}/nights/links/", {"player": anna.pk, "action": "renew"}, follow=True
    )
    assert messages_of(renewed) == ["Anna de Vries heeft een nieuwe link; de oude werkt niet meer."]
    assert RsvpLink.objects.get(player=anna).token != first
    assert Client().get(f"/r/{first}/").status_code == 404


def test_a_renewal_of_a_player_without_a_link_makes_their_first_quietly(club):
    bram = club.members_[1]
    page = organizer(club).post(
        f"/clubs/{club.slug}/nights/links/", {"player": bram.pk, "action": "renew"}, follow=True
    )
    assert messages_of(page) == ["Bram Jansen has a personal link now: send it to them."]


def test_the_links_page_offers_copy_and_share_and_every_member_at_once(club):
    anna = club.members_[0]
    token = links.rsvp_link_issue(club=club, player=anna, actor=club.organizer, renew=False)
    page = organizer(club).get(f"/clubs/{club.slug}/nights/links/")
    html = text(page)
    assert "1 of 4 members have a personal link." in html
    assert "Make links for the 3 members without one" in html
    row = html[html.index(f'id="link-{anna.pk}"') :]
    row = row[: row.index("</li>")]
    assert f"/r/{token.link.token}/" in row
    assert "data-share " in row and "data-copy " in row and "data-copy-note" in row
    assert 'data-copied="Copied"' in row
    assert f'href="/mail/r/{token.link.token}/"' in row
    assert "data-confirm=" in row  # renewing or switching off one link asks first
    bram = html[html.index(f'id="link-{club.members_[1].pk}"') :]
    bram = bram[: bram.index("</li>")]
    assert "No personal link yet." in bram and "data-confirm" not in bram
    nl = text(organizer(club, "nl").get(f"/clubs/{club.slug}/nights/links/"))
    assert "1 van 4 leden hebben een persoonlijke link." in nl
    assert "Kopiëren" in nl and "Delen" in nl


def test_links_for_every_member_keep_the_links_members_have(club):
    anna, bram, cees = club.members_
    kept = links.rsvp_link_issue(club=club, player=anna, actor=club.organizer, renew=False)
    client = organizer(club)
    response = client.post(f"/clubs/{club.slug}/nights/links/all/", {"action": "make"})
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/{club.slug}/nights/links/slips/"
    assert RsvpLink.objects.get(player=anna).token == kept.link.token
    assert RsvpLink.objects.filter(player__in=[bram, cees]).count() == 2
    slips = client.get(response["Location"])
    assert messages_of(slips) == ["3 new personal links made. 1 member keeps the link they had."]
    html = text(slips)
    names = re.findall(r'data-slip data-player="([^"]+)"', html)
    assert names == [*NAMES, "Olga Organisator"]
    for link in RsvpLink.objects.filter(club=club):
        assert f"http://testserver/r/{link.token}/" in html
    assert html.count("<svg") == 4  # a QR code per slip
    assert "data-print" in html
    entry = AuditEntry.objects.get(action="rsvp_links.issue")
    assert entry.details["made"] == ["Bram Jansen", "Cees Bakker", "Olga Organisator"]
    assert entry.details["renew"] is False and entry.details["kept"] == 1


def test_renewing_every_link_is_asked_first(club):
    anna = club.members_[0]
    kept = links.rsvp_link_issue(club=club, player=anna, actor=club.organizer, renew=False)
    ask = organizer(club).get(f"/clubs/{club.slug}/nights/links/all/")
    assert ask.status_code == 200
    assert "The 1 link made before stops working at once" in text(ask)
    # A renewal that was not confirmed asks again and changes nothing.
    unconfirmed = organizer(club).post(f"/clubs/{club.slug}/nights/links/all/", {"action": "renew"})
    assert unconfirmed.status_code == 200 and "Yes, renew every link" in text(unconfirmed)
    assert RsvpLink.objects.get(player=anna).token == kept.link.token
    assert RsvpLink.objects.filter(club=club).count() == 1
    done = organizer(club).post(
        f"/clubs/{club.slug}/nights/links/all/",
        {"action": "renew", "confirm": "yes"},
        follow=True,
    )
    assert messages_of(done) == [
        "3 new personal links made. 1 link renewed: the old one no longer works."
    ]
    assert RsvpLink.objects.get(player=anna).token != kept.link.token
    assert Client().get(f"/r/{kept.link.token}/").status_code == 404


@pytest.mark.parametrize("visitor", ["anonymous", "member", "scorer", "other_organizer"], ids=str)
def test_only_the_clubs_organizers_reach_the_links_pages(club, visitor):
    roles = {"member": Role.MEMBER, "scorer": Role.SCORER}
    if visitor == "anonymous":
        client = Client()
    elif visitor == "other_organizer":
        client = client_for(user_with_role(ClubFactory(), Role.ORGANIZER))
    else:
        client = client_for(user_with_role(club, roles[visitor]))
    for url in ("links/", "links/all/", "links/slips/"):
        response = client.get(f"/clubs/{club.slug}/nights/{url}")
        assert response.status_code in {302, 403}, url
    response = client.post(
        f"/clubs/{club.slug}/nights/links/all/", {"action": "renew", "confirm": "yes"}
    )
    assert response.status_code in {302, 403}
    assert not RsvpLink.objects.exists()


def test_the_players_page_leads_to_each_players_page_and_settings(club):
    anna = club.members_[0]
    token = links.rsvp_link_issue(club=club, player=anna, actor=club.organizer, renew=False)
    html = text(organizer(club).get(f"/manage/clubs/{club.slug}/players/"))
    assert f'href="/clubs/{club.slug}/nights/links/"' in html
    row = html[html.index(f'id="player-{anna.pk}"') :]
    row = row[: row.index("</details>")]
    assert f'href="/r/{token.link.token}/"' in row
    assert f'href="/mail/r/{token.link.token}/"' in row
    bram = html[html.index(f'id="player-{club.members_[1].pk}"') :]
    bram = bram[: bram.index("</details>")]
    assert "No personal link yet." in bram
    assert f'href="/clubs/{club.slug}/nights/links/#link-{club.members_[1].pk}"' in bram


def test_a_players_link_leads_to_answers_calendars_and_e_mail_settings(club):
    anna = club.members_[0]
    token = links.rsvp_link_issue(
        club=club, player=anna, actor=club.organizer, renew=False
    ).link.token
    starts = timezone.now() + datetime.timedelta(days=3)
    (night, later) = services.night_plan(
        club=club,
        actor=club.organizer,
        starts_at=starts,
        game="bonken",
        recurrence="weekly",
        count=2,
    )
    services.rsvp_answer(night=night, player=anna, answer="yes", actor=None, token=token)
    page = Client().get(f"/r/{token}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = text(page)
    assert "You answered for 1 of 2 nights." in html
    first = html[html.index(f'id="night-{night.pk}"') :]
    assert "My answer:</span> <strong data-my-answer>I'm coming</strong>" in first
    second = html[html.index(f'id="night-{later.pk}"') :]
    assert "<strong data-my-answer>not answered yet</strong>" in second
    feed = ClubCalendar.objects.get(club=club).token
    assert f"http://testserver/clubs/{club.slug}/calendar/{feed}.ics" in html
    assert f'href="webcal://testserver/clubs/{club.slug}/calendar/{feed}.ics"' in html
    assert f'href="webcal://testserver/r/{token}/calendar.ics"' in html
    assert f'href="/mail/r/{token}/"' in html
    assert Client().get(f"/clubs/{club.slug}/calendar/{feed}.ics").status_code == 200
    nl = text(Client().get(f"/r/{token}/", HTTP_ACCEPT_LANGUAGE="nl"))
    assert "Abonneren op de agenda van de club" in nl and "Mijn avond per e-mail" in nl


def test_the_e_mail_settings_through_a_personal_link(club):
    anna = club.members_[0]
    token = links.rsvp_link_issue(
        club=club, player=anna, actor=club.organizer, renew=False
    ).link.token
    client = Client()
    page = client.get(f"/mail/r/{token}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = text(page)
    assert "The settings of Anna de Vries." in html
    assert f'href="/r/{token}/"' in html and "De Zwarte Schoppen: my club nights" in html
    saved = client.post(
        f"/mail/r/{token}/",
        {"email": "anna@example.test", "evening": "on", "language": "en"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert saved.status_code == 302 and saved["Location"] == f"/mail/r/{token}/"
    preference = MailPreference.objects.get(player=anna)
    assert (preference.email, preference.evening) == ("anna@example.test", True)
    entry = AuditEntry.objects.filter(action="mail.preferences").get()
    assert entry.actor_label == "personal link"
    client.post(f"/mail/r/{token}/", {"email": "anna@example.test", "language": "nl"})
    assert not MailPreference.objects.get(player=anna).evening  # switched off again
    refused = client.post(
        f"/mail/r/{token}/",
        {"email": "", "evening": "on", "language": "en"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert refused.status_code == 400
    assert "Give an e-mail address to get your evening by e-mail." in text(refused)


def test_a_renewed_or_switched_off_link_opens_no_e_mail_settings(club):
    anna = club.members_[0]
    old = links.rsvp_link_issue(
        club=club, player=anna, actor=club.organizer, renew=False
    ).link.token
    new = links.rsvp_link_issue(
        club=club, player=anna, actor=None, token=old, renew=True
    ).link.token
    stale = Client().get(f"/mail/r/{old}/", HTTP_ACCEPT_LANGUAGE="en")
    assert stale.status_code == 404
    assert "not (or no longer) valid" in text(stale)
    posted = Client().post(f"/mail/r/{old}/", {"email": "x@example.test", "evening": "on"})
    assert posted.status_code == 404 and not MailPreference.objects.exists()
    links.rsvp_link_revoke(club=club, player=anna, actor=club.organizer)
    assert Client().get(f"/mail/r/{new}/").status_code == 404


def test_an_answer_from_a_personal_link_comes_back_at_its_night(club):
    """The second night answered: the page opens at that night's card, which shows the answer,
    not at the top where the first night is."""
    anna = club.members_[0]
    token = links.rsvp_link_issue(
        club=club, player=anna, actor=club.organizer, renew=False
    ).link.token
    starts = timezone.now() + datetime.timedelta(days=3)
    (_night, later) = services.night_plan(
        club=club,
        actor=club.organizer,
        starts_at=starts,
        game="bonken",
        recurrence="weekly",
        count=2,
    )
    answered = Client().post(f"/r/{token}/nights/{later.pk}/", {"answer": "no"})
    assert answered.status_code == 302
    assert answered["Location"] == f"/r/{token}/#night-{later.pk}"
    html = text(Client().get(answered["Location"], HTTP_ACCEPT_LANGUAGE="en"))
    card = html[html.index(f'id="night-{later.pk}"') :]
    assert "<strong data-my-answer>Not coming</strong>" in card
