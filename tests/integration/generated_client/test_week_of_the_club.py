"""A week of a club through the generated client only, as a club's app or website would live it:
after the first token nothing but the client's own operations. The club registers a webhook for
every kind and pings it, sets the websites that may embed its pages, reads and renews its
calendar's feed address, registers its players and gives each a personal link; it plans a
series of nights, moves one and cancels the other; the players answer with their personal links
and one opts in to the evening by e-mail with hers; the night is opened as the club's event,
those coming are checked in, the event is published, seated and played, a result corrected, the
event renamed and withdrawn. Every kind arrives at a real receiver, signed with the secret the
API showed once, each body as its kind's component in the schema declares it (and read by the
client's own model of it); the catch-up list and the delivery log tell the same; the public
feeds show the week to a website without an account. Every date-time any answer gives is in
UTC with Z (``support.signed_in``)."""

from __future__ import annotations

import datetime
import importlib
import random
from typing import Any

import pytest
from django.utils import timezone

from clubs.access.tokens import api_token_create
from clubs.models import Role
from core import club_events
from games.registry import games
from tests.factories import ClubFactory, user_with_role
from tests.integration import webhook_receiver
from tests.integration.generated_client.support import (
    anonymous,
    endpoint,
    feed,
    module,
    signed_in,
)
from tests.integration.test_webhooks import verify
from web.api.openapi.webhooks.shapes import component_name
from week.webhooks.sending import DELIVERY_KINDS

receiver = webhook_receiver.receiver  # the fixture

pytestmark = pytest.mark.django_db(transaction=True)
GAME = "bonken"
NAMES = ["Anna", "Bram", "Cees", "Dewi", "Els", "Fenna", "Gijs", "Hanna", "Ivo"]
AWAY = "Ivo"  # says no


def evening(days: int) -> datetime.datetime:
    """A quarter past seven in the evening, ``days`` from now, in the club's zone."""
    moment = timezone.localtime() + datetime.timedelta(days=days)
    return moment.replace(hour=19, minute=15, second=0, microsecond=0)


class Week:
    """The club's app: the generated client signed in as an organizer, one without an account
    (a player's personal link, a website), and what the week made so far."""

    def __init__(self, generated: Any, transport: Any) -> None:
        self.club = ClubFactory()
        organizer = user_with_role(self.club, Role.ORGANIZER)
        _token, key = api_token_create(user=organizer, name="club app")  # the first token
        self.app = signed_in(generated, transport, key)
        self.public = anonymous(generated, transport)
        self.models = module("models")
        self.players: dict[str, int] = {}
        self.links: dict[str, str] = {}

    def call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """An operation as the organizer's app calls it; its answer, checked for success."""
        answer = endpoint(name).sync_detailed(*args, client=self.app, **kwargs)
        assert answer.status_code < 300, (name, answer.status_code, answer.content)
        return answer.parsed


def set_up_the_club(week: Week, hook_url: str) -> Any:
    """The hook (every kind, pinged), the embeds' origins, the calendar's address, the
    players and their personal links. The hook as made, with its secret."""
    models = week.models
    kinds = [models.ClubEventKindEnum(kind) for kind in club_events.KINDS]
    hook = week.call(
        "hooks_create", body=models.HookRequest(club=week.club.pk, url=hook_url, kinds=kinds)
    )
    assert hook.secret and hook.active
    ping = week.call("hooks_ping_create", hook.id)
    assert ping.kind == models.DeliveryKindEnum.PING and ping.event is None

    origins = models.EmbedOriginsWriteRequest(origins=["https://www.Our-Club.example/"])
    saved = week.call("clubs_embed_origins_update", week.club.pk, body=origins)
    assert saved.origins == ["https://www.our-club.example"]
    calendar = week.call("clubs_calendar_retrieve", week.club.pk)
    renewed = week.call("clubs_calendar_renew_create", week.club.pk)
    assert renewed.club == week.club.pk and renewed.url != calendar.url
    assert renewed.url.endswith(".ics")

    for name in NAMES:
        body = models.PlayerRequest(name=name, club=week.club.pk)
        week.players[name] = week.call("players_create", body=body).id
    members = week.call("players_list", club=week.club.pk, limit=50)
    assert members.count == len(NAMES) + 1  # and the organizer
    issued = week.call(
        "clubs_personal_links_every_member_create",
        week.club.pk,
        body=models.EveryMemberRequest(renew=False),
    )
    week.links = {link.player_name: link.token for link in issued.links}
    assert set(NAMES) <= set(week.links)
    return hook


