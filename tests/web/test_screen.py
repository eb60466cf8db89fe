"""The room's screen: the standings, the current round's tables and which are done, the
round's timer (started, paused and reset by the organizer or a scorer), the JSON the page
polls, who may see it, and a Bonko night's round of the set, target number and bell."""

import datetime

import pytest
from django.core.cache import cache
from django.utils import timezone

from clubs.models import AuditEntry, Role
from core.errors import NotAllowed, ServiceError
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tournaments.models import Round
from tournaments.round_timer import round_timer, timer_state

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_cached_screens():
    cache.clear()


@pytest.fixture
def night(django_capture_on_commit_callbacks):
    """A published event: round 1 with a finished table and one still to play."""
    event = EventFactory(published=True, name="Clubavond")
    done = seated_table(
        event, players=[PlayerFactory(name=n) for n in ("Anna", "Bram", "Cor", "Dewi")]
    )
    waiting = seated_table(event, table_number=2)
    with django_capture_on_commit_callbacks(execute=True):
        session_submit(
            table=done,
            submitted_by=None,
            document=classic_document(),
            table_token=done.scoring_token,
        )
    return event, done, waiting


def screen(client, event, lang="en"):
    return client.get(f"/events/{event.pk}/screen/", HTTP_ACCEPT_LANGUAGE=lang)


