"""The club's embed in a real Chromium, inside a club website's page served from another
origin: shown where the club listed that origin, refused (nothing of it loads) where it did
not. The embeds fit 320 and 600 pixels wide, the ends of the range they promise (screenshots)."""

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.test import override_settings
from django.utils import timezone

from clubs.models import Role
from ranking.ratings.services import ratings_update
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from web.embeds.origins import embed_origins_set

from .conftest import ARTIFACTS, PHONE, snap
from .phone_pages import TABLES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def host_page(embed_url: str) -> bytes:
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        "<title>Our club</title></head><body style='margin:0;font-family:serif'>"
        "<h1 style='margin:8px'>Our club's website</h1>"
        f"<iframe id='standings' src='{embed_url}' title='Standings' "
        "style='width:100%;height:700px;border:1px solid #999'></iframe>"
        "</body></html>"
    ).encode()


@pytest.fixture
def club_site() -> Iterator[Any]:
    """A factory of tiny club websites: each serves one page with the embed in an iframe, from
    its own origin (http://127.0.0.1:<its port>)."""
    servers: list[ThreadingHTTPServer] = []

    def serve(embed_url: str) -> str:
        body = host_page(embed_url)

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(autouse=True)
def _artifacts() -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)


def frame_of(page: Any) -> Any:
    page.wait_for_load_state("load")
    handle = page.wait_for_selector("#standings")
    return handle.content_frame()


def test_the_embed_shows_on_the_clubs_site_and_nowhere_else(chromium, live_server, club_site):
    event = EventFactory(published=True, name="Clubavond", date=timezone.localdate())
    table = seated_table(event)
    session_submit(
        table=table, submitted_by=None, document=classic_document(), table_token=table.scoring_token
    )
    ratings_update(club_id=event.club_id)
    player = table.seats.order_by("position").first().player
    embed_url = f"{live_server.url}/embed/clubs/{event.club.slug}/?lang=en"
    allowed, refused = club_site(embed_url), club_site(embed_url)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    with override_settings(EMBED_ALLOW_HTTP_ORIGINS=True):
        embed_origins_set(club=event.club, actor=organizer, origins=[allowed])

    context = chromium.new_context(viewport={"width": 600, "height": 900})
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))

    page.goto(allowed)
    frame = frame_of(page)
    frame.wait_for_selector("h1")
    assert frame.url == embed_url
    assert frame.inner_text("h1") == event.club.name
    assert player.name in frame.inner_text("main")
    assert "Season" in frame.inner_text("main") and "Ratings" in frame.inner_text("main")
    assert not [text for text in console if "frame-ancestors" in text]
    snap(page, ARTIFACTS / "embed-allowed-site-600.png")

    page.goto(refused)
    page.wait_for_timeout(500)
    frame = frame_of(page)
    assert frame is not None
    # Chromium shows its own error page instead of the embed: none of the club's page loads.
    assert frame.url != embed_url
    assert player.name not in (frame.evaluate("document.documentElement.innerText") or "")
    assert event.club.name not in (frame.evaluate("document.documentElement.innerText") or "")
    assert any("frame-ancestors" in text and allowed in text for text in console), console
    snap(page, ARTIFACTS / "embed-refused-site-600.png")
    context.close()


@pytest.mark.parametrize("width", [320, 600])
def test_the_embeds_fit_a_narrow_frame(chromium, live_server, audit, width):
    """The embeds promise 320 to 600 px: at both ends nothing scrolls sideways, every table
    fits whole and no name breaks inside a word."""
    event = EventFactory(published=True, name="Clubavond in De Kroon", date=timezone.localdate())
    table = seated_table(event)
    session_submit(
        table=table, submitted_by=None, document=classic_document(), table_token=table.scoring_token
    )
    ratings_update(club_id=event.club_id)
    context = audit.prepare(
        chromium.new_context(viewport={"width": width, "height": 800}, device_scale_factor=1)
    )
    page = context.new_page()
    for name, path in (
        ("club", f"/embed/clubs/{event.club.slug}/"),
        ("club-dark-en", f"/embed/clubs/{event.club.slug}/?theme=dark&lang=en"),
        ("event", f"/embed/events/{event.pk}/"),
    ):
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
        inside = page.evaluate(TABLES)
        assert inside == {"wide": [], "clipped": [], "broken": []}, (name, inside)
        snap(page, ARTIFACTS / f"embed-{name}-{width}.png")
        audit.check(page, f"embed-{name}-{width}")
    context.close()
    assert audit.violations == []


def test_the_organizer_lists_the_clubs_website_on_a_phone(chromium, live_server, audit):
    event = EventFactory(published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    organizer.set_password("secret")
    organizer.save()
    context = audit.prepare(chromium.new_context(**PHONE))
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{event.club.slug}/")
    page.fill("#id_username", organizer.username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form [type=submit]")
    with page.expect_navigation():
        with page.expect_navigation():
            page.click(f"a[href='/manage/clubs/{event.club.slug}/embeds/']")
    page.fill("textarea[name=origins]", "https://www.club.example/standings")
    with page.expect_navigation():
        page.click("main form [type=submit]")
    assert "https://www.club.example/standings" in page.inner_text("main")
    # The line's problem (origins[0] in the service's answer) is shown at the one box.
    assert page.get_attribute("textarea[name=origins]", "aria-invalid") == "true"
    audit.shot(page, "embed-settings-refused")
    page.fill("textarea[name=origins]", "https://www.club.example")
    with page.expect_navigation():
        page.click("main form [type=submit]")
    assert page.input_value("textarea[name=origins]") == "https://www.club.example"
    assert f"/embed/clubs/{event.club.slug}/" in page.inner_text("main")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    audit.shot(page, "embed-settings-saved")
    context.close()
    assert audit.violations == []
