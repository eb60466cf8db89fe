"""The club's embeds and public feeds: only the embeds may be framed, by the club's own origins
(every other page keeps ``frame-ancestors 'none'``); only the feeds carry CORS headers; an
unpublished event is never shown; the origins are checked before they are saved."""

from datetime import UTC, datetime

import pytest
from django.test import Client, override_settings
from django.utils import timezone

from clubs.models import AuditEntry, Role
from config.security import STRICT
from core.club_nights import PlannedNight, next_nights
from core.errors import NotAllowed, ServiceError
from ranking.ratings.services import ratings_update
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from web.embeds.models import EmbedOrigin
from web.embeds.origins import embed_origins_set, normalize_origin

pytestmark = pytest.mark.django_db

SITE = "https://www.club.example"


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    """A published event with one complete table, its standings and ratings; the club's site
    may embed its pages."""
    event = EventFactory(published=True, name="Clubavond", date=timezone.localdate())
    table = seated_table(event)
    with django_capture_on_commit_callbacks(execute=True):
        session_submit(
            table=table,
            submitted_by=None,
            document=classic_document(),
            table_token=table.scoring_token,
        )
    ratings_update(club_id=event.club_id)
    EmbedOrigin.objects.create(club=event.club, origin=SITE)
    EmbedOrigin.objects.create(club=event.club, origin="https://club.example:8443")
    return event, table


def names(table) -> list[str]:
    return [seat.player.name for seat in table.seats.all()]


def test_the_club_embed_may_be_framed_by_the_clubs_origins_only(played):
    event, table = played
    response = Client().get(f"/embed/clubs/{event.club.slug}/")
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert f"frame-ancestors https://club.example:8443 {SITE}" in policy
    assert "'none'" not in policy.split("frame-ancestors")[1]
    assert policy.replace(policy.split("; ")[-1], "") == STRICT.replace(
        STRICT.split("; ")[-1], ""
    )  # the rest of the policy stays strict
    assert "X-Frame-Options" not in response
    assert "Access-Control-Allow-Origin" not in response
    assert response["Cache-Control"] == "public, max-age=30"
    body = response.content.decode()
    assert all(name in body for name in names(table))
    assert "Season" in body or "Seizoen" in body
    assert '<header class="site"' not in body  # the light layout, without the site's header


def test_the_event_embed_shows_its_standings_and_is_framed_by_its_club(played):
    event, table = played
    response = Client().get(f"/embed/events/{event.pk}/?lang=en&theme=dark")
    assert response.status_code == 200
    assert SITE in response["Content-Security-Policy"].split("frame-ancestors ")[1].split()
    body = response.content.decode()
    assert "Clubavond" in body and all(name in body for name in names(table))
    assert 'class="embed theme-dark"' in body and 'lang="en"' in body
    assert response["Content-Language"] == "en"


def test_a_club_without_origins_is_framed_by_nobody(played):
    event, _ = played
    EmbedOrigin.objects.all().delete()
    response = Client().get(f"/embed/clubs/{event.club.slug}/")
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == STRICT
    assert response["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize(
    "url",
    ["/", "/events/{event}/", "/clubs/{club}/ratings/", "/api/v1/events/", "/accounts/login/"],
)
def test_every_other_page_keeps_frame_ancestors_none_and_no_cors(played, url):
    event, _ = played
    response = Client().get(url.format(event=event.pk, club=event.club.slug))
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == STRICT
    assert response["X-Frame-Options"] == "DENY"
    assert "Access-Control-Allow-Origin" not in response


def test_an_unpublished_event_is_never_embedded_nor_fed_even_to_its_members(played):
    event, _ = played
    event.published = False
    event.save()
    member = client_for(user_with_role(event.club, Role.ORGANIZER))
    for client in (Client(), member):
        response = client.get(f"/embed/events/{event.pk}/")
        assert response.status_code == 404
        assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
        assert client.get(f"/api/v1/feeds/events/{event.pk}/standings/").status_code == 404
        events = client.get(f"/api/v1/feeds/clubs/{event.club.slug}/events/").json()["results"]
        assert events == []
        assert "Clubavond" not in client.get(f"/embed/clubs/{event.club.slug}/").content.decode()