def state(client, event, lang="en", query=""):
    response = client.get(f"/events/{event.pk}/screen.json{query}", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    return response.json()


def test_the_screen_shows_the_standings_and_the_rounds_tables(night):
    event, done, waiting = night
    response = screen(client_for(), event)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Clubavond" in page and "Round 1" in page
    for name in ("Anna", "Bram", "Cor", "Dewi"):
        assert name in page
    assert 'class="screen-table is-done"' in page and 'class="screen-table is-playing"' in page
    assert "done: 1 of 2" in page
    assert "js/screen.js" in page and "<script>" not in page  # no inline script (CSP)
    assert f'data-json-url="/events/{event.pk}/screen.json"' in page


def test_the_json_carries_what_the_screen_redraws(night):
    event, done, waiting = night
    data = state(client_for(), event)
    assert data["event"] == "Clubavond"
    assert len(data["standings"]) == 8  # the players of both tables
    assert data["standings"][0]["rank"] == "1"
    assert {"Anna", "Bram", "Cor", "Dewi"} <= {row["name"] for row in data["standings"]}
    assert all(set(row) == {"rank", "name", "stats", "total"} for row in data["standings"])
    round_ = data["round"]
    assert round_["number"] == 1 and round_["done"] == 1 and round_["title"] == "Round 1"
    assert [(t["number"], t["status"], t["label"]) for t in round_["tables"]] == [
        (1, "done", "done"),
        (2, "playing", "playing"),
    ]
    assert round_["tables"][0]["players"] == ["Anna", "Bram", "Cor", "Dewi"]
    assert round_["timer"] == {
        "running": False,
        "minutes": 0,
        "elapsed": 0,
        "remaining": None,
        "text": "",
    }
    assert "target" not in round_ and "bell" not in round_


def test_the_screen_speaks_dutch(night):
    event, _done, _waiting = night
    page = screen(client_for(), event, "nl").content.decode()
    assert "Ronde 1" in page and 'lang="nl"' in page
    data = state(client_for(), event, "nl")
    assert data["round"]["tables"][0]["label"] == "klaar"


def test_the_number_of_lines_is_bounded(night):
    event, _done, _waiting = night
    assert len(state(client_for(), event, query="?rows=2")["standings"]) == 2
    assert len(state(client_for(), event, query="?rows=nonsense")["standings"]) == 8
    page = client_for().get(f"/events/{event.pk}/screen/?rows=2").content.decode()
    assert "screen.json?rows=2" in page


def test_a_planned_round_stays_off_the_screen(night):
    event, _done, _waiting = night
    Round.objects.create(event=event, number=2, status=Round.Status.PLANNED)
    assert state(client_for(), event)["round"]["number"] == 1


def test_no_round_yet():
    event = EventFactory(published=True)
    data = state(client_for(), event)
    assert data["round"] is None and data["standings"] == []
    assert "No round is being played yet." in screen(client_for(), event).content.decode()


def test_an_unpublished_event_is_hidden_from_outsiders(clients, event):
    seated_table(event)
    for who in ("anonymous", "outsider", "other_organizer"):
        assert clients[who].get(f"/events/{event.pk}/screen/").status_code == 404
        assert clients[who].get(f"/events/{event.pk}/screen.json").status_code == 404
    for who in ("member", "scorer", "organizer"):
        assert clients[who].get(f"/events/{event.pk}/screen/").status_code == 200
        assert clients[who].get(f"/events/{event.pk}/screen.json").status_code == 200


# --- The timer ------------------------------------------------------------------------------


def test_start_pause_resume_and_reset(night):
    event, done, _waiting = night
    organizer = user_with_role(event.club, Role.ORGANIZER)
    round_ = round_timer(actor=organizer, round_=done.round, action="start", minutes=30)
    assert round_.timer_started_at is not None and round_.timer_minutes == 30
    later = round_.timer_started_at + datetime.timedelta(seconds=90)
    assert timer_state(round_, later) == {
        "running": True,
        "minutes": 30,
        "elapsed": 90,
        "remaining": 30 * 60 - 90,
    }
    Round.objects.filter(pk=round_.pk).update(
        timer_started_at=timezone.now() - datetime.timedelta(seconds=100)
    )
    round_ = round_timer(actor=organizer, round_=round_.pk, action="pause")
    assert round_.timer_started_at is None and 100 <= round_.timer_elapsed_seconds <= 101
    assert timer_state(round_)["running"] is False
    round_ = round_timer(actor=organizer, round_=round_.pk, action="start")  # resume
    assert round_.timer_started_at is not None and round_.timer_elapsed_seconds >= 100
    round_ = round_timer(actor=organizer, round_=round_.pk, action="reset", minutes=45)
    assert (round_.timer_started_at, round_.timer_elapsed_seconds, round_.timer_minutes) == (
        None,
        0,
        45,
    )
    actions = list(
        AuditEntry.objects.filter(action="round.timer")
        .order_by("pk")
        .values_list("details__command", flat=True)
    )
    assert actions == ["start", "pause", "start", "reset"]


def test_a_command_that_changes_nothing_writes_nothing(night):
    event, done, _waiting = night
    organizer = user_with_role(event.club, Role.ORGANIZER)
    round_timer(actor=organizer, round_=done.round, action="pause")
    round_timer(actor=organizer, round_=done.round, action="reset")
    assert not AuditEntry.objects.filter(action="round.timer").exists()


def test_the_time_is_up_below_zero(night):
    event, done, _waiting = night
    Round.objects.filter(pk=done.round_id).update(
        timer_minutes=1, timer_started_at=timezone.now() - datetime.timedelta(seconds=75)
    )
    timer = state(client_for(), event)["round"]["timer"]
    assert timer["running"] and timer["remaining"] <= -15 and timer["text"] == "0:00"


@pytest.mark.parametrize(
    "role,allowed",
    [(Role.ORGANIZER, True), (Role.SCORER, True), (Role.MEMBER, False), (None, False)],
)
def test_who_may_run_the_timer(night, role, allowed):
    event, done, _waiting = night
    user = user_with_role(event.club, role)
    if allowed:
        round_timer(actor=user, round_=done.round, action="start", minutes=20)
        assert Round.objects.get(pk=done.round_id).timer_started_at is not None
    else:
        with pytest.raises(NotAllowed):
            round_timer(actor=user, round_=done.round, action="start", minutes=20)
        assert Round.objects.get(pk=done.round_id).timer_minutes == 0


@pytest.mark.parametrize(
    "action,minutes,code,field",
    [
        ("start", None, "no_minutes", "minutes"),
        ("start", 0, "bad_minutes", "minutes"),
        ("start", 601, "bad_minutes", "minutes"),
        ("start", "half an hour", "bad_minutes", "minutes"),
        ("start", True, "bad_minutes", "minutes"),
        ("stop", 10, "bad_action", "action"),
    ],
)
def test_bad_commands_name_the_problem(night, action, minutes, code, field):
    event, done, _waiting = night
    organizer = user_with_role(event.club, Role.ORGANIZER)
    with pytest.raises(ServiceError) as caught:
        round_timer(actor=organizer, round_=done.round, action=action, minutes=minutes)
    assert caught.value.errors[0]["code"] == code
    assert caught.value.errors[0]["field"] == field


def test_a_closed_round_does_not_start_its_timer(night):
    event, done, _waiting = night
    Round.objects.filter(pk=done.round_id).update(status=Round.Status.CLOSED)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    with pytest.raises(ServiceError) as caught:
        round_timer(actor=organizer, round_=done.round_id, action="start", minutes=10)
    assert caught.value.errors[0]["code"] == "round_not_playing"


def test_the_round_page_has_the_timer_buttons(night):
    event, done, _waiting = night
    organizer = client_for(user_with_role(event.club, Role.ORGANIZER))
    page = organizer.get(f"/manage/rounds/{done.round_id}/", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert "Start the timer" in html and f"/events/{event.pk}/screen/" in html
    assert "Pause the timer" not in html
    response = organizer.post(
        f"/manage/rounds/{done.round_id}/timer/",
        {"action": "start", "minutes": "25"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    html = response.content.decode()
    assert "The round&#x27;s timer runs." in html and "Pause the timer" in html
    assert "Time left: 25:00" in html or "Time left: 24:59" in html
    assert state(client_for(), event)["round"]["timer"]["minutes"] == 25
    response = organizer.post(
        f"/manage/rounds/{done.round_id}/timer/",
        {"action": "start", "minutes": "999"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "whole number from 1 to 600" in response.content.decode()


def test_a_member_cannot_use_the_timer_form(night):
    event, done, _waiting = night
    member = client_for(user_with_role(event.club, Role.MEMBER))
    response = member.post(
        f"/manage/rounds/{done.round_id}/timer/", {"action": "start", "minutes": "25"}
    )
    assert response.status_code == 403
    assert Round.objects.get(pk=done.round_id).timer_minutes == 0


# --- Bonko: the round of the set, the target number and the bell ------------------------------


@pytest.fixture
def bonko():
    event = EventFactory(game="bonko", ruleset="bonko", published=True)
    for number in (1, 8):
        seated_table(event, round_number=number)
    Round.objects.filter(event=event, number=1).update(status=Round.Status.CLOSED)
    return event, Round.objects.get(event=event, number=8)


def test_a_bonko_screen_shows_the_set_the_target_and_the_bell(bonko):
    event, round_ = bonko
    data = state(client_for(), event)["round"]
    assert (data["number"], data["set"], data["target"]) == (8, 2, 2)
    assert data["title"] == "Set 2, round 2" and data["bell"] == {"rung": False, "at": None}
    page = screen(client_for(), event).content.decode()
    assert "data-target>2<" in page and "Set 2, round 2" in page
    assert 'class="screen-bell is-hidden"' in page
    Round.objects.filter(pk=round_.pk).update(bell_rung_at=timezone.now())
    data = state(client_for(), event)["round"]
    assert data["bell"]["rung"] is True and data["bell"]["at"]
    page = screen(client_for(), event).content.decode()
    assert 'class="screen-bell"' in page and "The bell has rung" in page
    dutch = screen(client_for(), event, "nl").content.decode()
    assert "Doelgetal" in dutch and "Set 2, ronde 2" in dutch


def test_a_finished_table_shows_at_once_though_screens_share_a_reading(night):
    event, _done, waiting = night
    assert state(client_for(), event)["round"]["done"] == 1
    session_submit(
        table=waiting,
        submitted_by=None,
        document=classic_document(),
        table_token=waiting.scoring_token,
    )
    event.refresh_from_db()
    assert state(client_for(), event)["round"]["done"] == 2
