"""Every form that writes, against every kind of visitor: anonymous, member, scorer, a scorer
of this event only, a scorer of another event, organizer, organizer of another club. A refused
form answers with the sign-in page (anonymous) or 403/404 and leaves the database exactly as it
was; an allowed one saves and leaves an audit entry.

The table's own pages (``/t/<token>/``) are open to whoever holds the link: with it they
write (whoever is signed in), with a wrong link they are not found, and once the round is
closed they save nothing. ``test_every_page_is_in_the_matrix`` fails for a page (URL name)
that is neither a form here nor listed as read-only, so a new form cannot slip through.
"""

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from clubs.access.codes import player_code_issue
from clubs.models import Membership, Player, Role
from games.bonken.imports.services import sunmar_upload
from results.models import Session
from results.services import session_submit
from tests.db_state import changed_tables, database_state
from tests.documents import classic_document, classic_games
from tests.factories import ClubFactory, EventFactory, PlayerFactory, seated_table, user_with_role
from tests.sunmar_backups import example_zip
from tests.web.conftest import client_for
from tests.web.league_matrix import LEAGUE_FORMS, read_only_urls
from tests.web.league_matrix import READ_ONLY as LEAGUE_PAGES
from tournaments.door.services import door_check_in
from tournaments.models import Event, EventPlayer, EventScorer, Round
from tournaments.rounds.services import round_generate
from week.mailings import links
from week.mailings.models import MailPreference
from week.planning.models import PlannedNight, Rsvp, RsvpLink
from week.webhooks.models import Delivery, Hook

pytestmark = pytest.mark.django_db

ACTORS = [
    "anonymous",
    "member",
    "scorer",
    "event_scorer",
    "other_event_scorer",
    "organizer",
    "other_organizer",
]
ORGANIZERS = {"organizer"}
HOUSE_RULES = (
    Path(__file__).resolve().parents[2]
    / "games"
    / "bonken"
    / "rules"
    / "examples"
    / "house_quota_ruleset.json"
).read_text()
SCORERS = {"organizer", "scorer"}


def build() -> dict[str, Any]:
    # One planned round: its seating is found at once (a plan of several rounds is searched
    # for the fewest repeats, a tenth of a second a world, which this matrix does not test).
    event = EventFactory(published=False, status=Event.Status.RUNNING, planned_rounds=1)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    players = PlayerFactory.create_batch(8)
    for player in players:
        Membership.objects.create(club=event.club, player=player)
        EventPlayer.objects.create(event=event, player=player)
    planned = round_generate(event=event, actor=organizer, seed=4)
    seated = [s.player_id for t in planned.tables.all() for s in t.seats.all()]
    # The tables' own pages: a table still to play and one with three games, in a round
    # being played, and a table of a closed round.
    playing = seated_table(event, round_number=10)
    scored = seated_table(event, round_number=10, table_number=2)
    session_submit(table=scored, submitted_by=organizer, document=classic_document(3))
    closed = seated_table(event, round_number=11)
    session_submit(table=closed, submitted_by=organizer, document=classic_document(3))
    Round.objects.filter(pk=closed.round_id).update(status=Round.Status.CLOSED)
    candidate = user_with_role(event.club, Role.MEMBER).player
    assigned = user_with_role(event.club, Role.MEMBER).player
    earlier = EventFactory(club=event.club, date=event.date - datetime.timedelta(days=7))
    EventPlayer.objects.create(event=earlier, player=candidate, present=True)
    EventScorer.objects.create(event=event, player=assigned)
    # An event whose tables are done (to close), and a finished one (to reopen).
    finishable = seated_table(EventFactory(club=event.club, status=Event.Status.RUNNING))
    session_submit(table=finishable, submitted_by=organizer, document=classic_document())
    finished = EventFactory(club=event.club, status=Event.Status.FINISHED)
    bonko = EventFactory(
        club=event.club, game="bonko", ruleset="bonko", status=Event.Status.RUNNING
    )
    for player in players[:2]:
        EventPlayer.objects.create(event=bonko, player=player)
    codes = {
        seat.player_id: player_code_issue(actor=organizer, player=seat.player)
        for seat in finishable.seats.all()
    }
    return {
        "event": event,
        "club": event.club,
        "organizer": organizer,
        "round": planned,
        "done": finishable,
        "codes": codes,
        "finishable": finishable.round.event,
        "finished": finished,
        "seated": seated,
        "absent": players[0],
        "playing": playing,
        "scored": scored,
        "closed": closed,
        "candidate": candidate,
        "assigned": assigned,
        "bonko": bonko,
        "partners": players[:2],
    }


