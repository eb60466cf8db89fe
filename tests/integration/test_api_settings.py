"""The settings that were the pages' only, through the API, with the pages' permissions and
through the pages' services: a club's calendar feed address (its members read it, its
organizers renew it: the old address stops working), the origins allowed to frame the club's
embeds (its organizers read and replace them; a refused origin is named, with its place in the
list), and a player's e-mail settings read and set with a personal link of theirs (the link is
the permission, for that player only)."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import AuditEntry, Membership, Role
from tests.factories import ClubFactory, PlayerFactory, api_client, user_with_role
from web.api.views.accounts.embed_origins import REFUSED, SAVED
from web.api.views.week.mail_settings import NO_ADDRESS, UNKNOWN
from web.embeds.models import EmbedOrigin
from week.mailings import links as mail_links
from week.mailings.models import MailPreference
from week.planning import links
from week.planning.models import ClubCalendar

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = ClubFactory(slug="de-zwaan")
    club.organizer = user_with_role(club, Role.ORGANIZER)
    club.scorer = user_with_role(club, Role.SCORER)
    club.member = user_with_role(club, Role.MEMBER)
    club.outsider = user_with_role(ClubFactory(), Role.ORGANIZER)
    return club


def feed_path(url: str) -> str:
    return "/" + url.split("://", 1)[1].split("/", 1)[1]


# --- The club's calendar feed address ------------------------------------------------------


def test_members_read_the_calendar_address_the_page_shows(club):
    answer = api_client(club.member).get(f"/api/v1/clubs/{club.pk}/calendar/")
    assert answer.status_code == 200, answer.json()
    url = answer.json()["url"]
    token = ClubCalendar.objects.get(club=club).token
    assert answer.json() == {
        "club": club.pk,
        "url": f"http://testserver/clubs/de-zwaan/calendar/{token}.ics",
    }
    assert Client().get(feed_path(url)).status_code == 200
    club.member.save()  # the factory sets the password without saving; the session checks it
    page = Client()
    page.force_login(club.member)
    assert url in page.get("/clubs/de-zwaan/nights/").content.decode()


def test_the_calendar_address_is_the_members_only(club):
    outsider = api_client(club.outsider).get(f"/api/v1/clubs/{club.pk}/calendar/")
    assert outsider.status_code == 403
    error = outsider.json()["errors"][0]
    assert error["code"] == "not_allowed"
    assert "see the club's calendar address" in error["message"]
    assert "het agenda-adres van de club zien" in error["message_nl"]
    assert api_client().get(f"/api/v1/clubs/{club.pk}/calendar/").status_code == 401
    assert api_client(club.member).get("/api/v1/clubs/999999/calendar/").status_code == 404
    assert not ClubCalendar.objects.filter(club=club).exists()  # nothing made for them


def test_an_organizer_renews_the_address_and_the_old_one_stops_working(club):
    old = api_client(club.member).get(f"/api/v1/clubs/{club.pk}/calendar/").json()["url"]
    renewed = api_client(club.organizer).post(f"/api/v1/clubs/{club.pk}/calendar/renew/")
    assert renewed.status_code == 200, renewed.json()
    new = renewed.json()["url"]
    assert new != old and new.startswith("http://testserver/clubs/de-zwaan/calendar/")
    assert Client().get(feed_path(old)).status_code == 404
    assert Client().get(feed_path(new)).status_code == 200
    assert api_client(club.member).get(f"/api/v1/clubs/{club.pk}/calendar/").json()["url"] == new
    entry = AuditEntry.objects.get(action="club_calendar.renew")
    assert entry.club_id == club.pk and entry.actor_id == club.organizer.pk


@pytest.mark.parametrize("who", ["scorer", "member", "outsider"])
def test_only_organizers_renew_the_address(club, who):
    before = links.club_calendar(club).token
    refused = api_client(getattr(club, who)).post(f"/api/v1/clubs/{club.pk}/calendar/renew/")
    assert refused.status_code == 403
    assert "de agendalink vernieuwen" in refused.json()["errors"][0]["message_nl"]
    assert ClubCalendar.objects.get(club=club).token == before
    assert not AuditEntry.objects.filter(action="club_calendar.renew").exists()


# --- The origins allowed to embed the club's pages -----------------------------------------


def test_organizers_read_and_replace_the_origins(club):
    EmbedOrigin.objects.create(club=club, origin="https://old.example")
    organizer = api_client(club.organizer)
    url = f"/api/v1/clubs/{club.pk}/embed-origins/"
    assert organizer.get(url).json() == {"origins": ["https://old.example"]}
    saved = organizer.put(
        url,
        {
            "origins": [
                "https://www.De-Zwaan.nl/",
                "",
                "https://de-zwaan.nl:8443",
                "https://www.de-zwaan.nl",
            ]
        },
        format="json",
    )
    assert saved.status_code == 200, saved.json()
    assert saved.json() == SAVED.value  # as browsers write them, once each: the example
    assert sorted(EmbedOrigin.objects.filter(club=club).values_list("origin", flat=True)) == sorted(
        SAVED.value["origins"]
    )
    entry = AuditEntry.objects.get(action="club.embed_origins")
    assert entry.details["before"] == ["https://old.example"]
    emptied = organizer.put(url, {"origins": []}, format="json")
    assert emptied.json() == {"origins": []} and not EmbedOrigin.objects.filter(club=club).exists()


def test_a_refused_origin_is_named_with_its_place_and_nothing_is_saved(club):
    EmbedOrigin.objects.create(club=club, origin="https://old.example")
    url = f"/api/v1/clubs/{club.pk}/embed-origins/"
    refused = api_client(club.organizer).put(
        url,
        {"origins": ["https://www.de-zwaan.nl", "https://www.de-zwaan.nl/standen"]},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json() == REFUSED.value  # the schema's example is the real answer
    several = api_client(club.organizer).put(
        url,
        {"origins": ["ftp://a.example", "https://ok.example", "https://*.b.example"]},
        format="json",
    )
    errors = several.json()["errors"]
    assert [(e["code"], e["field"]) for e in errors] == [
        ("invalid_origin", "origins[0]"),
        ("invalid_origin", "origins[2]"),
    ]
    assert (
        "ftp://a.example" in errors[0]["message"] and "ftp://a.example" in errors[0]["message_nl"]
    )
    assert "https://*.b.example" in errors[1]["message"]
    too_many = api_client(club.organizer).put(
        url, {"origins": [f"https://s{n}.example" for n in range(21)]}, format="json"
    )
    assert too_many.json()["errors"][0]["code"] == "too_many_origins"
    assert list(EmbedOrigin.objects.filter(club=club).values_list("origin", flat=True)) == [
        "https://old.example"
    ]


@pytest.mark.parametrize("who", ["scorer", "member", "outsider"])
def test_only_organizers_see_or_change_the_origins(club, who):
    EmbedOrigin.objects.create(club=club, origin="https://old.example")
    client = api_client(getattr(club, who))
    url = f"/api/v1/clubs/{club.pk}/embed-origins/"
    read = client.get(url)
    assert read.status_code == 403 and "old.example" not in read.content.decode()
    # Refused before the body is read: a body that is not even a list gets the same 403.
    for body in ({"origins": ["https://mine.example"]}, {"origins": "nonsense"}):
        refused = client.put(url, body, format="json")
        assert refused.status_code == 403
        assert "ingesloten" in refused.json()["errors"][0]["message_nl"]
    assert list(EmbedOrigin.objects.filter(club=club).values_list("origin", flat=True)) == [
        "https://old.example"
    ]
    assert api_client().get(url).status_code == 401


# --- A player's e-mail settings with a personal link ---------------------------------------


@pytest.fixture
def anna(club):
    player = PlayerFactory(name="Anna")
    Membership.objects.create(club=club, player=player)
    MailPreference.objects.create(player=player, email="anna@example.test", language="en")
    return player


def test_the_settings_link_reads_and_sets_the_players_settings(anna):
    token = mail_links.token(anna.pk, mail_links.PREFERENCES)
    url = f"/api/v1/mail-settings/{token}/"
    read = api_client().get(url)
    assert read.status_code == 200, read.json()
    assert read.json() == {
        "player": anna.pk,
        "player_name": "Anna",
        "email": "anna@example.test",
        "evening": False,
        "language": "en",
    }
    opted = api_client().put(url, {"email": "anna@elders.test", "evening": True}, format="json")
    assert opted.status_code == 200, opted.json()
    assert opted.json()["evening"] is True and opted.json()["language"] == "en"  # kept
    preference = MailPreference.objects.get(player=anna)
    assert (preference.email, preference.evening, preference.language) == (
        "anna@elders.test",
        True,
        "en",
    )
    entry = AuditEntry.objects.get(action="mail.preferences")
    assert entry.details["player"] == anna.pk and entry.details["evening"] is True
    assert api_client().get(url).json()["email"] == "anna@elders.test"


def test_the_personal_link_at_the_club_sets_them_too(club, anna):
    link = links.rsvp_link_renew(club=club, player=anna, actor=club.organizer)
    url = f"/api/v1/mail-settings/{link.token}/"
    answer = api_client().put(
        url, {"email": "anna@example.test", "evening": True, "language": "nl"}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert MailPreference.objects.get(player=anna).evening
    links.rsvp_link_revoke(club=club, player=anna, actor=club.organizer)
    gone = api_client().get(url)
    assert gone.status_code == 404 and gone.json() == UNKNOWN.value


def test_a_player_without_settings_reads_the_defaults_and_opts_in():
    bram = PlayerFactory(name="Bram")
    url = f"/api/v1/mail-settings/{mail_links.token(bram.pk, mail_links.PREFERENCES)}/"
    assert api_client().get(url).json() == {
        "player": bram.pk,
        "player_name": "Bram",
        "email": "",
        "evening": False,
        "language": "nl",
    }
    api_client().put(url, {"email": "bram@example.test", "evening": True}, format="json")
    assert MailPreference.objects.get(player=bram).language == "nl"


def test_a_link_sets_its_own_players_settings_only(anna):
    bram = PlayerFactory(name="Bram")
    MailPreference.objects.create(player=bram, email="bram@example.test", evening=True)
    token = mail_links.token(anna.pk, mail_links.PREFERENCES)
    forged = f"{bram.pk}:{token.split(':', 1)[1]}"  # Anna's signature on Bram's id
    unsubscribe = mail_links.token(bram.pk, mail_links.UNSUBSCRIBE)  # another purpose's
    for wrong in (forged, unsubscribe, token[:-2] + "xx", "garbage"):
        for answer in (
            api_client().get(f"/api/v1/mail-settings/{wrong}/"),
            api_client().put(
                f"/api/v1/mail-settings/{wrong}/",
                {"email": "x@example.test", "evening": False},
                format="json",
            ),
        ):
            assert answer.status_code == 404
            assert answer.json()["errors"][0]["code"] == "link_unknown"
    assert MailPreference.objects.get(player=bram).email == "bram@example.test"
    assert MailPreference.objects.get(player=bram).evening


def test_bad_settings_are_refused_naming_the_field(anna):
    url = f"/api/v1/mail-settings/{mail_links.token(anna.pk, mail_links.PREFERENCES)}/"
    empty = api_client().put(url, {"email": "", "evening": True}, format="json")
    assert empty.status_code == 400 and empty.json() == NO_ADDRESS.value
    invalid = api_client().put(url, {"email": "not an address", "evening": False}, format="json")
    assert invalid.status_code == 400
    error = invalid.json()["errors"][0]
    assert (error["code"], error["field"]) == ("email_invalid", "email")
    assert error["message_nl"] == "Vul een geldig e-mailadres in."
    preference = MailPreference.objects.get(player=anna)
    assert (preference.email, preference.evening) == ("anna@example.test", False)


def test_a_retried_write_is_answered_only_while_the_link_is_valid(club, anna):
    link = links.rsvp_link_renew(club=club, player=anna, actor=club.organizer)
    url = f"/api/v1/mail-settings/{link.token}/"
    body = {"email": "anna@example.test", "evening": True}
    first = api_client().put(url, body, format="json", HTTP_IDEMPOTENCY_KEY="opt-in-1")
    again = api_client().put(url, body, format="json", HTTP_IDEMPOTENCY_KEY="opt-in-1")
    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true" and again.json() == first.json()
    links.rsvp_link_revoke(club=club, player=anna, actor=club.organizer)
    late = api_client().put(url, body, format="json", HTTP_IDEMPOTENCY_KEY="opt-in-1")
    assert late.status_code == 404


def test_the_new_operations_are_in_the_schema_with_their_examples():
    schema = Client().get("/api/schema/?format=json").json()
    paths = schema["paths"]
    calendar = paths["/api/v1/clubs/{club_id}/calendar/"]["get"]
    assert "examples" in calendar["responses"]["200"]["content"]["application/json"]
    assert "post" in paths["/api/v1/clubs/{club_id}/calendar/renew/"]
    origins = paths["/api/v1/clubs/{club_id}/embed-origins/"]
    assert set(origins) >= {"get", "put"}
    refused = origins["put"]["responses"]["400"]["content"]["application/json"]
    assert refused["schema"] == {"$ref": "#/components/schemas/ErrorResponse"}
    assert [example["value"] for example in refused["examples"].values()] == [REFUSED.value]
    settings = paths["/api/v1/mail-settings/{token}/"]
    assert set(settings) >= {"get", "put"}
    assert {} in settings["put"]["security"]  # no account needed: the link is the permission
    for operation in (calendar, origins["get"], origins["put"], settings["get"], settings["put"]):
        assert {"400", "401", "403", "404", "429"} <= set(operation["responses"])
