"""Link previews: the Open Graph and Twitter card tags of the standings, a player's evening
and a player's rating, in the page's language; the pictures they name (PNG, 1200 x 630); and
nothing of an unpublished event, to anyone."""

import io
import re

import pytest
from PIL import Image

from clubs.models import Role
from tests.factories import PlayerFactory, user_with_role
from tests.sharing_world import world  # noqa: F401  (a fixture)
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def tags(body: str) -> dict[str, str]:
    head = body[: body.index("</head>")]
    return {
        name: value
        for name, value in re.findall(r'<meta (?:property|name)="([^"]+)" content="([^"]*)">', head)
    }


def picture(client, url: str) -> Image.Image:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    image.load()
    return image


def test_the_standings_page_shows_itself_in_dutch_by_default(world):  # noqa: F811
    event = world["event"]
    found = tags(client_for().get(f"/events/{event.pk}/").content.decode())
    assert found["og:title"] == "Clubavond november – Stand"
    assert found["og:description"].startswith("Tussenstand van Clubavond november")
    assert "1. Anna de Vries (175)" in found["og:description"]
    assert found["og:locale"] == "nl_NL" and found["og:locale:alternate"] == "en_GB"
    assert found["og:url"] == f"http://testserver/events/{event.pk}/?lang=nl"
    assert found["og:image"].startswith(f"http://testserver/share/events/{event.pk}/nl.png?v=")
    assert (found["og:image:width"], found["og:image:height"]) == ("1200", "630")
    assert found["twitter:card"] == "summary_large_image"
    assert found["og:site_name"] == "De Troef"
    assert found["twitter:image"] == found["og:image"]
    image = picture(client_for(), found["og:image"])
    assert image.size == (1200, 630) and image.mode == "RGB"


