"""Numbers a page reads from a form or a query string (ids above all) follow one rule, ASCII
digits only (``core.parsing.whole_number``, ``core.view_helpers.number_from``,
``core.forms.WholeNumberField``, ``core.forms.IdChoiceField``): ``abc`` or ``1.5`` is a clear
400 naming the field, never a 500, and ``٣`` (an Arabic-Indic three) is refused, never taken as
player 3. ``test_no_view_reads_a_number_by_hand`` keeps a new view from reading one another
way."""

import ast
import datetime
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from clubs.models import Role
from games.bonko.plugin.rolls import parse_rolls
from tests.db_state import database_state
from tests.factories import EventFactory, RoundFactory, seated_table, user_with_role
from tests.source import parse
from tests.web.conftest import client_for, members
from tournaments.models import EventPlayer, EventTeam, Table
from week.planning.models import PlannedNight, Rsvp, RsvpLink

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def arabic(number: int) -> str:
    """``number`` written in Arabic-Indic digits (``int`` reads it as ``number``)."""
    return str(number).translate(ARABIC_INDIC)


@pytest.fixture
def world() -> dict[str, Any]:
    event = EventFactory(published=False)
    club = event.club
    organizer = user_with_role(club, Role.ORGANIZER)
    players = members(club, 4)
    table = seated_table(event, players=players)
    starts = timezone.now() + datetime.timedelta(days=20)
    night = PlannedNight.objects.create(
        club=club, starts_at=starts, ends_at=starts + datetime.timedelta(hours=4), game="bonken"
    )
    return {
        "event": event,
        "club": club,
        "players": players,
        "table": table,
        "night": night,
        "client": client_for(organizer),
    }


# Every page that reads an id (or another whole number) from a post by hand: its address, the
# post with the number under test in ``value``'s field, and that field.
POSTS: list[tuple[str, Callable[[dict[str, Any]], str], Callable[[str], dict[str, str]], str]] = [
    (
        "a player's personal link",
        lambda w: f"/clubs/{w['club'].slug}/nights/links/",
        lambda value: {"player": value, "action": "renew"},
        "player",
    ),
    (
        "an organizer's answer for a player",
        lambda w: f"/nights/{w['night'].pk}/answer/",
        lambda value: {"player": value, "answer": "yes", "via": "club"},
        "player",
    ),
    (
        "renaming a player",
        lambda w: f"/manage/clubs/{w['club'].slug}/players/",
        lambda value: {"action": "rename", "player": value, "name": "Someone else"},
        "player",
    ),
    (
        "merging two players",
        lambda w: f"/manage/clubs/{w['club'].slug}/players/",
        lambda value: {"action": "merge", "player": "PLAYER0", "into": value, "reason": "same"},
        "into",
    ),
    (
        "a substitute's seat",
        lambda w: f"/manage/tables/{w['table'].pk}/substitute/",
        lambda value: {"position": value, "from_part": "1", "player": "PLAYER1", "reason": "ill"},
        "position",
    ),
    (
        "a substitute",
        lambda w: f"/manage/tables/{w['table'].pk}/substitute/",
        lambda value: {"position": "0", "from_part": "1", "player": value, "reason": "ill"},
        "player",
    ),
]


def _post(world: dict[str, Any], build: Callable[[str], dict[str, str]], value: str) -> dict:
    data = build(value)
    players = world["players"]
    return {
        key: str(players[int(text[-1])].pk) if text.startswith("PLAYER") else text
        for key, text in data.items()
    }


