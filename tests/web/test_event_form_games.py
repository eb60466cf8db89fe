"""Any game from the organizer's pages: the new-event form offers every registered game and,
grouped by game, each game's rulesets and the club's house rulesets for it (so the form works
without script); an empty ruleset is the game's usual one; a ruleset of another game is refused
with both games named. The admin offers the same choices, never free text."""

import json
import re

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import Role
from games.registry import games
from tests.factories import ClubFactory, EventFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tournaments.house_rules.services import house_ruleset_create
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def form_data(**changes: str) -> dict[str, str]:
    return {
        "name": "Avond",
        "kind": "club_night",
        "date": "2026-12-04",
        "game": "bonken",
        "ruleset": "",
        "planned_rounds": "2",
        "seating_method": "balanced",
        **changes,
    }


def house(club, game: str, code: str = "eigen"):
    """A house ruleset of ``game``: its usual rules under another code and name."""
    played = games()[game]
    data = played.ruleset_to_dict(played.rulesets[played.default_ruleset])
    data.update(code=code, name=f"Our {played.name}", name_nl=f"Onze {played.name_nl}")
    organizer = user_with_role(club, Role.ORGANIZER)
    return house_ruleset_create(club=club, actor=organizer, game=game, data=data)


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def organizer(club) -> Client:
    return client_for(user_with_role(club, Role.ORGANIZER))


def options(page: str, select: str) -> list[tuple[str, str]]:
    """(value, the option's whole tag) of every option of the select ``select``."""
    body = re.search(rf'<select name="{select}".*?</select>', page, re.S)
    assert body, select
    return re.findall(r'(<option value="([^"]*)"[^>]*>)', body.group())