def test_the_tags_follow_the_page_language(world):  # noqa: F811
    event = world["event"]
    english = tags(
        client_for().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert english["og:title"] == "Clubavond november – Standings"
    assert english["og:description"].startswith("Standings so far of Clubavond november")
    assert english["og:locale"] == "en_GB"
    assert f"/share/events/{event.pk}/en.png" in english["og:image"]
    # ?lang= on the address: a shared link keeps its language, whatever the robot asks for.
    response = client_for().get(f"/events/{event.pk}/?lang=en", HTTP_ACCEPT_LANGUAGE="nl")
    assert '<html lang="en">' in response.content.decode()
    assert tags(response.content.decode())["og:locale"] == "en_GB"
    # The standings refreshing themselves (htmx) stay in the language of the page's address.
    fragment = client_for().get(
        f"/events/{event.pk}/",
        HTTP_HX_REQUEST="true",
        HTTP_HX_CURRENT_URL=f"http://testserver/events/{event.pk}/?lang=en",
    )
    assert "Points" in fragment.content.decode() and "Punten" not in fragment.content.decode()
    # Nothing is remembered: the next page is in the visitor's own language again.
    assert '<html lang="nl">' in client_for().get(f"/events/{event.pk}/").content.decode()


def test_the_pictures_differ_per_language_and_are_kept(world):  # noqa: F811
    event = world["event"]
    client = client_for()
    dutch = client.get(f"/share/events/{event.pk}/nl.png")
    english = client.get(f"/share/events/{event.pk}/en.png")
    assert dutch.content != english.content
    assert dutch["Content-Language"] == "nl" and english["Content-Language"] == "en"
    assert dutch["Cache-Control"] == "public, max-age=300"
    again = client.get(f"/share/events/{event.pk}/nl.png", HTTP_IF_NONE_MATCH=dutch["ETag"])
    assert again.status_code == 304 and again["ETag"] == dutch["ETag"]
    assert client.get(f"/share/events/{event.pk}/de.png").status_code == 404
    assert client.post(f"/share/events/{event.pk}/nl.png").status_code == 405


def test_a_players_evening_page_and_its_preview(world):  # noqa: F811
    event, anna = world["event"], world["players"][0]
    response = client_for().get(f"/events/{event.pk}/players/{anna.pk}/")
    body = response.content.decode()
    assert response.status_code == 200
    assert "Plaats 1 van 8, met 175 punten." in body
    assert "Chloë Jansen" in body and "Daan van &#x27;t Hek" in body  # her tablemates
    found = tags(body)
    assert found["og:title"] == "Anna de Vries op Clubavond november"
    assert found["og:description"] == (
        "Anna de Vries werd 1e van 8 op Clubavond november, met 175 punten in 2 rondes."
    )
    english = tags(
        client_for().get(f"/events/{event.pk}/players/{anna.pk}/?lang=en").content.decode()
    )
    assert english["og:description"] == (
        "Anna de Vries finished 1st of 8 at Clubavond november with 175 points in 2 rounds."
    )
    assert picture(client_for(), english["og:image"]).size == (1200, 630)
    # A player who did not play there has no evening there.
    stranger = PlayerFactory()
    assert client_for().get(f"/events/{event.pk}/players/{stranger.pk}/").status_code == 404
    assert (
        client_for().get(f"/share/events/{event.pk}/players/{stranger.pk}/nl.png").status_code
        == 404
    )


def test_a_players_rating_page_shows_itself(world):  # noqa: F811
    anna, club = world["players"][0], world["club"]
    found = tags(client_for().get(f"/players/{anna.pk}/ratings/").content.decode())
    assert found["og:title"] == "Rating van Anna de Vries"
    assert found["og:description"].startswith("Anna de Vries: Bonken-rating bij De Troef ")
    assert f"/share/players/{anna.pk}/ratings/{club.pk}/bonken/nl.png" in found["og:image"]
    assert picture(client_for(), found["og:image"]).size == (1200, 630)
    # No rating, no preview.
    nobody = PlayerFactory()
    assert "og:image" not in tags(
        client_for().get(f"/players/{nobody.pk}/ratings/").content.decode()
    )
    assert (
        client_for().get(f"/share/players/{nobody.pk}/ratings/{club.pk}/bonken/nl.png").status_code
        == 404
    )


def test_an_unpublished_event_never_shows_itself(world):  # noqa: F811
    hidden, anna, club = world["hidden"], world["players"][0], world["club"]
    member = client_for(user_with_role(club, Role.ORGANIZER))
    for client in (client_for(), member):
        for url in (
            f"/share/events/{hidden.pk}/nl.png",
            f"/share/events/{hidden.pk}/en.png",
            f"/share/events/{hidden.pk}/players/{anna.pk}/nl.png",
        ):
            assert client.get(url).status_code == 404, url
    assert client_for().get(f"/events/{hidden.pk}/").status_code == 404
    assert client_for().get(f"/events/{hidden.pk}/players/{anna.pk}/").status_code == 404
    # Its members see the page, without a preview a robot could pass on.
    for url in (f"/events/{hidden.pk}/", f"/events/{hidden.pk}/players/{anna.pk}/"):
        response = member.get(url)
        assert response.status_code == 200
        assert not any(
            name.startswith(("og:", "twitter:")) for name in tags(response.content.decode())
        ), url
    # An event hidden after its picture was drawn: the stored picture is not served.
    event = world["event"]
    assert client_for().get(f"/share/events/{event.pk}/nl.png").status_code == 200
    event.published = False
    event.save(update_fields=["published"])
    assert client_for().get(f"/share/events/{event.pk}/nl.png").status_code == 404
    assert member.get(f"/share/events/{event.pk}/nl.png").status_code == 404


def test_the_tags_escape_what_people_typed(world):  # noqa: F811
    event = world["event"]
    event.name = 'Avond "De Troef" <script>'
    event.save(update_fields=["name"])
    body = client_for().get(f"/events/{event.pk}/").content.decode()
    assert "<script>" not in body[: body.index("</head>")]
    assert tags(body)["og:image:alt"] == "Avond &quot;De Troef&quot; &lt;script&gt;"
