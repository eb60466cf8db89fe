"""Link previews in a real Chromium: the standings page's og:image, read from the page, loads
(as an <img> the page itself adds, under its Content-Security-Policy) at 1200 x 630, in the
page's language (the picture's Content-Language and its URL); the evening and rating pages
likewise. The pictures and the pages on a phone are kept in artifacts/browser/."""

from typing import Any

import pytest

from tests.sharing_world import build

from .conftest import ARTIFACTS, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOAD = """async (src) => {
  const img = new Image();
  img.alt = "preview";
  const loaded = new Promise((done, fail) => { img.onload = done; img.onerror = fail; });
  img.src = src;
  document.body.appendChild(img);
  await loaded;
  return [img.naturalWidth, img.naturalHeight];
}"""


def meta(page: Any, name: str) -> str:
    return page.evaluate(
        "(name) => (document.querySelector(`meta[property='${name}'], meta[name='${name}']`)"
        " || {}).content || ''",
        name,
    )


@pytest.fixture
def shared(transactional_db) -> dict[str, Any]:
    return build()


@pytest.mark.parametrize(
    ("locale", "language", "heading"),
    [("nl-NL", "nl", "Tussenstand"), ("en-GB", "en", "Standings so far")],
)
def test_the_preview_picture_loads_in_the_page_language(
    chromium, live_server, audit, shared, locale, language, heading
):
    event, anna = shared["event"], shared["players"][0]
    page = audit.prepare(chromium.new_context(locale=locale, **PHONE)).new_page()
    addresses = [
        f"{live_server.url}/events/{event.pk}/",
        f"{live_server.url}/events/{event.pk}/players/{anna.pk}/",
        f"{live_server.url}/players/{anna.pk}/ratings/",
    ]
    for number, address in enumerate(addresses):
        page.goto(address)
        assert page.evaluate("document.documentElement.lang") == language
        image = meta(page, "og:image")
        assert image.startswith(live_server.url) and f"/{language}.png?v=" in image
        assert meta(page, "og:locale") == {"nl": "nl_NL", "en": "en_GB"}[language]
        assert (meta(page, "og:image:width"), meta(page, "og:image:height")) == ("1200", "630")
        assert meta(page, "twitter:card") == "summary_large_image"
        if number == 0:
            assert meta(page, "og:description").startswith(heading)
            audit.shot(page, f"standings-with-preview-{locale}")
        if number == 1:
            audit.shot(page, f"evening-{locale}")
        assert page.evaluate(LOAD, image) == [1200, 630]
        response = page.request.get(image)
        assert response.status == 200
        assert response.headers["content-type"] == "image/png"
        assert response.headers["content-language"] == language
        (ARTIFACTS / f"preview-{number}-{language}.png").write_bytes(response.body())
    assert not audit.violations, "\n".join(audit.violations)


def test_an_unpublished_event_has_no_picture(chromium, live_server, shared):
    hidden = shared["hidden"]
    page = chromium.new_context().new_page()
    response = page.request.get(f"{live_server.url}/share/events/{hidden.pk}/nl.png")
    assert response.status == 404
    page.goto(f"{live_server.url}/events/{hidden.pk}/")
    assert meta(page, "og:image") == ""