def test_the_form_offers_every_game_and_each_games_rulesets_grouped(club, organizer):
    jonkler_house = house(club, "jonkler")
    page = organizer.get(
        f"/manage/clubs/{club.slug}/events/new/", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert [value for _tag, value in options(page, "game")] == list(games())
    rulesets = options(page, "ruleset")
    assert rulesets[0][1] == ""  # none chosen: the game's usual rules
    for code, game in games().items():
        assert f'<optgroup label="{game.name}">' in page
        for label in game.rulesets:
            assert (f'<option value="{label}" data-game="{code}">', label) in rulesets
    assert (
        f'<option value="{jonkler_house.label}" data-game="jonkler">',
        jonkler_house.label,
    ) in rulesets
    # Asked for a game (the house rules page links so), the form starts with it.
    page = organizer.get(f"/manage/clubs/{club.slug}/events/new/?game=bonko").content.decode()
    assert '<option value="bonko" selected>' in page


@pytest.mark.parametrize("game", ["bonken", "jonkler", "bonko", "bonanza"])
def test_an_event_of_any_game_with_its_usual_rules_or_a_ruleset_of_its_own(club, organizer, game):
    url = f"/manage/clubs/{club.slug}/events/new/"
    assert organizer.post(url, form_data(game=game)).status_code == 302  # no ruleset chosen
    usual = Event.objects.get(club=club)
    assert (usual.game, usual.ruleset) == (game, games()[game].default_ruleset)
    own = house(club, game)
    assert (
        organizer.post(url, form_data(game=game, ruleset=own.label, name="Huis")).status_code == 302
    )
    assert Event.objects.get(club=club, name="Huis").ruleset == own.label


def test_a_ruleset_of_another_game_is_refused_naming_both_games(club, organizer):
    url = f"/manage/clubs/{club.slug}/events/new/"
    response = organizer.post(
        url, form_data(game="jonkler", ruleset="classic"), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    text = response.content.decode().replace("&#x27;", "'")
    assert "The rules 'Classic (club rules)' are for Bonken, not for Jonkler" in text
    # The choice stays as entered: the game chosen, and the ruleset only in Bonken's group.
    assert '<option value="jonkler" selected>' in text
    assert '<option value="classic" selected data-game="bonken">' in text
    dutch = organizer.post(
        url,
        form_data(game="bonanza", ruleset=house(club, "bonko").label),
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert dutch.status_code == 400
    assert "zijn voor Bonko, niet voor Bonanza Rummy" in dutch.content.decode().replace(
        "&#x27;", "'"
    )
    assert not Event.objects.filter(club=club).exists()


def test_an_unknown_game_or_ruleset_is_a_clear_400(club, organizer):
    url = f"/manage/clubs/{club.slug}/events/new/"
    response = organizer.post(url, form_data(game="poker"))
    assert response.status_code == 400 and "poker" in response.content.decode()
    response = organizer.post(url, form_data(ruleset="eigen@7"))
    assert response.status_code == 400
    assert not Event.objects.exists()


def test_another_clubs_house_rules_are_not_offered_or_accepted(club, organizer):
    elsewhere = house(ClubFactory(), "jonkler", code="elders")
    page = organizer.get(f"/manage/clubs/{club.slug}/events/new/").content.decode()
    assert elsewhere.label not in page
    response = organizer.post(
        f"/manage/clubs/{club.slug}/events/new/", form_data(game="jonkler", ruleset=elsewhere.label)
    )
    assert response.status_code == 400 and not Event.objects.exists()


def test_the_house_rules_page_lists_the_rulesets_per_game(club, organizer):
    for game in games():
        house(club, game)
    page = organizer.get(f"/manage/clubs/{club.slug}/rulesets/").content.decode()
    sections = re.findall(
        r'<section aria-labelledby="rules-(\w+)" data-game="\w+">(.*?)</section>', page, re.S
    )
    assert [code for code, _body in sections] == list(games())
    for code, body in sections:
        assert 'data-house="eigen@1"' in body  # each game's house rules in its own section
        assert f"?game={code}" in body
        assert f"?from={code}:eigen@1" in body
    started = organizer.get(f"/manage/clubs/{club.slug}/rulesets/", {"from": "bonko:eigen@1"})
    assert json.loads(started.context["form"].initial["data"])["code"] == "eigen"


def test_the_admin_offers_the_games_and_rulesets_as_choices(admin_client, club):
    own = house(club, "bonanza")
    page = admin_client.get("/admin/tournaments/event/add/").content.decode()
    assert [value for _tag, value in options(page, "game")] == list(games())
    values = [value for _tag, value in options(page, "ruleset")]
    for game in games().values():
        assert set(game.rulesets) <= set(values)
    assert own.label in values
    assert 'name="game" type="text"' not in page and 'name="ruleset" type="text"' not in page
    refused = admin_client.post(
        "/admin/tournaments/event/add/",
        {
            "club": club.pk,
            "name": "Vrij",
            "kind": "club_night",
            "date": "2026-12-04",
            "game": "poker",
            "ruleset": "free text",
            "planned_rounds": 1,
            "seating_method": "balanced",
            "substitute_counts": "starter",
            "standings_count": "complete",
            "rounds-TOTAL_FORMS": 0,
            "rounds-INITIAL_FORMS": 0,
        },
    )
    assert refused.status_code == 200 and not Event.objects.exists()
    assert set(refused.context["adminform"].form.errors) == {"game", "ruleset"}
    made = admin_client.post(
        "/admin/tournaments/event/add/",
        {
            "club": club.pk,
            "name": "Bonanza",
            "kind": "club_night",
            "date": "2026-12-04",
            "game": "bonanza",
            "ruleset": own.label,
            "planned_rounds": 1,
            "seating_method": "balanced",
            "substitute_counts": "starter",
            "standings_count": "complete",
            "rounds-TOTAL_FORMS": 0,
            "rounds-INITIAL_FORMS": 0,
        },
    )
    assert made.status_code == 302
    assert Event.objects.get(name="Bonanza").ruleset == own.label
    event = Event.objects.get(name="Bonanza")
    change = admin_client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert f'<option value="{own.label}" selected>' in change


def test_event_pages_name_their_game_and_the_header_the_club(club, organizer):
    event = EventFactory(club=club, game="bonko", ruleset="bonko", published=True)
    urls = (
        f"/manage/events/{event.pk}/",
        f"/events/{event.pk}/",
        "/",
        f"/clubs/{club.slug}/",
        f"/door/{event.door_token}/",
    )
    for url in urls:
        page = organizer.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "Bonko" in page, url
        assert "♠ Bonken" not in page and "· Bonken<" not in page, url
    dashboard = organizer.get(f"/manage/events/{event.pk}/").content.decode()
    assert f'<a class="brand" href="/">{club.name}</a>' in dashboard
    assert '<span data-game="bonko">Bonko</span>' in dashboard
    screen = organizer.get(f"/events/{event.pk}/screen/").content.decode()
    assert 'data-game="bonko">Bonko</span>' in screen and "Bonken" not in screen


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("code", sorted(games()))
def test_the_dashboard_names_the_game_once_and_its_rules_where_they_say_more(
    club, organizer, code, language
):
    game = games()[code]
    name = game.name_nl if language == "nl" else game.name
    event = EventFactory(club=club, game=code, ruleset=game.default_ruleset)
    page = organizer.get(f"/manage/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    header = re.search(r'<p class="muted"><span data-game=.*?·', page.content.decode()).group()
    ruleset = game.rulesets[game.default_ruleset]
    rules = ruleset.name_nl if language == "nl" else ruleset.name
    if rules == name:  # Jonkler's, Bonko's and Bonanza's own rules: "Jonkler", not twice
        assert header == f'<p class="muted"><span data-game="{code}">{name}</span> ·'
    else:  # Bonken's classic rules say which, after a comma (no brackets in brackets)
        assert header == f'<p class="muted"><span data-game="{code}">{name}</span>, {rules} ·'
    if code == "jonkler":
        assert "Jonkler (Jonkler)" not in page.content.decode()
    own = house(club, code)
    event = EventFactory(club=club, game=code, ruleset=own.label)
    page = organizer.get(f"/manage/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert f"{name}</span>, {own.label} ·" in page.content.decode()


@pytest.mark.parametrize(("language", "name"), [("en", "Jonkler"), ("nl", "jonkler")])
def test_an_event_called_after_its_game_names_the_game_once(club, organizer, language, name):
    event = EventFactory(club=club, name=name, game="jonkler", ruleset="jonkler", published=True)
    table = seated_table(event)
    urls = [
        f"/manage/events/{event.pk}/",
        f"/events/{event.pk}/",
        f"/door/{event.door_token}/",
        f"/manage/rounds/{table.round.pk}/",
        f"/events/{event.pk}/tables/{table.pk}/",
        f"/events/{event.pk}/screen/",
    ]
    for url in urls:
        page = organizer.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        start = page.find("<main", 0, page.index("<h1"))  # the screen's h1 is above its main
        header = page[start if start >= 0 else page.index("<body") : page.index("</h1>") + 600]
        assert "Jonkler (Jonkler)" not in page, url
        assert 'data-game="jonkler"' not in header, url  # the event's name says it already
        assert re.findall(r"(?i)jonkler", re.sub(r"<[^>]+>", " ", header)) == [name], url
    other = EventFactory(club=club, name="Vrijdag", game="jonkler", ruleset="jonkler")
    page = organizer.get(f"/manage/events/{other.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert '<span data-game="jonkler">Jonkler</span> · ' in page.content.decode()


def test_the_api_gives_the_same_problem_under_its_stable_code(club):
    api = APIClient()
    api.force_authenticate(user_with_role(club, Role.ORGANIZER))
    answer = api.post(
        "/api/v1/events/",
        {
            "club": club.pk,
            "name": "Avond",
            "date": "2026-12-04",
            "game": "bonko",
            "ruleset": "eleven",
        },
        format="json",
    )
    assert answer.status_code == 400
    (problem,) = answer.json()["errors"]
    assert problem["code"] == "unknown_ruleset" and problem["field"] == "ruleset"
    assert problem["message"] == (
        "The rules 'Eleven rounds' are for Bonken, not for Bonko: choose rules of Bonko, or "
        "none for its usual rules."
    )
    assert "zijn voor Bonken, niet voor Bonko" in problem["message_nl"]


@pytest.mark.parametrize("language, written", [("nl", "%d-%m-%Y"), ("en", "%d/%m/%Y")])
def test_the_form_starts_on_today_written_as_the_person_writes_a_date(
    club, organizer, language, written
):
    """A club night is made on the night: the date is today's, day first as the page's
    language writes it ("29-11-2026", "29/11/2026"), in a text field, not the browser's date
    picker that writes it the browser's way (tests/web/test_organizer_week.py reads it)."""
    page = organizer.get(
        f"/manage/clubs/{club.slug}/events/new/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    today = timezone.localdate().strftime(written)
    assert f'<input type="text" name="date" value="{today}"' in page
