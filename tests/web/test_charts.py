"""The rating charts draw their coordinates the same in every language (a Dutch page once
wrote "230,0" and broke the chart), and the player page has one chart with the sessions that
moved it and links to the club's ratings and season standings."""

import re

import pytest

from clubs.models import Role
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db

NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


@pytest.fixture
def rated(django_capture_on_commit_callbacks):
    """A published event with two rated sessions of the same four players."""
    event = EventFactory(published=True, name="Clubavond")
    table = seated_table(event)
    players = [s.player for s in table.seats.order_by("position")]
    again = seated_table(event, round_number=2, players=players)
    with django_capture_on_commit_callbacks(execute=True):  # the ratings update it queues
        for t in (table, again):
            session_submit(
                table=t, submitted_by=None, document=classic_document(), table_token=t.scoring_token
            )
    return event, players


def svg_of(body: str) -> str:
    assert body.count("<svg") == 1, "one chart on the page"
    return body[body.index("<svg") : body.index("</svg>")]


def assert_coordinates_parse(svg: str) -> None:
    points = re.search(r'<polyline[^>]*points="([^"]*)"', svg)
    assert points, svg
    pairs = points.group(1).split()
    assert len(pairs) == 2
    for pair in pairs:
        x, y = pair.split(",")
        assert NUMBER.match(x) and NUMBER.match(y), pair
    for name in ("cx", "cy", "x", "y", "x1", "x2", "y1", "y2"):
        for value in re.findall(rf'\s{name}="([^"]*)"', svg):
            assert NUMBER.match(value), f'{name}="{value}"'
    viewbox = re.search(r'viewBox="([^"]*)"', svg)
    assert viewbox and all(NUMBER.match(v) for v in viewbox.group(1).split())


@pytest.mark.parametrize("language", ["nl", "en"])
def test_player_page_chart_coordinates_in_both_languages(rated, language):
    _, players = rated
    body = (
        client_for()
        .get(f"/players/{players[0].pk}/", HTTP_ACCEPT_LANGUAGE=language)
        .content.decode()
    )
    assert_coordinates_parse(svg_of(body))
    assert body.count("<circle") == 2


@pytest.mark.parametrize("language", ["nl", "en"])
def test_ratings_page_chart_coordinates_in_both_languages(rated, language):
    _, players = rated
    body = (
        client_for()
        .get(f"/players/{players[0].pk}/ratings/", HTTP_ACCEPT_LANGUAGE=language)
        .content.decode()
    )
    assert_coordinates_parse(svg_of(body))


def test_player_page_shows_the_sessions_that_moved_the_rating(rated):
    event, players = rated
    body = (
        client_for().get(f"/players/{players[0].pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert "The sessions that moved it" in body
    assert body.count(f'href="/events/{event.pk}/"') >= 2  # each rated session's event
    assert f"/players/{players[0].pk}/ratings/" in body
    assert f"/clubs/{event.club.slug}/ratings/" in body
    assert f"/clubs/{event.club.slug}/season/" in body


def test_club_page_links_ratings_and_season(rated):
    event, _ = rated
    client = client_for(user_with_role(event.club, Role.MEMBER))
    body = client.get(f"/clubs/{event.club.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"/clubs/{event.club.slug}/ratings/" in body
    assert f"/clubs/{event.club.slug}/season/" in body