def test_the_feeds_answer_every_origin_without_credentials_and_are_cacheable(played):
    event, table = played
    slug = event.club.slug
    for url in (
        f"/api/v1/feeds/clubs/{slug}/events/",
        f"/api/v1/feeds/clubs/{slug}/ratings/",
        f"/api/v1/feeds/clubs/{slug}/nights/",
        f"/api/v1/feeds/events/{event.pk}/standings/",
    ):
        response = Client().get(url, HTTP_ORIGIN="https://elsewhere.example")
        assert response.status_code == 200, url
        assert response["Access-Control-Allow-Origin"] == "*"
        assert "Access-Control-Allow-Credentials" not in response
        assert response["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
        assert response["Cache-Control"] == "public, max-age=60"
        again = Client().get(url, HTTP_IF_NONE_MATCH=response["ETag"])
        assert again.status_code == 304 and again.content == b""
        assert again["Access-Control-Allow-Origin"] == "*"
        preflight = Client().options(
            url, HTTP_ORIGIN="https://elsewhere.example", HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET"
        )
        assert preflight.status_code == 200
        assert preflight["Access-Control-Allow-Origin"] == "*"
        assert Client().post(url, {}).status_code == 405
        assert Client().head(url).status_code == 200
    standings = Client().get(f"/api/v1/feeds/events/{event.pk}/standings/").json()
    assert {row["player_name"] for row in standings["results"]} == set(names(table))
    assert standings["count"] == len(names(table)) and standings["next"] is None
    assert standings["meta"]["event_embed_url"].endswith(f"/embed/events/{event.pk}/")
    page = Client().get(f"/api/v1/feeds/events/{event.pk}/standings/?limit=1&offset=1").json()
    assert page["results"] == standings["results"][1:2] and page["previous"] and page["next"]
    boards = Client().get(f"/api/v1/feeds/clubs/{slug}/ratings/?top=2").json()["results"]
    assert [board["game"] for board in boards] == ["bonken"]
    assert len(boards[0]["ratings"]) == 2 and len(boards[0]["season"]["standings"]) == 2
    nights = Client().get(f"/api/v1/feeds/clubs/{slug}/nights/").json()
    assert nights == {
        "count": 0,
        "next": None,
        "previous": None,
        "results": [],
        "meta": {
            "club": event.club_id,
            "club_name": event.club.name,
            "club_slug": slug,
            "club_url": f"http://testserver/clubs/{slug}/",
            "calendar": True,  # the planning app fills it; this club planned nothing
        },
    }


def test_the_feeds_and_embeds_name_a_bad_parameter(played):
    event, _ = played
    slug = event.club.slug
    for url in (
        f"/api/v1/feeds/clubs/{slug}/ratings/?top=0",
        f"/api/v1/feeds/clubs/{slug}/ratings/?game=poker",
    ):
        response = Client().get(url)
        assert response.status_code == 400
        assert response.json()["errors"][0]["field"] in ("top", "game")
        assert response["Access-Control-Allow-Origin"] == "*"
    for query, field in (
        ("theme=purple", "theme"),
        ("lang=fr", "lang"),
        ("top=x", "top"),
        ("game=poker", "poker"),
    ):
        response = Client().get(f"/embed/clubs/{slug}/?lang=en&{query}")
        assert response.status_code == 400, query
        assert field in response.content.decode()
    assert Client().get("/embed/clubs/no-such-club/").status_code == 404
    assert Client().get("/api/v1/feeds/clubs/no-such-club/events/").status_code == 404


def test_the_next_nights_come_from_the_calendar_where_one_is_installed(played):
    event, _ = played
    night = PlannedNight(
        starts_at=datetime(2026, 12, 4, 19, 30, tzinfo=UTC),
        game="bonken",
        place="Café De Kroon",
        title="Clubavond",
    )
    installed = next_nights._function
    next_nights.register(lambda club_id, limit: [night] if club_id == event.club_id else [])
    try:
        body = Client().get(f"/embed/clubs/{event.club.slug}/?lang=en").content.decode()
        feed = Client().get(f"/api/v1/feeds/clubs/{event.club.slug}/nights/").json()
    finally:
        next_nights._function = installed
    assert "Next club nights" in body and "Café De Kroon" in body
    assert feed["meta"]["calendar"] is True and feed["results"][0]["place"] == "Café De Kroon"
    assert feed["results"][0]["starts_at"] == "2026-12-04T19:30:00Z"


@pytest.mark.parametrize(
    ("given", "origin"),
    [
        ("https://www.Club.example/", "https://www.club.example"),
        ("https://club.example:443", "https://club.example"),
        ("  https://club.example:8443 ", "https://club.example:8443"),
        ("https://bücher.example", "https://xn--bcher-kva.example"),
    ],
)
def test_an_origin_is_written_as_browsers_write_it(given, origin):
    assert normalize_origin(given) == origin


@pytest.mark.parametrize(
    "given",
    [
        "club.example",
        "https://*.club.example",
        "https://club.example/standings",
        "https://club.example?x=1",
        "ftp://club.example",
        "https://user@club.example",
        "https://club.example:99999",
        "https://club_example.nl",
        "http://club.example",
        "http://localhost:8000",
        "javascript:alert(1)",
        "https://club.example; script-src *",
        "https://club.example:0",
        "https://" + "a" * 300 + ".example",
        "https://xn--.example",
    ],
)
def test_an_origin_that_is_not_one_is_refused_in_english_and_dutch(given):
    with pytest.raises(ServiceError) as caught:
        normalize_origin(given)
    error = caught.value.errors[0]
    assert error["code"] == "invalid_origin" and error["field"] == "origins"
    assert error["message"] != error["message_nl"] and given.strip()[:40] in error["message_nl"]


def test_local_http_origins_only_where_the_setting_allows():
    with override_settings(EMBED_ALLOW_HTTP_ORIGINS=True):
        assert normalize_origin("http://localhost:8000") == "http://localhost:8000"
        assert normalize_origin("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
        with pytest.raises(ServiceError):
            normalize_origin("http://club.example")


def test_organizers_replace_the_origins_with_an_audit_entry(played):
    event, _ = played
    club = event.club
    organizer = user_with_role(club, Role.ORGANIZER)
    saved = embed_origins_set(
        club=club, actor=organizer, origins=["https://new.example", "", "https://NEW.example/"]
    )
    assert saved == ["https://new.example"]
    assert list(EmbedOrigin.objects.filter(club=club).values_list("origin", flat=True)) == saved
    entry = AuditEntry.objects.get(action="club.embed_origins")
    assert entry.details["after"] == saved and SITE in entry.details["before"]
    with pytest.raises(ServiceError) as caught:
        embed_origins_set(
            club=club, actor=organizer, origins=["https://ok.example", "https://a.example/x", "*"]
        )
    assert len(caught.value.errors) == 2  # every problem at once, nothing saved
    assert list(EmbedOrigin.objects.filter(club=club).values_list("origin", flat=True)) == saved
    for role in (Role.SCORER, Role.MEMBER):
        with pytest.raises(NotAllowed):
            embed_origins_set(club=club, actor=user_with_role(club, role), origins=[])


def test_the_settings_page_saves_the_origins_and_shows_a_refusal_in_dutch(played):
    event, _ = played
    club = event.club
    url = f"/manage/clubs/{club.slug}/embeds/"
    organizer = client_for(user_with_role(club, Role.ORGANIZER))
    page = organizer.get(url)
    assert page.status_code == 200 and SITE in page.content.decode()
    assert f"/embed/clubs/{club.slug}/" in page.content.decode()
    response = organizer.post(url, {"origins": "https://a.example\nhttps://b.example/pad"})
    assert response.status_code == 400
    assert "zonder pad" in response.content.decode()
    response = organizer.post(url, {"origins": "https://a.example\r\nhttps://b.example"})
    assert response.status_code == 302
    assert sorted(EmbedOrigin.objects.filter(club=club).values_list("origin", flat=True)) == [
        "https://a.example",
        "https://b.example",
    ]
    assert client_for(user_with_role(club, Role.SCORER)).get(url).status_code == 403
    assert Client().get(url).status_code == 302  # sign in first


def test_the_feeds_are_in_the_openapi_schema():
    schema = Client().get("/api/schema/?format=json").json()
    for path in (
        "/api/v1/feeds/clubs/{slug}/events/",
        "/api/v1/feeds/clubs/{slug}/ratings/",
        "/api/v1/feeds/clubs/{slug}/nights/",
        "/api/v1/feeds/events/{event_id}/standings/",
    ):
        operation = schema["paths"][path]["get"]
        assert operation["tags"] == ["Public feeds"] and operation.get("security") in (None, [{}])
        assert set(schema["paths"][path]) <= {"get", "parameters"}


def test_a_running_events_embed_reloads_itself_and_a_finished_one_does_not(played):
    event, _ = played
    body = Client().get(f"/embed/events/{event.pk}/").content.decode()
    assert 'data-refresh="60"' in body and "js/embed.js" in body
    assert 'http-equiv="refresh"' not in body
    event.status = "finished"
    event.save()
    body = Client().get(f"/embed/events/{event.pk}/").content.decode()
    assert "data-refresh" not in body and "js/embed.js" not in body


def test_the_embed_speaks_dutch_when_asked(played):
    event, _ = played
    response = Client().get(f"/embed/clubs/{event.club.slug}/?lang=nl", HTTP_ACCEPT_LANGUAGE="en")
    body = response.content.decode()
    assert 'lang="nl"' in body and f"Seizoen {timezone.localdate().year}" in body
    assert "Alle standen van de club" in body
    assert response["Content-Language"] == "nl"