def newcomer(world: dict[str, Any]) -> Player:
    """A member without a login, not on the event's list (made again inside each try)."""
    player = PlayerFactory()
    Membership.objects.create(club=world["club"], player=player)
    return player


def at_the_door(world: dict[str, Any]) -> dict[str, Any]:
    """A newcomer who checked in at the door (for the organizer's undo)."""
    player = newcomer(world)
    door_check_in(token=world["event"].door_token, actor=None, player=player, device="matrix")
    return {"player": player.pk}


def uploaded(world: dict[str, Any]) -> int:
    """A backup the world's organizer uploaded (made again inside each visitor's try)."""
    return sunmar_upload(club=world["club"], actor=world["organizer"], data=example_zip()).pk


def a_hook(world: dict[str, Any]) -> Hook:
    """A webhook of the world's club (made again inside each visitor's try)."""
    return Hook.objects.create(
        club=world["club"],
        url="https://93.184.216.34/hook",
        kinds=["result.saved"],
        secret="s" * 48,
    )


def a_delivery_path(world: dict[str, Any]) -> str:
    """The "send again" of a failed delivery of a hook of the world's club."""
    hook = a_hook(world)
    delivery = Delivery.objects.create(
        hook=hook, kind="result.saved", payload={}, status=Delivery.Status.FAILED, attempts=6
    )
    return f"/manage/clubs/{world['club'].slug}/webhooks/{hook.pk}/deliveries/{delivery.pk}/resend/"


def subscribed(world: dict[str, Any]) -> dict[str, Any]:
    """A player who asked for their evening by e-mail (for the unsubscribe link)."""
    MailPreference.objects.update_or_create(
        player=world["absent"], defaults={"email": "absent@example.test", "evening": True}
    )
    return {}


def client(actor: str, world: dict[str, Any]):
    if actor == "anonymous":
        return client_for()
    if actor == "organizer":
        return client_for(world["organizer"])
    if actor == "other_organizer":
        return client_for(user_with_role(ClubFactory(), Role.ORGANIZER))
    if actor in {"event_scorer", "other_event_scorer"}:
        user = user_with_role(world["club"], Role.MEMBER)
        event = world["event"] if actor == "event_scorer" else EventFactory(club=world["club"])
        EventScorer.objects.create(event=event, player=user.player)
        return client_for(user)
    return client_for(user_with_role(world["club"], actor))


def corrected_first_game(world: dict[str, Any]) -> dict[str, Any]:
    """Game 1 of the closed round's table with its tricks one seat off, and the reason."""
    game = classic_games()[0]
    counts = [*game["counts"][1:], game["counts"][0]]
    return {**game_post({**game, "counts": counts}, 1), "reason": "copied wrong"}


