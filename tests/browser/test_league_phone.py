"""A league from the organizer's club page, on a 390 x 844 phone, in Dutch and English: the
organizer founds a league with the club in it, plans its season (a refused season first, the
summary in view and focused, the message beside its field), invites a second club, whose
organizer accepts; the organizer gives a player a league number on the player's behalf (refused
without saying how the player agreed); each club counts its night from the event's page; a
result arriving afterwards counts too, and the league's public page shows the standings.
Screenshots (SCREENSHOTS=1) go to artifacts/look/leagues/."""

from __future__ import annotations

import datetime
import random
import re
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership, Player, Role
from games.bonken.rules import get_ruleset
from games.bonken.rules.sample import random_games
from leagues.links import league_link_consent
from leagues.models import League, LeagueClub, LeagueLink, LeagueNight, LeagueStanding
from results.services import session_submit
from tests.conftest import ROOT
from tests.factories import UserFactory, seated_table
from tournaments.models import Event, Round

from .conftest import PHONE
from .test_refusals_in_view import refused_in_view

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LOCALES = {"nl": "nl-NL", "en": "en-GB"}
LOOK = ROOT / "artifacts" / "look" / "leagues"
NORTH = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser"]
SOUTH = ["Eva Smit", "Floor Mulder", "Gijs de Boer", "Hanna Bos", "Iris Vos"]
WORDS = {
    "nl": {
        "leagues": "Competities",
        "found": "Een competitie oprichten",
        "season_refused": "Het seizoen eindigt voor het begint.",
        "accept": "Aannemen",
        "reason_refused": "Zeg waarom je namens de speler toestemming geeft.",
    },
    "en": {
        "leagues": "Leagues",
        "found": "Found a league",
        "season_refused": "The season ends before it starts.",
        "accept": "Accept",
        "reason_refused": "Say why you consent on the player's behalf.",
    },
}


def organizer_of(club: Club, username: str, name: str) -> Any:
    account = UserFactory(username=username)
    account.set_password("secret")
    account.save()
    player = Player.objects.create(name=name, user=account)
    Membership.objects.create(club=club, player=player, role=Role.ORGANIZER)
    return account


def club_night(club: Club, names: list[str], day: datetime.date) -> tuple[Event, list[Any]]:
    """A published club night with one round of tables of the named players."""
    event = Event.objects.create(club=club, name=f"Clubavond {club.name}", date=day, published=True)
    players = [Player.objects.create(name=name) for name in names]
    tables = [
        seated_table(event, table_number=n, players=players[i : i + 4])
        for n, i in enumerate(range(0, len(players) - 3, 4), start=1)
    ]
    Round.objects.filter(event=event).update(status=Round.Status.PLAYING)
    return event, tables


def sign_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def tap(page: Any, selector: str, url: Any) -> None:
    """A tap that navigates, to ``url``."""
    with page.expect_navigation(url=url):
        page.locator(selector).first.click()


def fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_league_from_the_club_page_to_its_public_standings(chromium, live_server, audit, lang):
    base, words = live_server.url, WORDS[lang]
    north = Club.objects.create(name="De Noorderzon", slug="noorderzon", city="Groningen")
    south = Club.objects.create(name="Zuiderkruis", slug="zuiderkruis", city="Maastricht")
    organizer_of(north, "olga", "Olga Noord")
    organizer_of(south, "zeno", "Zeno Zuid")
    today = timezone.localdate()
    rng = random.Random(45)
    classic = get_ruleset("classic")
    north_night, north_tables = club_night(north, NORTH, today)
    south_night, south_tables = club_night(south, SOUTH[:4], today)
    for table in (*north_tables, *south_tables):
        session_submit(
            table=table,
            submitted_by=None,
            document=random_games(classic, rng),
            table_token=table.scoring_token,
        )

    def shot(page: Any, name: str) -> None:
        fits(page)
        audit.shot(page, f"league-{name}-{lang}", look=LOOK / f"{name}-{lang}.png")

    # --- The north's organizer founds the league from the club's page ----------------------
    page = audit.prepare(chromium.new_context(locale=LOCALES[lang], **PHONE)).new_page()
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
    sign_in(page, base, "olga")
    page.goto(f"{base}/clubs/{north.slug}/")
    leagues = f"main a:text-is('{words['leagues']}')"
    tap(page, leagues, re.compile(r"/manage/clubs/noorderzon/leagues/$"))
    shot(page, "club-leagues-empty")
    found = f"main a:text-is('{words['found']}')"
    tap(page, found, re.compile(r"/manage/leagues/new/\?club=noorderzon$"))
    page.fill("#id_name", "Regio Noord-Zuid")
    assert page.input_value("#id_club") == str(north.pk)
    shot(page, "found")
    tap(page, "main form button[type=submit]", re.compile(r"/manage/leagues/regio-noord-zuid/$"))
    league = League.objects.get()
    here = re.compile(r"/manage/leagues/regio-noord-zuid/$")
    assert LeagueClub.objects.get(league=league, club=north).status == LeagueClub.Status.MEMBER

    # A season that ends before it starts is refused where the organizer sees it.
    page.fill("#id_season-name", "Seizoen 2026")
    page.fill("#id_season-start", f"{today.year}-12-31")
    page.fill("#id_season-end", f"{today.year}-01-01")
    tap(page, "form:has(input[value=season]) button[type=submit]", here)
    refused_in_view(page, "id_season-end", words["season_refused"], f"league-season-{lang}")
    shot(page, "season-refused")
    page.fill("#id_season-start", f"{today.year}-01-01")
    page.fill("#id_season-end", f"{today.year}-12-31")
    tap(page, "form:has(input[value=season]) button[type=submit]", here)
    page.select_option("#id_invite-club", str(south.pk))
    tap(page, "form:has(input[value=invite]) button[type=submit]", here)
    shot(page, "manage")
    assert LeagueClub.objects.get(league=league, club=south).status == LeagueClub.Status.INVITED

    # --- The south's organizer accepts ---------------------------------------------------
    other = audit.prepare(chromium.new_context(locale=LOCALES[lang], **PHONE)).new_page()
    other.context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
    sign_in(other, base, "zeno")
    other.goto(f"{base}/clubs/{south.slug}/")
    south_leagues = re.compile(r"/manage/clubs/zuiderkruis/leagues/$")
    tap(other, leagues, south_leagues)
    shot(other, "invited")
    tap(other, f"button:has-text('{words['accept']}')", south_leagues)
    assert LeagueClub.objects.get(league=league, club=south).status == LeagueClub.Status.MEMBER

    # --- League numbers: one on the player's behalf, refused first without a reason -------
    page.goto(f"{base}/manage/clubs/{north.slug}/leagues/")
    anna = Player.objects.get(name=NORTH[0])
    page.select_option("#id_link-player", str(anna.pk))
    page.check("#id_link-on_behalf")
    tap(page, "form:has(input[value=link]) button[type=submit]", re.compile(r"/leagues/$"))
    refused_in_view(page, "id_link-reason", words["reason_refused"], f"league-link-{lang}")
    shot(page, "link-refused")
    page.fill("#id_link-reason", "Zei ja" if lang == "nl" else "Said yes")
    tap(page, "form:has(input[value=link]) button[type=submit]", re.compile(r"/leagues/$"))
    assert LeagueLink.objects.get(player=anna).active
    shot(page, "linked")
    for club, organizer, names in ((north, "olga", NORTH[1:]), (south, "zeno", SOUTH)):
        actor = UserFactory._meta.model.objects.get(username=organizer)
        for name in names:
            player = Player.objects.get_or_create(name=name)[0]
            Membership.objects.get_or_create(club=club, player=player)
            league_link_consent(
                league=league, player=player, club=club, actor=actor, on_behalf=True, reason="ja"
            )

    # --- Each club counts its night from the event's page ---------------------------------
    for who, event in ((page, north_night), (other, south_night)):
        who.goto(f"{base}/manage/events/{event.pk}/")
        mark = "form[action$='/league/'] button[type=submit]"
        tap(who, mark, re.compile(rf"/manage/events/{event.pk}/"))
        assert who.locator("#league-title").count() == 1
    shot(page, "event-counted")
    assert LeagueNight.objects.filter(league=league, unmarked_at__isnull=True).count() == 2

    # A result that arrives after the night was marked counts too (Iris plays a late table).
    late = seated_table(
        south_night, round_number=2, players=list(Player.objects.filter(name__in=SOUTH[1:]))
    )
    Round.objects.filter(pk=late.round_id).update(status=Round.Status.PLAYING)
    session_submit(
        table=late,
        submitted_by=None,
        document=random_games(classic, rng),
        table_token=late.scoring_token,
    )

    # --- The public league page shows the standings -------------------------------------------
    page.goto(f"{base}/leagues/{league.slug}/")
    rows = page.locator("table.fold tbody tr")
    lines = LeagueStanding.objects.filter(season__league=league)
    assert lines.count() == len(NORTH) + len(SOUTH)
    assert rows.count() == len(NORTH) + len(SOUTH)
    iris = lines.get(league_player__name="Iris Vos")
    assert iris.sessions == 1
    assert "Iris Vos" in page.inner_text("main") and "Zuiderkruis" in page.inner_text("main")
    first = lines.order_by("line").first()
    assert first.league_player.name in rows.first.inner_text()
    shot(page, "standings")
    page.goto(f"{base}/leagues/{league.slug}/ratings/")
    shot(page, "ratings")
    # The pages that change a season and stop counting a night (asking why first).
    page.goto(f"{base}/manage/leagues/{league.slug}/seasons/{league.seasons.get().pk}/")
    shot(page, "season")
    page.goto(f"{base}/manage/leagues/{league.slug}/nights/{north_night.pk}/stop/")
    shot(page, "stop-night")
    assert not audit.violations, "\n".join(audit.violations)