def plan_the_nights(week: Week) -> int:
    """Two nights a week apart: the first moved to another room, the second cancelled. The
    first night's id."""
    models = week.models
    body = models.NightPlanRequest(
        starts_at=evening(7),
        game=models.NightPlanRequestGame(GAME),
        place="Café De Zwaan",
        recurrence=models.RecurrenceEnum.WEEKLY,
        count=2,
    )
    first, second = week.call("clubs_nights_create", week.club.pk, body=body)
    assert first.starts_at == evening(7) and second.series == first.series
    moved = week.call(
        "nights_partial_update",
        first.id,
        body=models.PatchedNightUpdateRequest(place="Zaal Het Anker"),
    )
    assert moved.place == "Zaal Het Anker" and moved.game == models.NightGame(GAME)
    off = week.call("nights_cancel_create", second.id, body=models.CancelRequest(cancelled=True))
    assert off.cancelled
    ahead = week.call("clubs_nights_list", week.club.pk)
    assert [night.id for night in ahead.results if not night.cancelled] == [first.id]

    website = feed("feeds_clubs_nights_list").sync(week.club.slug, client=week.public)
    assert website.meta.calendar and [night.place for night in website.results] == [
        "Zaal Het Anker"
    ]
    assert website.results[0].starts_at == evening(7)
    return first.id


def answer_with_personal_links(week: Week, night: int) -> None:
    """Everyone answers from their own link, no account; Anna opts in to her evening by
    e-mail with hers."""
    models = week.models
    for name in NAMES:
        answer = models.AnswerEnum.NO if name == AWAY else models.AnswerEnum.YES
        body = models.LinkAnswerRequest(night=night, answer=answer)
        rsvp = endpoint("rsvp_create").sync(week.links[name], client=week.public, body=body)
        assert rsvp.player == week.players[name] and rsvp.player_name == name
    answers = week.call("nights_rsvps_list", night)
    assert answers.count == len(NAMES)
    assert (answers.meta.coming, answers.meta.not_coming) == (len(NAMES) - 1, 1)

    anna = week.links["Anna"]
    settings = endpoint("mail_settings_update").sync(
        anna,
        client=week.public,
        body=models.MailSettingsWriteRequest(email="anna@example.test", evening=True),
    )
    assert settings.player == week.players["Anna"] and settings.evening is True
    again = endpoint("mail_settings_retrieve").sync(anna, client=week.public)
    assert again.email == "anna@example.test" and again.language == models.LanguageEnum.NL


def play_the_night(week: Week, night: int) -> int:
    """The night opened as the event, those coming checked in, published, seated and played,
    one result corrected. The event's id."""
    models = week.models
    event = week.call("nights_open_create", night).event
    coming = [rsvp.player for rsvp in week.call("nights_rsvps_list", night).results]
    checked_in = week.call("events_check_in_coming_create", event)
    assert sorted(entry.player for entry in checked_in) == sorted(
        player for player in coming if player != week.players[AWAY]
    )
    assert all(entry.present and entry.event == event for entry in checked_in)
    assert week.call("events_check_in_coming_create", event) == []  # everyone is in already
    week.call("events_publish_create", event, body=models.PublishRequest(published=True))
    plan = week.call("events_seating_create", event, body=models.GenerateRoundRequest(seed=7))
    week.call("rounds_accept_create", plan.id)

    game = games()[GAME]
    sample = importlib.import_module(f"games.{GAME}.rules.sample")
    ruleset = game.rulesets[game.default_ruleset]
    rng = random.Random(11)
    for table in plan.tables:
        document = sample.random_session(rng, seats=len(table.seats), ruleset=ruleset)
        body = models.SessionWriteRequest.from_dict({"document": document})
        week.call("tables_session_update", table.id, body=body)
    table = plan.tables[0]
    corrected = sample.random_session(random.Random(12), seats=len(table.seats), ruleset=ruleset)
    body = models.SessionWriteRequest.from_dict({"document": corrected, "reason": "recount"})
    fixed = week.call("tables_session_update", table.id, body=body, if_match='"1"')
    assert fixed.revision == 2

    standings = week.call("events_standings_list", event)
    assert standings.count == len(coming) - 1 and standings.meta.up_to_date
    website = feed("feeds_events_standings_list").sync(event, client=week.public)
    assert [(line.rank, line.player) for line in website.results] == [
        (line.rank, line.player) for line in standings.results
    ]
    return event