FORMS: list[tuple[str, str, Callable[[dict], str], Callable[[dict], dict], set[str]]] = [
    (
        "correct one game of a closed round",
        "scoring:correct",
        lambda w: f"/manage/tables/{w['closed'].pk}/correct/1/",
        corrected_first_game,
        ORGANIZERS,
    ),
    (
        "standings count",
        "manage:standings_count",
        lambda w: f"/manage/events/{w['event'].pk}/standings-count/",
        lambda w: {"standings_count": "signed"},
        ORGANIZERS,
    ),
    (
        "set my personal code",
        "account",
        lambda w: "/accounts/",
        lambda w: {"code": "4071", "again": "4071"},
        set(ACTORS) - {"anonymous"},
    ),
    (
        "issue a personal code",
        "clubs:issue_code",
        lambda w: f"/clubs/{w['club'].slug}/players/{w['absent'].pk}/code/",
        lambda w: {},
        ORGANIZERS,
    ),
    (
        "personal codes for the night",
        "manage:night_codes",
        lambda w: f"/manage/events/{w['event'].pk}/codes/",
        lambda w: {},
        ORGANIZERS,
    ),
    (
        "sign for a player",
        "scoring:signoff_manage",
        lambda w: f"/manage/tables/{w['done'].pk}/signoff/",
        lambda w: {
            "action": "sign_for",
            "player": w["done"].seats.first().player_id,
            "revision": 1,
            "reason": "went home",
        },
        ORGANIZERS,
    ),
    (
        "register player",
        "clubs:club_page",
        lambda w: f"/clubs/{w['club'].slug}/",
        lambda w: {"name": "Nieuw"},
        SCORERS,
    ),
    (
        "save house rules",
        "manage:house_rules",
        lambda w: f"/manage/clubs/{w['club'].slug}/rulesets/",
        lambda w: {"game": "bonken", "data": HOUSE_RULES},
        ORGANIZERS,
    ),
    (
        "websites that may embed",
        "manage:embed_settings",
        lambda w: f"/manage/clubs/{w['club'].slug}/embeds/",
        lambda w: {"origins": "https://www.club.example"},
        ORGANIZERS,
    ),
    (
        "rename a player",
        "manage:club_players",
        lambda w: f"/manage/clubs/{w['club'].slug}/players/",
        lambda w: {"action": "rename", "player": w["absent"].pk, "name": "Hernoemd"},
        ORGANIZERS,
    ),
    (
        "check in as last time",
        "manage:checkin_last_time",
        lambda w: f"/manage/events/{w['event'].pk}/checkin/last-time/",
        lambda w: {},
        SCORERS,
    ),
    (
        "seat a substitute",
        "manage:table_substitute",
        lambda w: f"/manage/tables/{w['scored'].pk}/substitute/",
        lambda w: {"position": "1", "player": w["candidate"].pk, "from_part": "2"},
        SCORERS,
    ),
    (
        "upload app backup",
        "manage:sunmar_upload",
        lambda w: f"/manage/clubs/{w['club'].slug}/import/",
        lambda w: {"backup": SimpleUploadedFile("backup.zip", example_zip())},
        ORGANIZERS,
    ),
    (
        "import app backup",
        "manage:sunmar_review",
        lambda w: f"/manage/clubs/{w['club'].slug}/import/{uploaded(w)}/",
        lambda w: {"rejected": "import", **{f"name_{i}": "new" for i in range(4)}},
        ORGANIZERS,
    ),
    (
        "create event",
        "manage:event_create",
        lambda w: f"/manage/clubs/{w['club'].slug}/events/new/",
        lambda w: {
            "name": "Cup",
            "kind": "tournament",
            "date": "2026-12-04",
            "ruleset": "classic",
            "planned_rounds": "3",
            "seating_method": "balanced",
        },
        ORGANIZERS,
    ),
    (
        "check in",
        "manage:checkin",
        lambda w: f"/manage/events/{w['event'].pk}/checkin/",
        lambda w: {"player": w["absent"].pk, "present": ""},
        SCORERS,
    ),
    # The door: its link is the permission; signed in, a player checks in themselves only.
    (
        "check in at the door",
        "public:door_check_in",
        lambda w: f"/door/{w['event'].door_token}/check-in/",
        lambda w: {"player": newcomer(w).pk},
        SCORERS | {"anonymous"},
    ),
    (
        "undo a door check-in",
        "manage:door_undo",
        lambda w: f"/manage/events/{w['event'].pk}/door/undo/",
        at_the_door,
        SCORERS,
    ),
    (
        "renew the door link",
        "manage:door_renew",
        lambda w: f"/manage/events/{w['event'].pk}/door/renew/",
        lambda w: {},
        ORGANIZERS,
    ),
    (
        "require sign-in at the door",
        "manage:door_sign_in",
        lambda w: f"/manage/events/{w['event'].pk}/door/sign-in/",
        lambda w: {"required": "1"},
        ORGANIZERS,
    ),
    (
        "walk-in",
        "manage:walk_in",
        lambda w: f"/manage/events/{w['event'].pk}/walk-in/",
        lambda w: {"name": "Inloper"},
        SCORERS,
    ),
    (
        "seat a round",
        "manage:seat_round",
        lambda w: f"/manage/events/{w['event'].pk}/rounds/new/",
        lambda w: {"method": "random"},
        ORGANIZERS,
    ),
    (
        "publish",
        "manage:event_publish",
        lambda w: f"/manage/events/{w['event'].pk}/publish/",
        lambda w: {},
        ORGANIZERS,
    ),
    (
        "close event",
        "manage:event_close",
        lambda w: f"/manage/events/{w['finishable'].pk}/close/",
        lambda w: {},
        ORGANIZERS,
    ),
    (
        "reopen event",
        "manage:event_reopen",
        lambda w: f"/manage/events/{w['finished'].pk}/reopen/",
        lambda w: {"reason": "a result was wrong"},
        ORGANIZERS,
    ),
    (
        "reopen round",
        "manage:round_reopen",
        lambda w: f"/manage/rounds/{w['closed'].round_id}/reopen/",
        lambda w: {"reason": "table 1 was not finished"},
        ORGANIZERS,
    ),
    (
        "add event scorer",
        "manage:scorer_add",
        lambda w: f"/manage/events/{w['event'].pk}/scorers/",
        lambda w: {"player": w["candidate"].pk},
        ORGANIZERS,
    ),
    (
        "remove event scorer",
        "manage:scorer_remove",
        lambda w: f"/manage/events/{w['event'].pk}/scorers/{w['assigned'].pk}/remove/",
        lambda w: {},
        ORGANIZERS,
    ),
    (
        "swap",
        "manage:round_swap",
        lambda w: f"/manage/rounds/{w['round'].pk}/swap/",
        lambda w: {"player_a": w["seated"][0], "player_b": w["seated"][5]},
        ORGANIZERS,
    ),
    (
        "regenerate",
        "manage:round_regenerate",
        lambda w: f"/manage/rounds/{w['round'].pk}/regenerate/",
        lambda w: {"method": "random"},
        ORGANIZERS,
    ),
    (
        "start round",
        "manage:round_accept",
        lambda w: f"/manage/rounds/{w['round'].pk}/accept/",
        lambda w: {},
        ORGANIZERS,
    ),
    (
        "pair a team",
        "manage:teams_page",
        lambda w: f"/manage/events/{w['bonko'].pk}/teams/",
        lambda w: {"action": "pair", "first": w["partners"][0].pk, "second": w["partners"][1].pk},
        ORGANIZERS,
    ),
    (
        "pair with a substitute",
        "manage:teams_page",
        lambda w: f"/manage/events/{w['bonko'].pk}/teams/",
        lambda w: {"action": "substitute", "player": w["partners"][0].pk, "walk_in": "Invaller"},
        ORGANIZERS,
    ),
    (
        "let a player sit out",
        "manage:teams_page",
        lambda w: f"/manage/events/{w['bonko'].pk}/teams/",
        lambda w: {"action": "sit_out", "player": w["partners"][1].pk},
        ORGANIZERS,
    ),
    (
        "run the round timer",
        "manage:round_timer",
        lambda w: f"/manage/rounds/{w['playing'].round_id}/timer/",
        lambda w: {"action": "start", "minutes": "30"},
        SCORERS,
    ),
    (
        "register a webhook",
        "manage:hooks_page",
        lambda w: f"/manage/clubs/{w['club'].slug}/webhooks/",
        lambda w: {"url": "https://93.184.216.34/hook", "kinds": ["result.saved"]},
        ORGANIZERS,
    ),
    (
        "change a webhook",
        "manage:hook_page",
        lambda w: f"/manage/clubs/{w['club'].slug}/webhooks/{a_hook(w).pk}/",
        lambda w: {
            "action": "edit",
            "url": "https://93.184.216.34/other",
            "kinds": ["round.seated"],
            "active": "on",
        },
        ORGANIZERS,
    ),
    ("send a delivery again", "manage:delivery_resend", a_delivery_path, lambda w: {}, ORGANIZERS),
    (
        "send a webhook a test ping",
        "manage:hook_ping",
        lambda w: f"/manage/clubs/{w['club'].slug}/webhooks/{a_hook(w).pk}/ping/",
        lambda w: {},
        ORGANIZERS,
    ),
    (
        "my e-mail settings",
        "mailings:mine",
        lambda w: "/mail/",
        lambda w: {"email": "me@example.test", "evening": "on", "language": "en"},
        set(ACTORS) - {"anonymous"},
    ),
    # A player's signed links: the link is the permission, as the door's.
    (
        "e-mail settings by the personal link",
        "mailings:personal",
        lambda w: f"/mail/p/{links.token(w['absent'].pk, links.PREFERENCES)}/",
        lambda w: {"email": "absent@example.test", "evening": "on", "language": "nl"},
        set(ACTORS),
    ),
    (
        "e-mail settings through the personal link to the club's week",
        "mailings:link_settings",
        lambda w: f"/mail/r/{personal_link(w)}/",
        lambda w: {"email": "absent@example.test", "evening": "on", "language": "en"},
        set(ACTORS),
    ),
    (
        "unsubscribe by the link",
        "mailings:unsubscribe_page",
        lambda w: f"/mail/unsubscribe/{links.token(w['absent'].pk, links.UNSUBSCRIBE)}/",
        subscribed,
        set(ACTORS),
    ),
    (
        "close round",
        "manage:round_close",
        lambda w: f"/manage/rounds/{w['playing'].round_id}/close/",
        lambda w: {"unfinished-1": "not_played", "unfinished-2": "partial"},
        ORGANIZERS,
    ),
    # The club's calendar (planning): organizers plan, open and cancel nights, make players'
    # links and renew the calendar's address; a member answers for themselves; a personal
    # link is the key for its player (anyone holding it, signed in or not).
    (
        "plan a night",
        "planning:club_nights",
        lambda w: f"/clubs/{w['club'].slug}/nights/",
        lambda w: {
            "date": "2030-03-15",
            "start": "19:30",
            "end": "23:30",
            "game": "jonkler",
            "planned_rounds": "3",
            "place": "Zaal 2",
            "notes": "",
            "recurrence": "weekly",
            "count": "2",
            "step": "plan",  # a series' dates seen, none skipped
        },
        ORGANIZERS,
    ),
    (
        "answer for a night",
        "planning:night_answer",
        lambda w: f"/nights/{night(w).pk}/answer/",
        lambda w: {"answer": "yes", "via": "club"},
        set(ACTORS) - {"anonymous", "other_organizer"},
    ),
    (
        "open a night",
        "planning:night_open",
        lambda w: f"/nights/{night(w).pk}/open/",
        lambda w: {"confirmed": "1"},  # days early: asked, and said yes
        ORGANIZERS,
    ),
    (
        "cancel a night",
        "planning:night_cancel",
        lambda w: f"/nights/{night(w).pk}/cancel/",
        lambda w: {"cancelled": "1"},
        ORGANIZERS,
    ),
    (
        "check in who said yes",
        "planning:checkin_coming",
        lambda w: f"/manage/events/{opened_night(w).event_id}/checkin/coming/",
        lambda w: {},
        SCORERS,
    ),
    (
        "make a personal link",
        "planning:club_links",
        lambda w: f"/clubs/{w['club'].slug}/nights/links/",
        lambda w: {"player": w["absent"].pk, "action": "renew"},
        ORGANIZERS,
    ),
    (
        "make every member's personal link",
        "planning:club_links_all",
        lambda w: f"/clubs/{w['club'].slug}/nights/links/all/",
        lambda w: {"action": "make"},
        ORGANIZERS,
    ),
    (
        "renew every member's personal link, confirmed",
        "planning:club_links_all",
        lambda w: f"/clubs/{w['club'].slug}/nights/links/all/",
        lambda w: {"action": "renew", "confirm": "yes"},
        ORGANIZERS,
    ),
    (
        "renew the calendar address",
        "planning:club_feed_renew",
        lambda w: f"/clubs/{w['club'].slug}/nights/calendar/renew/",
        lambda w: {},
        ORGANIZERS,
    ),
    (
        "answer with a personal link",
        "planning:link_answer",
        lambda w: f"/r/{personal_link(w)}/nights/{night(w).pk}/",
        lambda w: {"answer": "maybe"},
        set(ACTORS),
    ),
    (
        "renew one's personal link",
        "planning:link_renew",
        lambda w: f"/r/{personal_link(w)}/renew/",
        lambda w: {"action": "renew"},
        set(ACTORS),
    ),
]
FORMS += LEAGUE_FORMS