@pytest.mark.parametrize("value", ["abc", "1.5", "-1", "1e3", "PLAYER", "²"])
@pytest.mark.parametrize(("what", "url", "build", "field"), POSTS, ids=[p[0] for p in POSTS])
def test_a_number_that_is_no_number_is_a_clear_400(world, what, url, build, field, value):
    if value == "PLAYER":  # a player's id in Arabic-Indic digits: int() reads it as the id
        value = arabic(world["players"][2].pk)
    before = database_state()
    response = world["client"].post(
        url(world), _post(world, build, value), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400, what
    text = response.content.decode()
    assert f"{field} must be a whole number in the digits 0 to 9" in text
    assert database_state() == before


def test_the_400_is_in_dutch_on_a_dutch_page(world):
    response = world["client"].post(
        f"/clubs/{world['club'].slug}/nights/links/",
        {"player": "abc", "action": "renew"},
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert response.status_code == 400
    assert "player moet een geheel getal zijn in de cijfers 0 tot en met 9" in (
        response.content.decode()
    )


def test_an_arabic_indic_id_never_names_that_player(world):
    """Before: ``player=٣`` made a personal link for player 3 and answered for them."""
    player = world["players"][1]
    client = world["client"]
    client.post(
        f"/clubs/{world['club'].slug}/nights/links/",
        {"player": arabic(player.pk), "action": "renew"},
    )
    client.post(
        f"/nights/{world['night'].pk}/answer/",
        {"player": arabic(player.pk), "answer": "yes", "via": "club"},
    )
    assert not RsvpLink.objects.filter(player=player).exists()
    assert not Rsvp.objects.filter(player=player).exists()
    # The same posts with the id in digits do what they say.
    assert (
        client.post(
            f"/clubs/{world['club'].slug}/nights/links/", {"player": str(player.pk)}
        ).status_code
        == 302
    )
    assert RsvpLink.objects.filter(player=player).exists()


def test_a_teams_number_is_read_by_the_same_rule():
    event = EventFactory(published=False, game="bonko", ruleset="standard")
    organizer = user_with_role(event.club, Role.ORGANIZER)
    first, second = members(event.club, 2)
    for player in (first, second):
        EventPlayer.objects.create(event=event, player=player, present=True)
    team = EventTeam.objects.create(event=event, first=first, second=second, name="A & B")
    client = client_for(organizer)
    for value in ("abc", "1.5", arabic(team.pk)):
        response = client.post(
            f"/manage/events/{event.pk}/teams/", {"action": "unpair", "team": value}
        )
        assert response.status_code == 400, value
        assert EventTeam.objects.filter(pk=team.pk).exists()


def test_a_check_in_names_its_player_in_digits(world):
    player = world["players"][0]
    event = world["event"]
    EventPlayer.objects.filter(event=event, player=player).delete()
    url = f"/manage/events/{event.pk}/checkin/"
    response = world["client"].post(url, {"player": arabic(player.pk), "present": "on"})
    assert response.status_code in (200, 400)
    assert not EventPlayer.objects.filter(event=event, player=player, present=True).exists()
    world["client"].post(url, {"player": str(player.pk), "present": "on"})
    assert EventPlayer.objects.filter(event=event, player=player, present=True).exists()


def test_the_admin_takes_an_objects_id_in_digits_only(admin_client):
    round_ = RoundFactory()
    before = Table.objects.count()
    seats = {"seats-TOTAL_FORMS": "0", "seats-INITIAL_FORMS": "0"}
    response = admin_client.post(
        "/admin/tournaments/table/add/", {"round": arabic(round_.pk), "number": "7", **seats}
    )
    assert response.status_code == 200  # the form again, with its problem
    assert response.context["adminform"].form.errors["round"]
    assert Table.objects.count() == before
    response = admin_client.post(
        "/admin/tournaments/table/add/", {"round": str(round_.pk), "number": "7", **seats}
    )
    assert response.status_code == 302
    assert Table.objects.filter(round=round_, number=7).exists()


def test_a_season_picture_takes_a_year_in_digits(world):
    url = f"/clubs/{world['club'].slug}/season/picture/"
    assert Client().get(url, {"year": arabic(2026)}).status_code == 400
    assert Client().get(url, {"year": "2026"}).status_code == 200


@pytest.mark.parametrize("line", ["² 333", "٣ 333", "r٣ 1 333", "r² 1 333"])
def test_a_bonko_roll_with_another_kind_of_digit_is_a_line_that_cannot_be_read(line):
    """Before: ``int("²")`` failed (a 500) and ``٣`` was read as seat 3."""
    rolls, problems = parse_rolls(line)
    assert rolls == [] and len(problems) == 1


# --- no view reads a number another way ----------------------------------------------------

APPS = [
    path
    for path in ROOT.iterdir()
    if path.is_dir() and (path / "__init__.py").exists() and path.name not in {"tests", "bench"}
]
# Where text is read as a number: the rule itself.
ALLOWED = {"core/parsing.py"}
BY_HAND = re.compile(r"\.(isdigit|isdecimal|isnumeric)\(\)")


def _sources() -> list[Path]:
    return sorted(
        path
        for app in APPS
        for path in app.rglob("*.py")
        if "migrations" not in path.parts and "rules" not in path.parts
    )


def _raw_read(node: ast.expr) -> bool:
    """Whether ``node`` is a posted or queried value as sent (``request.POST.get("x") or 0``,
    ``request.GET["x"]``, ``post.get("x")``)."""
    if isinstance(node, ast.BoolOp):
        return any(_raw_read(value) for value in node.values)
    if isinstance(node, ast.Call):
        return bool(re.fullmatch(r"(request\.(POST|GET)|post)\.get", ast.unparse(node.func)))
    if isinstance(node, ast.Subscript):
        return bool(re.fullmatch(r"request\.(POST|GET)|post", ast.unparse(node.value)))
    return False


def test_no_view_reads_a_number_by_hand():
    """``str.isdigit`` is true for ``²`` and ``٣``; a posted or queried value given to a
    lookup as it is (``pk=request.POST.get(...)``) or to ``int()`` reads them too."""
    found = []
    for path in _sources():
        name = str(path.relative_to(ROOT))
        if name in ALLOWED:
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if BY_HAND.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
        for node in ast.walk(parse(path)):
            if not isinstance(node, ast.Call):
                continue
            as_int = ast.unparse(node.func) == "int" and any(map(_raw_read, node.args))
            as_id = any(
                _raw_read(keyword.value)
                for keyword in node.keywords
                if keyword.arg in ("pk", "id") or (keyword.arg or "").endswith("_id")
            )
            if as_int or as_id:
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)[:80]}")
    assert not found, "read it with core.view_helpers.number_from:\n" + "\n".join(found)
