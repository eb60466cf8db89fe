"""One rule for every page's title: what the page is (most particular first, "Standings –
Najaarstoernooi"), then the header's name, the club once ("· De Harten Vrouw"), or the club
alone on its own page; never "De Harten Vrouw – De Harten Vrouw"."""

import datetime
import html
import re
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from clubs.models import Role
from tests.factories import ClubFactory, EventFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from week.planning import services as planning
from week.webhooks.models import Hook

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
TITLE = re.compile(r"<title>(.*?)</title>", re.S)
BLOCK = re.compile(r"{% block title %}(.*?){% endblock %}", re.S)


def title_of(page: str) -> str:
    return html.unescape(TITLE.search(page).group(1))


@pytest.mark.parametrize("language", ["en", "nl"])
def test_every_title_names_the_club_once_after_what_the_page_is(language):
    club = ClubFactory(name="De Harten Vrouw")
    user = user_with_role(club, Role.ORGANIZER)
    organizer = client_for(user)
    event = EventFactory(club=club, name="Najaarstoernooi", game="bonken")
    table = seated_table(event)
    (night,) = planning.night_plan(
        club=club,
        actor=user,
        starts_at=datetime.datetime(2027, 3, 16, 20, tzinfo=ZoneInfo("Europe/Amsterdam")),
        game="bonken",
    )
    hook = Hook.objects.create(club=club, url="https://hooks.example.org/x", kinds=[])
    urls = [
        f"/clubs/{club.slug}/",
        f"/clubs/{club.slug}/nights/",
        f"/clubs/{club.slug}/nights/links/",
        f"/nights/{night.pk}/",
        f"/clubs/{club.slug}/ratings/",
        f"/clubs/{club.slug}/season/",
        f"/clubs/{club.slug}/season/picture/",
        f"/manage/clubs/{club.slug}/players/",
        f"/manage/clubs/{club.slug}/rulesets/",
        f"/manage/clubs/{club.slug}/import/",
        f"/manage/clubs/{club.slug}/webhooks/",
        f"/manage/clubs/{club.slug}/webhooks/{hook.pk}/",
        f"/manage/clubs/{club.slug}/embeds/",
        f"/manage/events/{event.pk}/",
        f"/manage/events/{event.pk}/checkin/",
        f"/manage/events/{event.pk}/door/",
        f"/manage/rounds/{table.round.pk}/",
        f"/events/{event.pk}/",
        f"/events/{event.pk}/tables/{table.pk}/",
        f"/door/{event.door_token}/",
        f"/t/{table.scoring_token}/",
        f"/t/{table.scoring_token}/paper/",
    ]
    for url in urls:
        response = organizer.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, url
        title = title_of(response.content.decode())
        assert title.count("De Harten Vrouw") == 1, (url, title)
        assert title == "De Harten Vrouw" or title.endswith(" · De Harten Vrouw"), (url, title)
        if "Najaarstoernooi" in title:  # an event's page: the page first, then its event
            assert title.endswith(" – Najaarstoernooi · De Harten Vrouw"), (url, title)
    assert title_of(organizer.get(f"/clubs/{club.slug}/").content.decode()) == "De Harten Vrouw"
    standings = organizer.get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert title_of(standings.content.decode()) == (
        f"{'Stand' if language == 'nl' else 'Standings'} – Najaarstoernooi · De Harten Vrouw"
    )


def test_a_page_of_no_club_is_titled_by_the_service_once():
    title = title_of(client_for().get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert title == "Clubs and events · Club games"
    login = title_of(
        client_for().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert login == "Sign in · Club games"


def test_no_page_names_the_club_in_its_own_title_block():
    """The header's name is added once, by the base template: a page's title block that named
    the club too would say it twice."""
    named = [
        f"{path.relative_to(ROOT)}: {block}"
        for folder in ("templates", "games", "week", "web", "ranking", "tournaments", "clubs")
        for path in (ROOT / folder).rglob("*.html")
        if "embeds/" not in str(path.relative_to(ROOT)) or path.name == "settings.html"
        for block in BLOCK.findall(path.read_text())
        if "club.name" in block or "club_name" in block
    ]
    assert named == []
