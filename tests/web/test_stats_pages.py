"""The statistics pages: a player's statistics per game and a club's season in a picture, in
English and Dutch, with SVG coordinates that never carry a decimal comma."""

from __future__ import annotations

import re

import pytest

from clubs.models import Role
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tests.integration.test_stats_club import club_world  # noqa: F401  (a fixture)
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db

COORDINATES = re.compile(r'\s(x|y|x1|x2|y1|y2|width|height|cx|cy|points|viewBox)="([^"]*)"')
NUMBER = r"-?\d+(?:\.\d+)?"


def svg_numbers_written_with_points(body: str) -> int:
    """How many coordinates the page's SVGs carry; fails on one a browser cannot read (a
    decimal comma, a localized thousands separator)."""
    found = 0
    for svg in re.findall(r"<svg.*?</svg>", body, re.S):
        for name, value in COORDINATES.findall(svg):
            if name == "points":
                pattern = rf"{NUMBER},{NUMBER}(?: {NUMBER},{NUMBER})*"
            elif name == "viewBox":
                pattern = rf"{NUMBER} {NUMBER} {NUMBER} {NUMBER}"
            else:
                pattern = rf"{NUMBER}|100%"
            assert re.fullmatch(pattern, value), (name, value)
            found += 1
    return found


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_player_page_in_both_languages(club_world, language):  # noqa: F811
    anna = club_world["anna"]
    response = client_for().get(f"/players/{anna.pk}/stats/", HTTP_ACCEPT_LANGUAGE=language)
    body = response.content.decode()
    assert response.status_code == 200
    assert body.count("<svg") >= 3  # places, form, contracts
    assert "Hartenjagen" in body if language == "nl" else "Points of Hearts" in body
    assert f'lang="{language}"' in body
    assert f"/players/{club_world['bram'].pk}/stats/?game=bonken" in body
    if language == "en":  # every place of the table, those not reached at zero
        assert all(f"place {n}: " in body for n in (1, 2, 3, 4))
    assert svg_numbers_written_with_points(body) > 30
    if language == "nl":
        assert "-35,0" in body  # the average per game of hearts, written the Dutch way


def test_the_public_player_page_links_to_the_statistics(club_world):  # noqa: F811
    anna = club_world["anna"]
    assert f"/players/{anna.pk}/stats/" in client_for().get(f"/players/{anna.pk}/").content.decode()


def test_a_member_sees_more_than_a_visitor(club_world):  # noqa: F811
    anna = club_world["anna"]
    member = client_for(user_with_role(club_world["club"], Role.MEMBER))
    assert "Mei" in member.get(f"/players/{anna.pk}/stats/").content.decode()
    assert "Mei" not in client_for().get(f"/players/{anna.pk}/stats/").content.decode()


def test_unknown_game_and_unknown_player(club_world):  # noqa: F811
    anna = club_world["anna"]
    response = client_for().get(f"/players/{anna.pk}/stats/?game=chess", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and "&#x27;chess&#x27; is not a game" in (
        response.content.decode()
    )
    assert client_for().get("/players/999999/stats/").status_code == 404
    stranger = PlayerFactory()  # in no club, no results
    assert client_for().get(f"/players/{stranger.pk}/stats/").status_code == 404


def test_another_game_shows_no_contracts(club_world):  # noqa: F811
    anna = club_world["anna"]
    body = (
        client_for()
        .get(f"/players/{anna.pk}/stats/?game=jonkler", HTTP_ACCEPT_LANGUAGE="en")
        .content.decode()
    )
    assert "No counted sessions of this game" in body


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_season_in_a_picture(club_world, language):  # noqa: F811
    club = club_world["club"]
    response = client_for().get(
        f"/clubs/{club.slug}/season/picture/", HTTP_ACCEPT_LANGUAGE=language
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert body.count("<svg") >= 3 + 5  # three figures, and the legend's five swatches
    assert ("Domino" in body) and ("Anna" in body)
    assert svg_numbers_written_with_points(body) > 30


def test_the_season_picture_refuses_a_bad_year_and_shows_an_empty_club():
    club = ClubFactory()
    assert client_for().get(f"/clubs/{club.slug}/season/picture/").status_code == 200
    assert client_for().get(f"/clubs/{club.slug}/season/picture/?year=abc").status_code == 400
    assert client_for().get("/clubs/no-such-club/season/picture/").status_code == 404


def test_a_team_game_shows_its_own_figures(club_world):  # noqa: F811
    anna = club_world["anna"]
    body = (
        client_for()
        .get(f"/players/{anna.pk}/stats/?game=bonko", HTTP_ACCEPT_LANGUAGE="en")
        .content.decode()
    )
    assert "Bonkos" in body and "Per contract" not in body
    assert ">Bram</a>" in body and ">Cees</a>" not in body  # her partner is no opponent
    nl = (
        client_for()
        .get(f"/players/{anna.pk}/stats/?game=bonko", HTTP_ACCEPT_LANGUAGE="nl")
        .content.decode()
    )
    assert "Bonko&#x27;s" in nl or "Bonko's" in nl


def test_the_rating_charts_write_coordinates_with_points_in_dutch(club_world):  # noqa: F811
    anna = club_world["anna"]
    for url in (f"/players/{anna.pk}/", f"/players/{anna.pk}/ratings/"):
        body = client_for().get(url, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
        assert "<svg" in body, url
        assert svg_numbers_written_with_points(body) > 5, url