def night(world: dict[str, Any]) -> PlannedNight:
    """A night of the club planned ahead (made again inside each visitor's try)."""
    starts = timezone.now() + datetime.timedelta(days=20)
    return PlannedNight.objects.get_or_create(
        club=world["club"],
        event=None,
        defaults={
            "starts_at": starts,
            "ends_at": starts + datetime.timedelta(hours=4),
            "game": "bonken",
        },
    )[0]


def opened_night(world: dict[str, Any]) -> PlannedNight:
    """The event's night, with a newcomer who said yes (to check in)."""
    planned = night(world)
    PlannedNight.objects.filter(pk=planned.pk).update(event=world["event"])
    Rsvp.objects.create(
        night=planned, player=newcomer(world), answer="yes", via="link", answered_at=timezone.now()
    )
    return PlannedNight.objects.get(pk=planned.pk)


def personal_link(world: dict[str, Any]) -> str:
    return RsvpLink.objects.get_or_create(club=world["club"], player=world["absent"])[0].token


def outcome(
    actor: str, world: dict[str, Any], url: str, data: dict, allowed: set[str], name: str
) -> str | None:
    """Post the form as ``actor``; say what is wrong with the outcome (None: as expected)."""
    visitor = client(actor, world)
    before = database_state()
    response = visitor.post(url, data)
    after = database_state()
    changed = changed_tables(before, after)
    said = f"{name} as {actor}: {response.status_code}"
    if actor in allowed:
        if response.status_code not in {200, 302}:
            return f"{said} {response.content[:300]!r}"
        if "clubs.AuditEntry" not in changed:
            return f"{said}: saved nothing or no audit entry"
        return None
    if actor == "anonymous":
        if response.status_code != 302 or "/accounts/login/" not in response["Location"]:
            return f"{said}: expected the sign-in page"
    elif response.status_code not in {403, 404}:
        return f"{said}: expected 403 or 404"
    return f"{said}: changed {changed}" if changed else None


