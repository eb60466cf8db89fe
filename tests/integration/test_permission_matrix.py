"""Every write operation of the API against every kind of actor.

Actors: anonymous, member, scorer, a scorer of this event only (``EventScorer``), a scorer of
another event, organizer, organizer of another club, and the holder of a table's scoring link
(``X-Table-Token``) of the table written to or of another table. A refused write answers 401
(no account: anonymous, link holders outside their table's session) or 403 (404 where the
object is invisible to the actor; for a table, to anyone who may not see it, account or not)
and leaves the database exactly as it was; an allowed write succeeds, changes the database
and leaves an audit entry.

The operations are checked against the OpenAPI schema: a write endpoint missing here fails
``test_the_matrix_covers_every_write_of_the_schema``.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.access.tokens import api_token_create
from clubs.models import ApiToken, Club, Membership, Player, PlayerCode, Role
from games.bonken.imports.services import sunmar_upload
from games.bonken.rules import RULESETS, ruleset_to_dict
from results.models import Dispute, Session
from results.services import session_submit
from tests.db_state import changed_tables, database_state
from tests.documents import classic_document, classic_games
from tests.factories import ClubFactory, EventFactory, PlayerFactory, seated_table, user_with_role
from tests.sunmar_backups import example_zip
from tournaments.models import Event, EventPlayer, EventScorer, EventTeam, Round, Seat, Table
from tournaments.rounds.services import round_generate
from week.planning.models import Answer, PlannedNight, Rsvp, RsvpLink, Via
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
    "table_token",
    "other_table_token",
]
EVERYONE = set(ACTORS)
NO_ACCOUNT = {"anonymous", "table_token", "other_table_token"}
SIGNED_IN = EVERYONE - NO_ACCOUNT
ORGANIZERS = {"organizer"}
SCORERS = {"organizer", "scorer"}
# Who may write a table's session: the club's scorers, the event's own scorers, the link.
SESSION_WRITERS = {"organizer", "scorer", "event_scorer", "table_token"}

# Routes that exist by accident and are being removed; not part of the API.
NOT_API = {
    ("PUT", "/api/v1/tables/{table_id}/session/games/"),
    ("PUT", "/api/v1/tables/{table_id}/session/undo/"),
}


@dataclass
class World:
    club: Club
    bare_club: Club  # the same people, no events: a club that can be deleted
    event: Event  # published, running; round 1 with three tables
    table: Table  # seated, no session yet
    open_table: Table  # seat 0 free, no session
    scored: Table  # a session with three games
    later: Event  # unpublished, with a planned round (the seating preview)
    planned: Round
    organizer: User
    spare: Player  # a member without results
    entry: EventPlayer  # in event
    candidate: Player  # a member with a login, no scorer yet
    assigned: Player  # a member with a login, scorer of event
    organizer_token: ApiToken
    king: Table  # the King's table of a Bonko event's round being played
    team: EventTeam  # its players 0 and 2 as a team; 1 and 3 entered without a partner


def build_world() -> World:
    event = EventFactory(published=True)
    club = event.club
    bare_club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    Membership.objects.create(club=bare_club, player=organizer.player, role=Role.ORGANIZER)
    table = seated_table(event)
    open_table = seated_table(event, table_number=2)
    open_table.seats.filter(position=0).delete()  # a free seat to fill
    scored = seated_table(event, table_number=3)
    session_submit(table=scored, submitted_by=organizer, document=classic_document(3))
    # One planned round: its seating is found at once (a plan of several rounds is searched
    # for the fewest repeats, a tenth of a second a world, which this matrix does not test).
    later = EventFactory(club=club, published=False, status=Event.Status.DRAFT, planned_rounds=1)
    for player in PlayerFactory.create_batch(8):
        Membership.objects.create(club=club, player=player)
        EventPlayer.objects.create(event=later, player=player)
    planned = round_generate(event=later, actor=organizer, seed=1)
    spare = PlayerFactory()
    Membership.objects.create(club=club, player=spare)
    candidate = user_with_role(club, Role.MEMBER).player
    assigned = user_with_role(club, Role.MEMBER).player
    EventScorer.objects.create(event=event, player=assigned)
    entry = EventPlayer.objects.create(event=event, player=candidate)
    token, _key = api_token_create(user=organizer, name="old app")
    king = seated_table(EventFactory(club=club, game="bonko", ruleset="bonko", published=True))
    bonko_players = [s.player for s in king.seats.order_by("position")]
    for player in bonko_players:
        EventPlayer.objects.create(event=king.round.event, player=player)
    team = EventTeam.objects.create(
        event=king.round.event, first=bonko_players[0], second=bonko_players[2], name="Koningen"
    )
    return World(
        club,
        bare_club,
        event,
        table,
        open_table,
        scored,
        later,
        planned,
        organizer,
        spare,
        entry,
        candidate,
        assigned,
        token,
        king,
        team,
    )


# What each unfinished table of the world's round counts as when it closes.
UNFINISHED = {"1": "not_played", "2": "not_played", "3": "partial"}


def finished(world: World) -> Event:
    Event.objects.filter(pk=world.event.pk).update(status=Event.Status.FINISHED)
    return world.event


def closed(world: World) -> Round:
    Round.objects.filter(pk=world.table.round_id).update(status=Round.Status.CLOSED)
    return world.table.round


def member_of(club: Club) -> Player:
    """A new member of ``club`` (a player another club may bring in with that club's consent:
    the world's organizer organizes both)."""
    player = PlayerFactory()
    Membership.objects.create(club=club, player=player)
    return player


def client_for(actor: str, world: World, token_table: Table) -> APIClient:
    """A client acting as ``actor``; ``token_table`` is the table the write is about (whose
    link the ``table_token`` actor holds)."""
    client = APIClient()
    if actor == "anonymous":
        return client
    if actor == "table_token":
        client.credentials(HTTP_X_TABLE_TOKEN=token_table.scoring_token)
        return client
    if actor == "other_table_token":
        other = world.open_table if token_table != world.open_table else world.table
        client.credentials(HTTP_X_TABLE_TOKEN=other.scoring_token)
        return client
    if actor == "organizer":
        user = User.objects.get(pk=world.organizer.pk)  # no roles cached from another request
    elif actor == "other_organizer":
        user = user_with_role(ClubFactory(), Role.ORGANIZER)
    elif actor in {"event_scorer", "other_event_scorer"}:
        user = user_with_role(world.club, Role.MEMBER)
        scored_event = world.event if actor == "event_scorer" else EventFactory(club=world.club)
        EventScorer.objects.create(event=scored_event, player=user.player)
    else:
        user = user_with_role(world.club, actor)
    if actor != "other_organizer" and actor != "organizer":
        # The same role in the bare club (the one a "delete club" is tried on).
        role = user.player.memberships.get(club=world.club).role
        Membership.objects.create(club=world.bare_club, player=user.player, role=role)
    client.force_authenticate(user)
    return client


def planned_players(w: World) -> list[int]:
    return [s.player_id for t in w.planned.tables.order_by("number") for s in t.seats.all()]


@dataclass
class Write:
    name: str
    method: str
    path: str  # as the schema names it
    url: Callable[[World], str]
    payload: Callable[[World], Any]
    allowed: set[str]
    token_table: Callable[[World], Table] = lambda w: w.table
    writes: bool = True  # False: answers, stores nothing (the validator)
    format: str = "json"  # "multipart" for a file upload
    # A table of an unpublished event: whoever may not see it, without an account too, gets
    # the 404 a missing table gets (web.api.access.table_scope), before anything else.
    hidden_table: bool = False

    @property
    def operation(self) -> tuple[str, str]:
        return (self.method.upper(), self.path)


def event_fields(w: World) -> dict[str, Any]:
    return {
        "club": w.club.pk,
        "name": "Renamed",
        "kind": "tournament",
        "date": "2026-12-05",
        "ruleset": "classic",
        "planned_rounds": 4,
        "seating_method": "balanced",
    }


def bonken_rules() -> dict[str, Any]:
    return ruleset_to_dict(RULESETS["classic"])


def backup_file() -> SimpleUploadedFile:
    return SimpleUploadedFile("backup.zip", example_zip(), "application/zip")


def uploaded(w: World) -> int:
    """A backup the world's organizer uploaded (made again inside each actor's try)."""
    return sunmar_upload(club=w.club, actor=w.organizer, data=example_zip()).pk


def bonko_seat(w: World, position: int) -> int:
    return w.king.seats.get(position=position).player_id


def signable(w: World) -> Table:
    """Table 4 of the world's round with a complete session, its players' codes set to their
    seat's digits (made again inside each actor's try; the table-link actor holds its link)."""
    table = seated_table(w.event, table_number=4)
    session_submit(table=table, submitted_by=w.organizer, document=classic_document())
    for seated in table.seats.all():
        PlayerCode.objects.create(
            player=seated.player,
            code_hash=make_password(f"{seated.position}" * 4),
            set_at=timezone.now(),
        )
    w.done = table  # type: ignore[attr-defined]
    return table


def disputed(w: World) -> int:
    table = signable(w)
    seated = table.seats.get(position=1).player
    return Dispute.objects.create(
        session=table.session, revision=1, player=seated, reason="game 3", at=timezone.now()
    ).pk


def finished_player(w: World, position: int) -> int:
    return w.done.seats.get(position=position).player_id


def seat(w: World, position: int) -> Seat:
    return w.open_table.seats.get(position=position)


WRITES: list[Write] = [
    # Clubs, players, memberships, tokens
    Write(
        "found club",
        "post",
        "/api/v1/clubs/",
        lambda w: "/api/v1/clubs/",
        lambda w: {"name": "New"},
        SIGNED_IN,
    ),
    Write(
        "replace club",
        "put",
        "/api/v1/clubs/{club_id}/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/",
        lambda w: {"name": "Renamed", "slug": w.club.slug, "city": "Ede"},
        ORGANIZERS,
    ),
    Write(
        "edit club",
        "patch",
        "/api/v1/clubs/{club_id}/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/",
        lambda w: {"city": "Ede"},
        ORGANIZERS,
    ),
    Write(
        "delete club",
        "delete",
        "/api/v1/clubs/{club_id}/",
        lambda w: f"/api/v1/clubs/{w.bare_club.pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    Write(
        "register player",
        "post",
        "/api/v1/players/",
        lambda w: "/api/v1/players/",
        lambda w: {"name": "Walk-in", "club": w.club.pk},
        SCORERS,
    ),
    Write(
        "replace player",
        "put",
        "/api/v1/players/{player_id}/",
        lambda w: f"/api/v1/players/{w.spare.pk}/",
        lambda w: {"name": "Renamed"},
        SCORERS,
    ),
    Write(
        "rename player",
        "patch",
        "/api/v1/players/{player_id}/",
        lambda w: f"/api/v1/players/{w.spare.pk}/",
        lambda w: {"name": "Renamed"},
        SCORERS,
    ),
    Write(
        "delete player",
        "delete",
        "/api/v1/players/{player_id}/",
        lambda w: f"/api/v1/players/{w.spare.pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    Write(
        "merge players",
        "post",
        "/api/v1/players/{player_id}/merge/",
        lambda w: f"/api/v1/players/{w.spare.pk}/merge/",
        lambda w: {"into": member_of(w.club).pk, "reason": "one person"},
        ORGANIZERS,
    ),
    Write(
        "seat a substitute",
        "post",
        "/api/v1/tables/{table_id}/substitute/",
        lambda w: f"/api/v1/tables/{w.scored.pk}/substitute/",
        lambda w: {"position": 1, "player": w.spare.pk, "from_part": 3},
        SCORERS,
    ),
    Write(
        "consent to join",
        "post",
        "/api/v1/players/{player_id}/join-consent/",
        lambda w: f"/api/v1/players/{w.spare.pk}/join-consent/",
        lambda w: {"club": w.bare_club.pk},
        ORGANIZERS,
    ),
    Write(
        "save house rules",
        "post",
        "/api/v1/clubs/{club_id}/rulesets/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/rulesets/",
        lambda w: {
            "game": "bonken",
            "data": {**bonken_rules(), "code": "eigen", "name": "Ours", "name_nl": "Onze"},
        },
        ORGANIZERS,
    ),
    Write(
        "upload app backup",
        "post",
        "/api/v1/clubs/{club_id}/imports/sunmar/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/imports/sunmar/",
        lambda w: {"backup": backup_file()},
        ORGANIZERS,
        format="multipart",
    ),
    Write(
        "import app backup",
        "post",
        "/api/v1/clubs/{club_id}/imports/sunmar/{upload_id}/import/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/imports/sunmar/{uploaded(w)}/import/",
        lambda w: {"matches": dict.fromkeys(["Anna", "Bram", "Cees", "Daan"])},
        ORGANIZERS,
    ),
    Write(
        "add membership",
        "post",
        "/api/v1/memberships/",
        lambda w: "/api/v1/memberships/",
        lambda w: {"club": w.club.pk, "player": member_of(w.bare_club).pk, "role": "member"},
        ORGANIZERS,
    ),
    Write(
        "replace membership",
        "put",
        "/api/v1/memberships/{membership_id}/",
        lambda w: f"/api/v1/memberships/{Membership.objects.get(player=w.spare).pk}/",
        lambda w: {"club": w.club.pk, "player": w.spare.pk, "role": "scorer"},
        ORGANIZERS,
    ),
    Write(
        "change role",
        "patch",
        "/api/v1/memberships/{membership_id}/",
        lambda w: f"/api/v1/memberships/{Membership.objects.get(player=w.spare).pk}/",
        lambda w: {"role": "scorer"},
        ORGANIZERS,
    ),
    Write(
        "end membership",
        "delete",
        "/api/v1/memberships/{membership_id}/",
        lambda w: f"/api/v1/memberships/{Membership.objects.get(player=w.spare).pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    Write(
        "create token",
        "post",
        "/api/v1/tokens/",
        lambda w: "/api/v1/tokens/",
        lambda w: {"name": "app"},
        SIGNED_IN,
    ),
    Write(
        "revoke own token",
        "delete",
        "/api/v1/tokens/{token_id}/",
        lambda w: f"/api/v1/tokens/{w.organizer_token.pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    # Events
    Write(
        "create event",
        "post",
        "/api/v1/events/",
        lambda w: "/api/v1/events/",
        lambda w: {"club": w.club.pk, "name": "Cup", "date": "2026-12-01"},
        ORGANIZERS,
    ),
    Write(
        "replace event",
        "put",
        "/api/v1/events/{event_id}/",
        lambda w: f"/api/v1/events/{w.event.pk}/",
        event_fields,
        ORGANIZERS,
    ),
    Write(
        "edit event",
        "patch",
        "/api/v1/events/{event_id}/",
        lambda w: f"/api/v1/events/{w.event.pk}/",
        lambda w: {"name": "Renamed"},
        ORGANIZERS,
    ),
    Write(
        "delete event",
        "delete",
        "/api/v1/events/{event_id}/",
        lambda w: f"/api/v1/events/{w.later.pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    Write(
        "hide results",
        "post",
        "/api/v1/events/{event_id}/publish/",
        lambda w: f"/api/v1/events/{w.event.pk}/publish/",
        lambda w: {"published": False},
        ORGANIZERS,
    ),
    Write(
        "close event",
        "post",
        "/api/v1/events/{event_id}/close/",
        lambda w: f"/api/v1/events/{w.event.pk}/close/",
        lambda w: {"unfinished": {"1": UNFINISHED}},
        ORGANIZERS,
    ),
    Write(
        "reopen event",
        "post",
        "/api/v1/events/{event_id}/reopen/",
        lambda w: f"/api/v1/events/{finished(w).pk}/reopen/",
        lambda w: {"reason": "a result was wrong"},
        ORGANIZERS,
    ),
    Write(
        "standings config",
        "put",
        "/api/v1/events/{event_id}/standings-config/",
        lambda w: f"/api/v1/events/{w.event.pk}/standings-config/",
        lambda w: {"bye_credit": "fixed", "bye_points": 10},
        ORGANIZERS,
    ),
    Write(
        "add event scorer",
        "post",
        "/api/v1/events/{event_id}/scorers/",
        lambda w: f"/api/v1/events/{w.event.pk}/scorers/",
        lambda w: {"player": w.candidate.pk},
        ORGANIZERS,
    ),
    Write(
        "remove event scorer",
        "delete",
        "/api/v1/events/{event_id}/scorers/{player_id}/",
        lambda w: f"/api/v1/events/{w.event.pk}/scorers/{w.assigned.pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    Write(
        "check in",
        "post",
        "/api/v1/entries/",
        lambda w: "/api/v1/entries/",
        lambda w: {"event": w.event.pk, "player": w.spare.pk},
        SCORERS,
    ),
    # The door: its link is the permission (no account: one name per phone, the session the
    # door page started); signed in, a player checks in themselves only, the club's scorers
    # anyone.
    Write(
        "check in at the door",
        "post",
        "/api/v1/door/{token}/check-in/",
        lambda w: f"/api/v1/door/{w.event.door_token}/check-in/",
        lambda w: {"player": w.spare.pk},
        NO_ACCOUNT | SCORERS,
    ),
    Write(
        "leaving after this round",
        "post",
        "/api/v1/events/{event_id}/leaving/",
        lambda w: f"/api/v1/events/{w.event.pk}/leaving/",
        lambda w: {"leaving": True, "player": w.entry.player_id},
        SCORERS,
    ),
    Write(
        "replace entry",
        "put",
        "/api/v1/entries/{entry_id}/",
        lambda w: f"/api/v1/entries/{w.entry.pk}/",
        lambda w: {"event": w.event.pk, "player": w.candidate.pk, "present": False},
        SCORERS,
    ),
    Write(
        "check out",
        "patch",
        "/api/v1/entries/{entry_id}/",
        lambda w: f"/api/v1/entries/{w.entry.pk}/",
        lambda w: {"present": False},
        SCORERS,
    ),
    Write(
        "delete entry",
        "delete",
        "/api/v1/entries/{entry_id}/",
        lambda w: f"/api/v1/entries/{w.entry.pk}/",
        lambda w: None,
        SCORERS,
    ),
    # Seating
    Write(
        "generate seating",
        "post",
        "/api/v1/events/{event_id}/seating/",
        lambda w: f"/api/v1/events/{w.later.pk}/seating/",
        lambda w: {"seed": 2},
        ORGANIZERS,
    ),
    Write(
        "manual seating",
        "post",
        "/api/v1/events/{event_id}/seating/manual/",
        lambda w: f"/api/v1/events/{w.later.pk}/seating/manual/",
        lambda w: {"tables": [planned_players(w)[:4], planned_players(w)[4:]]},
        ORGANIZERS,
    ),
    Write(
        "add round",
        "post",
        "/api/v1/rounds/",
        lambda w: "/api/v1/rounds/",
        lambda w: {"event": w.event.pk},
        ORGANIZERS,
    ),
    Write(
        "replace round",
        "put",
        "/api/v1/rounds/{round_id}/",
        lambda w: f"/api/v1/rounds/{w.table.round_id}/",
        lambda w: {"event": w.event.pk, "number": 7},
        ORGANIZERS,
    ),
    Write(
        "renumber round",
        "patch",
        "/api/v1/rounds/{round_id}/",
        lambda w: f"/api/v1/rounds/{w.table.round_id}/",
        lambda w: {"number": 7},
        ORGANIZERS,
    ),
    Write(
        "delete round",
        "delete",
        "/api/v1/rounds/{round_id}/",
        lambda w: f"/api/v1/rounds/{w.planned.pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    Write(
        "regenerate",
        "post",
        "/api/v1/rounds/{round_id}/regenerate/",
        lambda w: f"/api/v1/rounds/{w.planned.pk}/regenerate/",
        lambda w: {"seed": 3},
        ORGANIZERS,
    ),
    Write(
        "swap",
        "post",
        "/api/v1/rounds/{round_id}/swap/",
        lambda w: f"/api/v1/rounds/{w.planned.pk}/swap/",
        lambda w: {"player_a": planned_players(w)[0], "player_b": planned_players(w)[5]},
        ORGANIZERS,
    ),
    Write(
        "accept round",
        "post",
        "/api/v1/rounds/{round_id}/accept/",
        lambda w: f"/api/v1/rounds/{w.planned.pk}/accept/",
        lambda w: None,
        ORGANIZERS,
    ),
    Write(
        "ring the bell",
        "post",
        "/api/v1/rounds/{round_id}/bell/",
        lambda w: f"/api/v1/rounds/{w.king.round_id}/bell/",
        lambda w: None,
        {"organizer", "scorer", "table_token"},
        token_table=lambda w: w.king,
    ),
    Write(
        "undo the bell",
        "delete",
        "/api/v1/rounds/{round_id}/bell/",
        lambda w: bell_just_rung(w),
        lambda w: None,
        {"organizer", "scorer", "table_token"},
        token_table=lambda w: w.king,
    ),
    Write(
        "run the round timer",
        "post",
        "/api/v1/rounds/{round_id}/timer/",
        lambda w: f"/api/v1/rounds/{w.table.round_id}/timer/",
        lambda w: {"action": "start", "minutes": 30},
        SCORERS,
    ),
    Write(
        "pair a team",
        "post",
        "/api/v1/events/{event_id}/teams/",
        lambda w: f"/api/v1/events/{w.team.event_id}/teams/",
        lambda w: {"first": bonko_seat(w, 1), "second": bonko_seat(w, 3)},
        ORGANIZERS,
    ),
    Write(
        "pair teams at random",
        "post",
        "/api/v1/events/{event_id}/teams/random/",
        lambda w: f"/api/v1/events/{w.team.event_id}/teams/random/",
        lambda w: {"seed": 3},
        ORGANIZERS,
    ),
    Write(
        "pair with a substitute",
        "post",
        "/api/v1/events/{event_id}/teams/substitute/",
        lambda w: f"/api/v1/events/{w.team.event_id}/teams/substitute/",
        lambda w: {"player": bonko_seat(w, 1), "walk_in": "Invaller"},
        ORGANIZERS,
    ),
    Write(
        "let a player sit out",
        "post",
        "/api/v1/events/{event_id}/teams/sit-out/",
        lambda w: f"/api/v1/events/{w.team.event_id}/teams/sit-out/",
        lambda w: {"player": bonko_seat(w, 3)},
        ORGANIZERS,
    ),
    Write(
        "take a team apart",
        "delete",
        "/api/v1/events/{event_id}/teams/{team_id}/",
        lambda w: f"/api/v1/events/{w.team.event_id}/teams/{w.team.pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    Write(
        "close round",
        "post",
        "/api/v1/rounds/{round_id}/close/",
        lambda w: f"/api/v1/rounds/{w.table.round_id}/close/",
        lambda w: {"unfinished": UNFINISHED},
        ORGANIZERS,
    ),
    Write(
        "reopen round",
        "post",
        "/api/v1/rounds/{round_id}/reopen/",
        lambda w: f"/api/v1/rounds/{closed(w).pk}/reopen/",
        lambda w: {"reason": "table 1 had not finished"},
        ORGANIZERS,
    ),
    Write(
        "add table",
        "post",
        "/api/v1/tables/",
        lambda w: "/api/v1/tables/",
        lambda w: {"round": w.table.round_id},
        ORGANIZERS,
    ),
    Write(
        "replace table",
        "put",
        "/api/v1/tables/{table_id}/",
        lambda w: f"/api/v1/tables/{w.table.pk}/",
        lambda w: {"round": w.table.round_id, "number": 9},
        ORGANIZERS,
    ),
    Write(
        "renumber table",
        "patch",
        "/api/v1/tables/{table_id}/",
        lambda w: f"/api/v1/tables/{w.table.pk}/",
        lambda w: {"number": 9},
        ORGANIZERS,
    ),
    Write(
        "delete table",
        "delete",
        "/api/v1/tables/{table_id}/",
        lambda w: f"/api/v1/tables/{w.planned.tables.first().pk}/",
        lambda w: None,
        ORGANIZERS,
        hidden_table=True,
    ),
    Write(
        "seat player",
        "post",
        "/api/v1/seats/",
        lambda w: "/api/v1/seats/",
        lambda w: {"table": w.open_table.pk, "position": 0, "player": w.spare.pk},
        ORGANIZERS,
    ),
    Write(
        "replace seat",
        "put",
        "/api/v1/seats/{seat_id}/",
        lambda w: f"/api/v1/seats/{seat(w, 1).pk}/",
        lambda w: {"table": w.open_table.pk, "position": 0, "player": seat(w, 1).player_id},
        ORGANIZERS,
    ),
    Write(
        "move seat",
        "patch",
        "/api/v1/seats/{seat_id}/",
        lambda w: f"/api/v1/seats/{seat(w, 1).pk}/",
        lambda w: {"position": 0},
        ORGANIZERS,
    ),
    Write(
        "unseat player",
        "delete",
        "/api/v1/seats/{seat_id}/",
        lambda w: f"/api/v1/seats/{seat(w, 2).pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    # Sessions
    Write(
        "validate",
        "post",
        "/api/v1/sessions/validate/",
        lambda w: "/api/v1/sessions/validate/",
        lambda w: classic_document(),
        EVERYONE,
        writes=False,
    ),
    Write(
        "submit session",
        "put",
        "/api/v1/tables/{table_id}/session/",
        lambda w: f"/api/v1/tables/{w.table.pk}/session/",
        lambda w: {"document": classic_document()},
        SESSION_WRITERS,
    ),
    Write(
        "add game",
        "post",
        "/api/v1/tables/{table_id}/session/games/",
        lambda w: f"/api/v1/tables/{w.table.pk}/session/games/",
        lambda w: {"part": classic_games()[0]},
        SESSION_WRITERS,
    ),
    Write(
        "sign with a code",
        "post",
        "/api/v1/tables/{table_id}/session/signatures/",
        lambda w: f"/api/v1/tables/{w.done.pk}/session/signatures/",
        lambda w: {
            "method": "code",
            "revision": 1,
            "player": finished_player(w, 2),
            "code": "2222",
        },
        SESSION_WRITERS,
        token_table=signable,
    ),
    Write(
        "dispute with a code",
        "post",
        "/api/v1/tables/{table_id}/session/disputes/",
        lambda w: f"/api/v1/tables/{w.done.pk}/session/disputes/",
        lambda w: {"player": finished_player(w, 3), "code": "3333", "reason": "game 4 was wrong"},
        SESSION_WRITERS,
        token_table=signable,
    ),
    Write(
        "resolve a dispute",
        "post",
        "/api/v1/disputes/{dispute_id}/resolve/",
        lambda w: f"/api/v1/disputes/{disputed(w)}/resolve/",
        lambda w: {"resolution": "checked the sheet"},
        ORGANIZERS,
    ),
    Write(
        "undo game",
        "post",
        "/api/v1/tables/{table_id}/session/undo/",
        lambda w: f"/api/v1/tables/{w.scored.pk}/session/undo/",
        lambda w: {},
        SESSION_WRITERS,
        token_table=lambda w: w.scored,
    ),
    # The club's calendar: organizers plan, change, cancel and open nights; a member answers
    # for themselves; a personal link (its token is the permission) answers for its player.
    Write(
        "plan nights",
        "post",
        "/api/v1/clubs/{club_id}/nights/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/nights/",
        lambda w: {"starts_at": "2030-03-16T19:30:00+01:00", "game": "bonken"},
        ORGANIZERS,
    ),
    Write(
        "change a night",
        "patch",
        "/api/v1/nights/{night_id}/",
        lambda w: f"/api/v1/nights/{planned_night(w).pk}/",
        lambda w: {"place": "Zaal 2"},
        ORGANIZERS,
    ),
    Write(
        "cancel a night",
        "post",
        "/api/v1/nights/{night_id}/cancel/",
        lambda w: f"/api/v1/nights/{planned_night(w).pk}/cancel/",
        lambda w: {"cancelled": True},
        ORGANIZERS,
    ),
    Write(
        "open a night",
        "post",
        "/api/v1/nights/{night_id}/open/",
        lambda w: f"/api/v1/nights/{planned_night(w).pk}/open/",
        lambda w: {},
        ORGANIZERS,
    ),
    Write(
        "check in everyone coming",
        "post",
        "/api/v1/events/{event_id}/check-in-coming/",
        lambda w: f"/api/v1/events/{opened_night(w).event_id}/check-in-coming/",
        lambda w: {},
        SCORERS,
    ),
    Write(
        "renew the club's calendar address",
        "post",
        "/api/v1/clubs/{club_id}/calendar/renew/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/calendar/renew/",
        lambda w: {},
        ORGANIZERS,
    ),
    Write(
        "replace the origins that may frame the embeds",
        "put",
        "/api/v1/clubs/{club_id}/embed-origins/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/embed-origins/",
        lambda w: {"origins": ["https://www.club.example"]},
        ORGANIZERS,
    ),
    Write(
        "e-mail settings with a personal link",
        "put",
        "/api/v1/mail-settings/{token}/",
        lambda w: f"/api/v1/mail-settings/{personal_link(w)}/",
        lambda w: {"email": "spare@example.test", "evening": True},
        EVERYONE,
    ),
    Write(
        "answer for a night",
        "post",
        "/api/v1/nights/{night_id}/rsvps/",
        lambda w: f"/api/v1/nights/{planned_night(w).pk}/rsvps/",
        lambda w: {"answer": "yes"},
        SIGNED_IN - {"other_organizer"},
    ),
    Write(
        "answer with a personal link",
        "post",
        "/api/v1/rsvp/{token}/",
        lambda w: f"/api/v1/rsvp/{personal_link(w)}/",
        lambda w: {"night": planned_night(w).pk, "answer": "maybe"},
        EVERYONE,
    ),
    # The players' personal links: the club's organizers make, renew and switch them off,
    # one member's or every member's at once.
    Write(
        "make a member's personal link",
        "post",
        "/api/v1/clubs/{club_id}/personal-links/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/personal-links/",
        lambda w: {"player": w.spare.pk},
        ORGANIZERS,
    ),
    Write(
        "renew a member's personal link",
        "post",
        "/api/v1/clubs/{club_id}/personal-links/{player_id}/renew/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/personal-links/{w.spare.pk}/renew/",
        lambda w: {},
        ORGANIZERS,
    ),
    Write(
        "switch a member's personal link off",
        "delete",
        "/api/v1/clubs/{club_id}/personal-links/{player_id}/",
        lambda w: personal_link(w) and f"/api/v1/clubs/{w.club.pk}/personal-links/{w.spare.pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    Write(
        "make every member's personal link",
        "post",
        "/api/v1/clubs/{club_id}/personal-links/every-member/",
        lambda w: f"/api/v1/clubs/{w.club.pk}/personal-links/every-member/",
        lambda w: {"renew": True},
        ORGANIZERS,
    ),
    Write(
        "register a webhook",
        "post",
        "/api/v1/hooks/",
        lambda w: "/api/v1/hooks/",
        lambda w: {"club": w.club.pk, "url": HOOK_URL, "kinds": ["result.saved"]},
        ORGANIZERS,
    ),
    Write(
        "replace a webhook",
        "put",
        "/api/v1/hooks/{hook_id}/",
        lambda w: f"/api/v1/hooks/{a_hook(w).pk}/",
        lambda w: {"url": HOOK_URL + "2", "kinds": ["round.seated"], "active": True},
        ORGANIZERS,
    ),
    Write(
        "change a webhook",
        "patch",
        "/api/v1/hooks/{hook_id}/",
        lambda w: f"/api/v1/hooks/{a_hook(w).pk}/",
        lambda w: {"active": False},
        ORGANIZERS,
    ),
    Write(
        "delete a webhook",
        "delete",
        "/api/v1/hooks/{hook_id}/",
        lambda w: f"/api/v1/hooks/{a_hook(w).pk}/",
        lambda w: None,
        ORGANIZERS,
    ),
    Write(
        "a webhook's new secret",
        "post",
        "/api/v1/hooks/{hook_id}/new-secret/",
        lambda w: f"/api/v1/hooks/{a_hook(w).pk}/new-secret/",
        lambda w: {},
        ORGANIZERS,
    ),
    Write(
        "send a delivery again",
        "post",
        "/api/v1/hooks/{hook_id}/deliveries/{delivery_id}/resend/",
        lambda w: a_delivery_url(w),
        lambda w: {},
        ORGANIZERS,
    ),
    Write(
        "send a webhook a test ping",
        "post",
        "/api/v1/hooks/{hook_id}/ping/",
        lambda w: f"/api/v1/hooks/{a_hook(w).pk}/ping/",
        lambda w: {},
        ORGANIZERS,
    ),
]


HOOK_URL = "https://93.184.216.34/hook"  # a public address: no name to resolve


def a_hook(w: World) -> Hook:
    """A webhook of the world's club (made again inside each actor's try)."""
    hook = Hook.objects.filter(club=w.club).first()
    return hook or Hook.objects.create(
        club=w.club, url=HOOK_URL, kinds=["result.saved"], secret="s" * 48
    )


def a_delivery_url(w: World) -> str:
    """The "send again" of a failed delivery of the world's club's webhook."""
    hook = a_hook(w)
    delivery = Delivery.objects.create(
        hook=hook, kind="result.saved", payload={}, status=Delivery.Status.FAILED, attempts=6
    )
    return f"/api/v1/hooks/{hook.pk}/deliveries/{delivery.pk}/resend/"


def bell_just_rung(w: World) -> str:
    """The address of the King's table's round's bell, rung a moment ago (inside each actor's
    try), which whoever may ring it may take back."""
    Round.objects.filter(pk=w.king.round_id).update(bell_rung_at=timezone.now())
    return f"/api/v1/rounds/{w.king.round_id}/bell/"


def planned_night(w: World) -> PlannedNight:
    """A night of the world's club, planned ahead (made again inside each actor's try)."""
    night = PlannedNight.objects.filter(club=w.club).first()
    if night is None:
        starts = timezone.now() + timezone.timedelta(days=30)
        night = PlannedNight.objects.create(
            club=w.club,
            starts_at=starts,
            game="bonken",
            ends_at=starts + timezone.timedelta(hours=4),
        )
    return night


def opened_night(w: World) -> PlannedNight:
    """A night the world's event was opened from, the spare member coming to it (made again
    inside each actor's try)."""
    night = planned_night(w)
    if night.event_id is None:
        night.event = w.event
        night.save(update_fields=["event"])
        Rsvp.objects.create(
            night=night,
            player=w.spare,
            answer=Answer.YES,
            answered_at=timezone.now(),
            via=Via.CLUB,
        )
    return night


def personal_link(w: World) -> str:
    return RsvpLink.objects.get_or_create(club=w.club, player=w.spare)[0].token


def check(write: Write, actor: str, world: World) -> str | None:
    """Try the write as ``actor`` and say what is wrong with the outcome (None: as expected)."""
    client = client_for(actor, world, write.token_table(world))
    if write.path.startswith("/api/v1/door/") and actor in NO_ACCOUNT:
        client.get(f"/door/{world.event.door_token}/")  # the door page gives the phone its id
    url, payload = write.url(world), write.payload(world)
    before = database_state()
    response = getattr(client, write.method)(url, payload, format=write.format)
    after = database_state()
    code = response.status_code
    said = f"{write.name} as {actor}: {code} {response.content[:300]!r}"
    if actor in write.allowed:
        if not 200 <= code < 300:
            return said
        if write.writes and after == before:
            return f"{said}: nothing was saved"
        if write.writes and len(after["clubs.AuditEntry"]) <= len(before["clubs.AuditEntry"]):
            return f"{said}: no audit entry"
        if not write.writes and after != before:
            return f"{said}: the database changed"
        return None
    expected = {401} if actor in NO_ACCOUNT else {403, 404}
    if write.hidden_table and actor in NO_ACCOUNT:
        expected = {404}
    if code not in expected:
        return f"{said}: expected {sorted(expected)}"
    if "errors" not in response.json():
        return f"{said}: not the one error shape"
    changed = changed_tables(before, after)
    if changed:
        return f"{said}: changed {changed}"
    return None


@pytest.mark.parametrize("write", WRITES, ids=[w.name for w in WRITES])
def test_write(write):
    world = build_world()
    problems = []
    for actor in ACTORS:
        with transaction.atomic():  # every actor tries on the same world
            problems.append(check(write, actor, world))
            transaction.set_rollback(True)
    assert [p for p in problems if p] == []


def schema_writes() -> set[tuple[str, str]]:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {
        (method.upper(), path)
        for path, operations in schema["paths"].items()
        for method in operations
        if method in {"post", "put", "patch", "delete"}
    }


def test_the_matrix_covers_every_write_of_the_schema():
    in_schema = schema_writes() - NOT_API
    in_matrix = {w.operation for w in WRITES}
    assert sorted(in_schema - in_matrix) == [], "write operations missing from the matrix"
    assert sorted(in_matrix - in_schema) == [], "matrix rows for operations not in the schema"
    assert len(in_matrix) == len(WRITES), "an operation is listed twice"


def test_an_event_scorer_may_score_their_own_event_only():
    world = build_world()
    user = user_with_role(world.club, Role.MEMBER)
    EventScorer.objects.create(event=world.event, player=user.player)
    client = APIClient()
    client.force_authenticate(user)
    response = client.put(
        f"/api/v1/tables/{world.table.pk}/session/", {"document": classic_document()}, format="json"
    )
    assert response.status_code == 201
    elsewhere = seated_table(EventFactory(club=world.club))
    response = client.put(
        f"/api/v1/tables/{elsewhere.pk}/session/", {"document": classic_document()}, format="json"
    )
    assert response.status_code == 403
    assert not Session.objects.filter(table=elsewhere).exists()


def test_a_tables_link_stops_when_its_round_closes():
    world = build_world()
    Round.objects.filter(pk=world.scored.round_id).update(status=Round.Status.CLOSED)
    client = APIClient()
    client.credentials(HTTP_X_TABLE_TOKEN=world.scored.scoring_token)
    before = database_state()
    for method, url, payload in [
        ("put", f"/api/v1/tables/{world.scored.pk}/session/", {"document": classic_document()}),
        ("post", f"/api/v1/tables/{world.scored.pk}/session/games/", {"part": classic_games()[3]}),
        ("post", f"/api/v1/tables/{world.scored.pk}/session/undo/", {}),
    ]:
        response = getattr(client, method)(url, payload, format="json")
        assert response.status_code == 400, response.content
        assert response.json()["errors"][0]["code"] == "round_closed"
    assert database_state() == before