def withdraw_the_event(week: Week, event: int) -> None:
    """Renamed (a name the public pages show), then hidden again."""
    models = week.models
    body = models.PatchedEventRequest(name="Clubavond met verhuizing")
    renamed = week.call("events_partial_update", event, body=body)
    assert renamed.game == models.EventGame(GAME)  # a PATCH sends no game of its own
    week.call("events_publish_create", event, body=models.PublishRequest(published=False))
    website = feed("feeds_clubs_events_list").sync(week.club.slug, client=week.public)
    assert website.count == 0 and website.meta.club == week.club.pk
    assert website.meta.club_slug == week.club.slug and website.meta.club_name == week.club.name


def received_bodies(receiver: Any, shapes: Any, secret: str, models: Any) -> list[dict]:
    """Every delivery: signed with the secret, its kind in the header, its body as its
    kind's component declares it and read by the client's model of it, its time in UTC."""
    bodies = []
    for request in receiver.requests:
        assert verify(secret, request.headers, request.body)
        body = request.json
        assert request.headers["X-Hook-Event"] == body["kind"]
        assert request.headers["X-Hook-Delivery"] == str(body["id"])
        shapes.delivery(body)
        assert body["created_at"].endswith("Z")
        read = getattr(models, component_name(body["kind"])).from_dict(body)
        assert read.id == body["id"]
        bodies.append(body)
    return bodies


def test_a_week_of_the_club_through_the_generated_client(
    generated: Any, in_process: Any, receiver: Any, shapes: Any
) -> None:
    week = Week(generated, in_process)
    hook = set_up_the_club(week, receiver.url)
    night = plan_the_nights(week)
    answer_with_personal_links(week, night)
    event = play_the_night(week, night)
    withdraw_the_event(week, event)

    bodies = received_bodies(receiver, shapes, hook.secret, week.models)
    assert {body["kind"] for body in bodies} == set(DELIVERY_KINDS)
    by_kind = {body["kind"]: body["data"] for body in bodies}
    moved = by_kind[club_events.NIGHT_CHANGED]
    assert moved["id"] == night and moved["changed"] == ["place"]
    assert moved["starts_at"].endswith("Z") and moved["previous"] == {"place": "Café De Zwaan"}

    # The webhooks name players, seats and ranks as the API's answers do.
    standings = week.call("events_standings_list", event).results
    last = [body for body in bodies if body["kind"] == club_events.STANDINGS_CHANGED][-1]
    assert [
        (line["rank"], line["player"], line["player_name"]) for line in last["data"]["standings"]
    ] == [(line.rank, line.player, line.player_name) for line in standings]
    corrected = by_kind[club_events.RESULT_CORRECTED]
    session = week.call("tables_session_retrieve", corrected["table"])
    assert [
        {key: seat[key] for key in ("position", "player", "player_name", "total", "placement")}
        for seat in corrected["seats"]
    ] == [seat.to_dict() for seat in session.seats]
    seated = by_kind[club_events.ROUND_SEATED]["tables"][0]
    table = week.call("tables_retrieve", seated["id"])
    assert [(s["position"], s["player"]) for s in seated["seats"]] == [
        (s.position, s.player) for s in table.seats
    ]

    # A receiver that was down catches up on the same deliveries, in the order they were made;
    # the log names each one's event.
    caught = week.call("hooks_catch_up_list", hook.id, limit=200)
    assert not caught.more
    assert [item.id for item in caught.results] == sorted(body["id"] for body in bodies)
    sent = {body["id"]: body["data"] for body in bodies}
    assert all(item.payload == sent[item.id] for item in caught.results)
    log = week.call("hooks_deliveries_list", hook.id, limit=200).results
    assert {item.event for item in log if item.kind.value.startswith("night.")} == {None}
    assert {item.event for item in log if item.kind.value.startswith("result.")} == {event}
    assert all(item.status.value == "succeeded" for item in log)