@pytest.mark.parametrize("name,url_name,url,data,allowed", FORMS, ids=[f[0] for f in FORMS])
def test_form(name, url_name, url, data, allowed):
    world = build()
    problems = []
    for actor in ACTORS:
        with transaction.atomic():  # every visitor tries on the same world
            problems.append(outcome(actor, world, url(world), data(world), allowed, name))
            transaction.set_rollback(True)
    assert [p for p in problems if p] == []


# --- The table's own pages --------------------------------------------------------------------


def game_post(game: dict, revision: int) -> dict:
    data = {"revision": revision, "chooser": game["chooser"], "contract": game["contract"]}
    for seat, count in enumerate(game["counts"]):
        data[f"count_{seat}"] = count
    return data


@dataclass
class TableForm:
    name: str
    url_name: str
    path: str  # after /t/<token>/
    data: Callable[[Session], dict]  # for the table's session as it stands
    target: str  # the world's table it is tried on (with the link)
    writes: bool = True
    answers: tuple[int, ...] = (200, 302)  # what the link's holder gets


def next_game(session: Session) -> dict:
    return game_post(classic_games()[len(session.document["games"])], session.revision)


TABLE_FORMS = [
    TableForm("enter a game", "scoring:table_page", "", next_game, "scored"),
    TableForm("check a game", "scoring:check", "check/", next_game, "scored", writes=False),
    TableForm("undo a game", "scoring:undo", "undo/", lambda s: {"revision": s.revision}, "scored"),
    TableForm(
        "paper sheet",
        "scoring:paper_page",
        "paper/",
        lambda s: {
            "revision": s.revision,
            "mode": "totals",
            "total_0": 315,
            "total_1": -40,
            "total_2": -180,
            "total_3": -95,
            "reason": "copied the sheet",
        },
        "scored",
    ),
    # A Bonken table has no bell: the link may ask, nothing rings, and the table's page says
    # why (Bonko's bell is tested in tests/web/test_bonko_page.py and test_bonko_bell.py).
    TableForm(
        "ring the bell",
        "scoring:bell",
        "bell/",
        lambda s: {"confirm": "yes"},
        "scored",
        writes=False,
        answers=(400,),
    ),
    TableForm(
        "undo the bell",
        "scoring:bell_undo",
        "bell/undo/",
        lambda s: {},
        "scored",
        writes=False,
        answers=(400,),
    ),
]


