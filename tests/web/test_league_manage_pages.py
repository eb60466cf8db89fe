"""The organizer's league pages, through Django's client, in English and Dutch: found a league
with the club as its first member, invite a club whose organizer accepts, a season, a league
day, a club's night counted from the event's page, a player's league number with consent, and
the pages that end each with a reason. A refusal is shown at the top of its form and beside its
field; another club's organizer is turned away."""

import datetime
import re

import pytest

from clubs.models import AuditEntry
from leagues.models import League, LeagueClub, LeagueLink, LeagueNight, LeagueSeason
from leagues.services import league_club_invite
from tests.factories import ClubFactory
from tests.integration.league_support import league_of_two, member, night, organizer
from tests.web.conftest import client_for
from tournaments.models import Event

pytestmark = pytest.mark.django_db
SUMMARY = re.compile(
    r'<div class="alert error error-summary"[^>]*data-error-summary>(.*?)</div>', re.S
)


def english(user=None):
    """A client (signed in as ``user``) that reads the pages in English."""
    client = client_for(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def summary(page: str) -> str:
    found = SUMMARY.search(page)
    assert found, "no refusal summary on the page"
    return re.sub(r"<[^>]+>", " ", found.group(1))


def test_a_club_organizer_founds_a_league_with_the_club_in_it():
    club = ClubFactory(name="Noord")
    boss = organizer(club)
    client = english(boss)
    page = client.get(f"/manage/leagues/new/?club={club.slug}")
    assert page.status_code == 200 and b"Found the league" in page.content
    answer = client.post(
        "/manage/leagues/new/", {"name": "Regio Noord", "game": "bonken", "club": club.pk}
    )
    league = League.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/manage/leagues/{league.slug}/"
    assert LeagueClub.objects.get(league=league).status == LeagueClub.Status.MEMBER
    assert AuditEntry.objects.filter(action="league.create").exists()
    refused = client.post("/manage/leagues/new/", {"name": "  ", "game": "bonken"})
    assert refused.status_code == 400
    assert "This field is required" in summary(refused.content.decode())


def test_an_organizer_who_is_not_the_clubs_cannot_bring_it_in():
    club, stranger = ClubFactory(), ClubFactory()
    user = organizer(stranger)
    client = english(user)
    answer = client.post("/manage/leagues/new/", {"name": "L", "game": "bonken", "club": club.pk})
    assert answer.status_code == 400  # not a choice of this organizer's
    assert not League.objects.exists()


def test_invite_accept_season_day_and_a_refusal_beside_its_field():
    s = league_of_two()
    third = ClubFactory(name="West")
    third_org = organizer(third)
    boss = english(s.boss)
    page = boss.get(f"/manage/leagues/{s.league.slug}/")
    assert page.status_code == 200 and "West" in page.content.decode()
    assert (
        boss.post(
            f"/manage/leagues/{s.league.slug}/", {"form": "invite", "invite-club": third.pk}
        ).status_code
        == 302
    )
    row = LeagueClub.objects.get(league=s.league, club=third)
    assert row.status == LeagueClub.Status.INVITED
    west = english(third_org)
    assert "Regio Noord" in west.get(f"/manage/clubs/{third.slug}/leagues/").content.decode()
    answer = west.post(
        f"/manage/clubs/{third.slug}/leagues/",
        {"form": "answer", "answer-membership": row.pk, "answer-answer": "accept"},
    )
    assert answer.status_code == 302
    row.refresh_from_db()
    assert row.status == LeagueClub.Status.MEMBER

    season = {
        "form": "season",
        "season-name": "2026",
        "season-start": "2026-12-31",
        "season-end": "2026-01-01",
        "season-rank_by": "total",
        "season-then_by": "",
        "season-min_nights": "0",
        "season-points_per_place": "3, 2, 1, 0",
    }
    refused = boss.post(f"/manage/leagues/{s.league.slug}/", season)
    page = refused.content.decode()
    assert refused.status_code == 400
    assert "The season ends before it starts." in summary(page)
    assert 'href="#id_season-end"' in page
    assert re.search(r'id="id_season-end_error".*?The season ends before it starts', page, re.S)
    season["season-start"], season["season-end"] = "2026-01-01", "2026-12-31"
    season["season-points_per_place"] = "3, twee"
    bad_points = boss.post(f"/manage/leagues/{s.league.slug}/", season).content.decode()
    assert "Give whole numbers separated by commas" in summary(bad_points)
    season["season-points_per_place"] = "3 2 1 0"
    assert boss.post(f"/manage/leagues/{s.league.slug}/", season).status_code == 302
    made = LeagueSeason.objects.get(league=s.league)
    assert made.points_per_place == [3.0, 2.0, 1.0, 0.0]
    edit = boss.get(f"/manage/leagues/{s.league.slug}/seasons/{made.pk}/")
    assert edit.status_code == 200 and "3, 2, 1, 0" in edit.content.decode()

    day = night(s.south, datetime.date(2026, 3, 3), name="Competitiedag")
    assert (
        boss.post(
            f"/manage/leagues/{s.league.slug}/", {"form": "day", "day-event": day.pk}
        ).status_code
        == 302
    )
    assert LeagueNight.objects.get(event=day).kind == LeagueNight.Kind.DAY
    stop = boss.post(
        f"/manage/leagues/{s.league.slug}/nights/{day.pk}/stop/", {"reason": "wrong day"}
    )
    assert stop.status_code == 302
    assert LeagueNight.objects.get(event=day).unmarked_at is not None


def test_a_club_counts_its_night_from_the_events_page_and_stops_again():
    s = league_of_two()
    event = night(s.north, datetime.date(2026, 3, 10), name="Clubavond")
    client = english(s.north_org)
    page = client.get(f"/manage/events/{event.pk}/").content.decode()
    assert 'id="league-title"' in page and "Count as a league night" in page
    answer = client.post(f"/manage/events/{event.pk}/league/", {"league-league": s.league.pk})
    assert answer.status_code == 302 and answer["Location"].endswith("#league-title")
    assert LeagueNight.objects.filter(event=event, unmarked_at__isnull=True).exists()
    page = client.get(f"/manage/events/{event.pk}/").content.decode()
    assert "Counts as a league night of Regio Noord" in page
    refused = client.post(f"/manage/events/{event.pk}/league/", {"league-league": s.league.pk})
    assert refused.status_code == 409  # the event's page again, the problem on its form
    page = refused.content.decode()
    assert "Clubavond already counts for this league." in summary(page)
    assert 'href="#id_league-league"' in page and 'id="id_league-league_error"' in page
    stop = f"/manage/leagues/{s.league.slug}/nights/{event.pk}/stop/"
    assert client.get(stop).status_code == 200
    assert (
        client.post(
            f"/manage/leagues/{s.league.slug}/nights/{event.pk}/stop/", {"reason": "oeps"}
        ).status_code
        == 302
    )
    assert LeagueNight.objects.get(event=event).reason == "oeps"
    # Another game's event is not offered; the south's organizer may not mark the north's.
    other = Event.objects.create(
        club=s.north, name="Bonko", date=event.date, game="bonko", ruleset="bonko"
    )
    page = client.get(f"/manage/events/{other.pk}/").content.decode()
    assert "Count as a league night" not in page
    south = english(s.south_org)
    assert (
        south.post(f"/manage/events/{event.pk}/league/", {"league-league": s.league.pk}).status_code
        == 403
    )


def test_a_league_number_with_consent_and_its_withdrawal():
    s = league_of_two()
    anna = member(s.north, "Anna")
    client = english(s.north_org)
    url = f"/manage/clubs/{s.north.slug}/leagues/"
    data = {
        "form": "link",
        "link-league": s.league.pk,
        "link-player": anna.pk,
        "link-on_behalf": "on",
    }
    refused = client.post(url, data)
    page = refused.content.decode()
    assert refused.status_code == 400
    assert "Say why you consent on the player&#x27;s behalf." in summary(page)
    assert 'href="#id_link-reason"' in page
    data["link-reason"] = "said yes at the club night"
    assert client.post(url, data).status_code == 302
    link = LeagueLink.objects.get(player=anna)
    assert link.active and link.on_behalf
    page = client.get(url).content.decode()
    assert "Anna" in page and "#1" in page
    assert (
        client.post(
            f"/manage/clubs/{s.north.slug}/leagues/links/{link.pk}/withdraw/", {"reason": ""}
        ).status_code
        == 302
    )
    link.refresh_from_db()
    assert link.withdrawn_at is not None


def test_a_club_leaves_and_strangers_are_turned_away():
    s = league_of_two()
    stranger = english(organizer(ClubFactory()))
    for url in (
        f"/manage/leagues/{s.league.slug}/",
        f"/manage/clubs/{s.north.slug}/leagues/",
        f"/manage/leagues/{s.league.slug}/clubs/{s.north.slug}/leave/",
    ):
        assert stranger.get(url).status_code == 403, url
    assert english().get(f"/manage/leagues/{s.league.slug}/").status_code == 302
    client = english(s.north_org)
    assert (
        client.post(
            f"/manage/leagues/{s.league.slug}/clubs/{s.north.slug}/leave/", {"reason": "te ver"}
        )["Location"]
        == f"/manage/clubs/{s.north.slug}/leagues/"
    )
    assert LeagueClub.objects.get(club=s.north).status == LeagueClub.Status.LEFT
    again = client.post(f"/manage/leagues/{s.league.slug}/clubs/{s.north.slug}/leave/", {})
    assert again.status_code == 400 and "is not a member of this league" in summary(
        again.content.decode()
    )


@pytest.mark.parametrize(
    "path",
    [
        "/manage/leagues/new/",
        "/manage/leagues/{league}/",
        "/manage/clubs/{club}/leagues/",
        "/manage/leagues/{league}/clubs/{club}/leave/",
    ],
)
def test_the_pages_speak_dutch(path):
    s = league_of_two()
    league_club_invite(league=s.league, club=ClubFactory(), actor=s.boss)
    client = client_for(s.north_org)
    from leagues.models import LeagueOrganizer

    LeagueOrganizer.objects.create(league=s.league, user=s.north_org)
    page = client.get(
        path.format(league=s.league.slug, club=s.north.slug), HTTP_ACCEPT_LANGUAGE="nl"
    ).content.decode()
    english = [
        "Found the league",
        "Invite the club",
        "Save the season",
        "End the membership",
        "Leagues you run",
        "League numbers",
        "Nights that count",
    ]
    assert [word for word in english if word in page] == []
    assert 'lang="nl"' in page