@pytest.mark.parametrize("form", TABLE_FORMS, ids=[f.name for f in TABLE_FORMS])
@pytest.mark.parametrize("actor", ["anonymous", "member", "other_organizer"])
def test_the_link_is_the_key(form, actor):
    """With the table's link anyone writes that table's session, signed in or not."""
    world = build()
    table = world[form.target]
    visitor = client(actor, world)
    before = database_state()
    response = visitor.post(f"/t/{table.scoring_token}/{form.path}", form.data(table.session))
    changed = changed_tables(before, database_state())
    assert response.status_code in form.answers, response.content[:500]
    if form.writes:
        assert "games.SessionRevision" in changed and "clubs.AuditEntry" in changed
    else:
        assert changed == []


@pytest.mark.parametrize("form", TABLE_FORMS, ids=[f.name for f in TABLE_FORMS])
def test_a_wrong_link_finds_nothing(form):
    world = build()
    visitor = client("organizer", world)
    before = database_state()
    real = world["scored"].scoring_token
    for token in ["not-a-token", real[:-1] + ("y" if real.endswith("x") else "x")]:
        response = visitor.post(f"/t/{token}/{form.path}", form.data(world["scored"].session))
        assert response.status_code == 404
    assert changed_tables(before, database_state()) == []


# An organizer's paper sheet with a reason is a correction: see the test after this one.
CLOSED_TRIES = [
    (form, actor)
    for form in TABLE_FORMS
    if form.writes
    for actor in ("anonymous", "organizer")
    if not (actor == "organizer" and form.name == "paper sheet")
]


@pytest.mark.parametrize(
    "form,actor", CLOSED_TRIES, ids=[f"{form.name}-{actor}" for form, actor in CLOSED_TRIES]
)
def test_a_closed_round_takes_nothing_more(form, actor):
    world = build()
    table = world["closed"]
    visitor = client(actor, world)
    before = database_state()
    response = visitor.post(
        f"/t/{table.scoring_token}/{form.path}",
        form.data(table.session),
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code in {200, 400}
    assert "closed" in response.content.decode()
    assert changed_tables(before, database_state()) == []


def test_an_organizer_corrects_a_closed_round_from_the_paper_sheet():
    world = build()
    table = world["closed"]
    form = next(f for f in TABLE_FORMS if f.name == "paper sheet")
    response = client("organizer", world).post(
        f"/t/{table.scoring_token}/paper/", form.data(table.session)
    )
    assert response.status_code == 302, response.content[:500]
    table.session.refresh_from_db()
    assert table.session.revision == 2 and table.session.complete
    revision = table.session.revisions.order_by("-number").first()
    assert revision.reason == "copied the sheet"


@pytest.mark.parametrize("actor", ["anonymous", "member", "other_organizer"])
def test_the_link_signs_with_a_players_code(actor):
    """A complete table's players sign on the phone that holds the link, whoever is signed in;
    a wrong link finds nothing."""
    world = build()
    table = world["done"]
    seat = table.seats.first()
    data = {
        "action": "code",
        "player": seat.player_id,
        "revision": 1,
        "code": world["codes"][seat.player_id],
    }
    visitor = client(actor, world)
    before = database_state()
    assert visitor.post(f"/t/{table.scoring_token}x/signoff/", data).status_code == 404
    assert changed_tables(before, database_state()) == []
    response = visitor.post(f"/t/{table.scoring_token}/signoff/", data)
    changed = changed_tables(before, database_state())
    assert response.status_code == 302
    assert "games.Signature" in changed and "clubs.AuditEntry" in changed


# --- Every page is accounted for --------------------------------------------------------------

# Pages that only show something (a POST to them saves nothing), and the framework's own
# forms (sign-in and language, tested in test_login_throttle and by Django).
READ_ONLY = {
    "public:home",
    "public:event_standings",
    "public:table_standings",
    "public:standings_csv",
    "public:sessions_csv",
    "public:table_sheet",
    "public:player_page",
    "public:screen",
    "public:screen_json",
    "ratings:club_ratings_page",
    "ratings:season_page",
    "ratings:player_ratings_page",
    "embeds:club_embed",
    "embeds:event_embed",
    "clubs:my_clubs",
    "manage:event_dashboard",
    "manage:round_page",
    "manage:table_cards",
    "manage:score_sheets",
    "stats:player_stats_page",
    "stats:season_picture_page",
    "manage:score_cards",
    "public:door_page",
    "public:me_page",
    "manage:door_sign",
    "manage:door_arrivals",
    "scoring:manifest",
    "scoring:service_worker",  # the table page kept for use offline
    "public:evening_page",
    "sharing:event_picture",
    "sharing:evening_picture",
    "sharing:rating_picture",
    "planning:night_page",
    "planning:link_page",
    "planning:player_feed",
    "planning:club_feed",
    "public:game_rules",
    "planning:club_link_slips",
    *LEAGUE_PAGES,
}
# A player's own "I'm leaving after this round" (their login or the phone that checked them
# in): tested in tests/web/test_door_pages.py and tests/integration/test_door_checkin.py.
OWN_PLAYER = {"public:door_leaving", "public:me_leaving"}
FRAMEWORK = {
    "set_language",
    "login",
    "logout",
    "password_change",
    "password_change_done",
}
# Endpoints for machines (a load balancer's health check): GET only, no form.
OPERATIONS = {"healthz"}


def page_names(patterns: list, namespace: str = "") -> set[str]:
    names = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if str(pattern.pattern).startswith(("admin/", "api/")):
                continue
            inner = pattern.namespace or ""
            prefix = f"{namespace}:{inner}" if namespace and inner else (inner or namespace)
            names |= page_names(pattern.url_patterns, prefix)
        elif isinstance(pattern, URLPattern):
            if str(pattern.pattern).startswith(("admin/", "api/")):
                continue
            names.add(f"{namespace}:{pattern.name}" if namespace else str(pattern.name))
    return names


def test_every_page_is_in_the_matrix():
    covered = (
        {f[1] for f in FORMS}
        | {f.url_name for f in TABLE_FORMS}
        | {"scoring:signoff"}
        | READ_ONLY
        | FRAMEWORK
        | OPERATIONS
        | OWN_PLAYER
    )
    assert sorted(page_names(get_resolver().url_patterns) - covered) == []


@pytest.mark.parametrize("name", sorted(READ_ONLY - {"public:home", "clubs:my_clubs"}))
def test_a_post_to_a_read_only_page_saves_nothing(name):
    world = build()
    scored_player = world["scored"].seats.order_by("position").first().player
    urls = {
        "public:event_standings": f"/events/{world['event'].pk}/",
        "public:table_standings": f"/t/{world['scored'].scoring_token}/standings/",
        "public:standings_csv": f"/events/{world['event'].pk}/standings.csv",
        "public:sessions_csv": f"/events/{world['event'].pk}/sessions.csv",
        "public:table_sheet": f"/events/{world['event'].pk}/tables/{world['scored'].pk}/",
        "public:player_page": f"/players/{world['absent'].pk}/",
        "public:screen": f"/events/{world['event'].pk}/screen/",
        "public:screen_json": f"/events/{world['event'].pk}/screen.json",
        "ratings:club_ratings_page": f"/clubs/{world['club'].slug}/ratings/",
        "ratings:season_page": f"/clubs/{world['club'].slug}/season/",
        "ratings:player_ratings_page": f"/players/{world['absent'].pk}/ratings/",
        "embeds:club_embed": f"/embed/clubs/{world['club'].slug}/",
        "embeds:event_embed": f"/embed/events/{world['event'].pk}/",
        "stats:player_stats_page": f"/players/{world['absent'].pk}/stats/",
        "stats:season_picture_page": f"/clubs/{world['club'].slug}/season/picture/",
        "manage:event_dashboard": f"/manage/events/{world['event'].pk}/",
        "manage:round_page": f"/manage/rounds/{world['round'].pk}/",
        "manage:table_cards": f"/manage/rounds/{world['round'].pk}/cards/",
        "manage:score_sheets": f"/manage/rounds/{world['round'].pk}/sheets/",
        "manage:score_cards": f"/manage/events/{world['bonko'].pk}/teams/cards/",
        "public:door_page": f"/door/{world['event'].door_token}/",
        "public:me_page": "/me/",
        "manage:door_sign": f"/manage/events/{world['event'].pk}/door/",
        "manage:door_arrivals": f"/manage/events/{world['event'].pk}/door/arrivals/",
        "scoring:manifest": f"/t/{world['scored'].scoring_token}/manifest.webmanifest",
        "scoring:service_worker": "/t/sw.js",
        "public:evening_page": f"/events/{world['event'].pk}/players/{scored_player.pk}/",
        "sharing:event_picture": f"/share/events/{world['event'].pk}/nl.png",
        "sharing:evening_picture": (
            f"/share/events/{world['event'].pk}/players/{scored_player.pk}/en.png"
        ),
        "sharing:rating_picture": (
            f"/share/players/{scored_player.pk}/ratings/{world['club'].pk}/bonken/nl.png"
        ),
        "planning:night_page": f"/nights/{night(world).pk}/",
        "planning:link_page": f"/r/{personal_link(world)}/",
        "planning:player_feed": f"/r/{personal_link(world)}/calendar.ics",
        "planning:club_feed": f"/clubs/{world['club'].slug}/calendar/x.ics",
        "public:game_rules": f"/games/bonken/rules/?club={world['club'].slug}",
        "planning:club_link_slips": f"/clubs/{world['club'].slug}/nights/links/slips/",
    }
    if name.startswith("leagues:"):
        urls.update(read_only_urls(world))
    visitor = client("organizer", world)
    before = database_state()
    response = visitor.post(urls[name], {"name": "x", "player": 1})
    assert response.status_code < 500
    assert changed_tables(before, database_state()) == []


def test_the_health_check_takes_no_post():
    visitor = client("organizer", build())
    before = database_state()
    assert visitor.post("/healthz", {"x": 1}).status_code == 405
    assert database_state() == before
