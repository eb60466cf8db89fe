"""Players check themselves in at the event's door (``tournaments.door.services``): who may check in
whom, one name per phone, the organizer's undo, renewing the link, requiring sign-in, leaving
after a round (the next round's seating leaves them out), the audit entries, and the API's
two endpoints with their error shape and rate limit."""

import secrets

import pytest
from django.core.cache import cache

from clubs.models import AuditEntry, Membership, Role
from core.errors import NotAllowed, NotFound, ServiceError
from tests.factories import EventFactory, PlayerFactory, api_client, user_with_role
from tournaments.door import limits as door_limits
from tournaments.door.services import (
    door_check_in,
    door_renew,
    door_require_sign_in,
    door_undo,
    entry_leaving,
)
from tournaments.models import Event, EventPlayer, Round
from tournaments.rounds.lifecycle import round_close
from tournaments.rounds.services import round_accept, round_generate

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_limits():
    cache.clear()
    yield
    cache.clear()


def club_night(players: int = 8) -> tuple[Event, list, object]:
    event = EventFactory(published=True, status=Event.Status.RUNNING)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    members = PlayerFactory.create_batch(players)
    for player in members:
        Membership.objects.create(club=event.club, player=player)
    return event, members, organizer


def code_of(exc: pytest.ExceptionInfo) -> str:
    return exc.value.errors[0]["code"]


def test_a_member_picks_their_name_and_is_entered_and_checked_in_as_the_door():
    event, (anna, *_rest), _organizer = club_night()
    entry, now = door_check_in(token=event.door_token, actor=None, player=anna, device="phone-a")
    assert now and entry.present and entry.door_at is not None and entry.door_device
    audit = AuditEntry.objects.filter(action="entry.door_check_in").get()
    assert audit.actor_label == "door" and audit.actor_id is None
    again, now = door_check_in(token=event.door_token, actor=None, player=anna, device="phone-a")
    assert again.pk == entry.pk and not now  # already in: nothing changes
    assert AuditEntry.objects.filter(action="entry.door_check_in").count() == 1


def test_one_phone_checks_in_one_name():
    event, (anna, bert, *_rest), _organizer = club_night()
    door_check_in(token=event.door_token, actor=None, player=anna, device="phone-a")
    with pytest.raises(NotAllowed) as refused:
        door_check_in(token=event.door_token, actor=None, player=bert, device="phone-a")
    assert code_of(refused) == "door_one_name_per_phone"
    assert anna.name in refused.value.errors[0]["message"]
    assert not EventPlayer.objects.filter(event=event, player=bert).exists()
    door_check_in(token=event.door_token, actor=None, player=bert, device="phone-b")


def test_a_name_with_a_login_signs_in_and_a_signed_in_player_checks_in_only_themselves():
    event, (anna, *_rest), _organizer = club_night()
    user = user_with_role(event.club, Role.MEMBER)
    with pytest.raises(NotAllowed) as refused:
        door_check_in(token=event.door_token, actor=None, player=user.player, device="x")
    assert code_of(refused) == "door_sign_in_for_name"
    with pytest.raises(NotAllowed) as refused:
        door_check_in(token=event.door_token, actor=user, player=anna)
    assert code_of(refused) == "door_own_name_only"
    entry, now = door_check_in(token=event.door_token, actor=user)
    assert now and entry.player == user.player and entry.door_device == ""
    assert AuditEntry.objects.get(action="entry.door_check_in").actor_id == user.pk


def test_no_outsider_no_phone_id_and_no_finished_event():
    event, (anna, *_rest), _organizer = club_night()
    with pytest.raises(ServiceError) as refused:
        door_check_in(token=event.door_token, actor=None, player=PlayerFactory(), device="x")
    assert code_of(refused) == "not_a_member"
    with pytest.raises(ServiceError) as refused:
        door_check_in(token=event.door_token, actor=None, player=anna, device="")
    assert code_of(refused) == "door_device_required"
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    with pytest.raises(ServiceError) as refused:
        door_check_in(token=event.door_token, actor=None, player=anna, device="x")
    assert code_of(refused) == "event_finished"


def test_the_organizer_undoes_a_door_check_in_and_the_door_does_not_redo_it():
    event, (anna, *_rest), organizer = club_night()
    door_check_in(token=event.door_token, actor=None, player=anna, device="phone-a")
    entry = door_undo(event=event, actor=organizer, player=anna)
    assert not entry.present and entry.door_undone
    with pytest.raises(NotAllowed) as refused:
        door_check_in(token=event.door_token, actor=None, player=anna, device="phone-b")
    assert code_of(refused) == "door_check_in_undone"
    member = user_with_role(event.club, Role.MEMBER)
    with pytest.raises(NotAllowed):
        door_undo(event=event, actor=member, player=anna)


def test_a_renewed_link_ends_the_old_one_and_sign_in_can_be_required():
    event, (anna, bert, *_rest), organizer = club_night()
    old = event.door_token
    event = door_renew(event=event, actor=organizer)
    assert event.door_token != old
    with pytest.raises(NotFound) as gone:
        door_check_in(token=old, actor=None, player=anna, device="x")
    assert code_of(gone) == "door_link_unknown"
    door_require_sign_in(event=event, actor=organizer, required=True)
    with pytest.raises(NotAllowed) as refused:
        door_check_in(token=event.door_token, actor=None, player=bert, device="y")
    assert code_of(refused) == "door_sign_in_required"
    with pytest.raises(NotAllowed):
        door_renew(event=event, actor=user_with_role(event.club, Role.SCORER))
    assert {"event.door_renew", "event.door_sign_in"} <= set(
        AuditEntry.objects.values_list("action", flat=True)
    )


def test_leaving_after_round_one_leaves_the_player_out_of_round_two():
    event, members, organizer = club_night(9)
    for index, player in enumerate(members):
        door_check_in(token=event.door_token, actor=None, player=player, device=f"p{index}")
    leaver = members[0]
    first = round_generate(event=event, actor=organizer, seed=1)
    round_accept(round_=first, actor=organizer)
    entry = entry_leaving(event=event, actor=None, player=leaver, leaving=True, device="p0")
    assert entry.leaving_after == 1
    with pytest.raises(NotAllowed):  # another phone may not say it for them
        entry_leaving(event=event, actor=None, player=members[1], leaving=True, device="p0")
    entry_leaving(event=event, actor=None, player=leaver, leaving=False, device="p0")
    entry_leaving(event=event, actor=None, player=leaver, leaving=True, device="p0")
    Round.objects.filter(pk=first.pk).update(status=Round.Status.CLOSED)
    second = round_generate(event=event, actor=organizer, seed=2)
    seated = set(second.seats.values_list("player_id", flat=True)) | set(
        second.byes.values_list("player_id", flat=True)
    )
    assert leaver.pk not in seated and len(seated) == 8
    assert not EventPlayer.objects.get(event=event, player=leaver).present
    assert AuditEntry.objects.filter(action="entry.left").count() == 1
    with pytest.raises(ServiceError) as late:
        entry_leaving(event=event, actor=None, player=leaver, leaving=False, device="p0")
    assert code_of(late) == "leaving_already_seated"


def test_leaving_before_the_first_round_means_after_round_one():
    event, members, organizer = club_night(7)
    for index, player in enumerate(members):
        door_check_in(token=event.door_token, actor=None, player=player, device=f"p{index}")
    user = user_with_role(event.club, Role.MEMBER)
    door_check_in(token=event.door_token, actor=user)
    entry = entry_leaving(event=event, actor=user, player=user.player, leaving=True)
    assert entry.leaving_after == 1
    first = round_generate(event=event, actor=organizer, seed=1)  # round 1: still seated
    assert (
        first.seats.filter(player=user.player).exists()
        or first.byes.filter(player=user.player).exists()
    )
    round_accept(round_=first, actor=organizer)
    round_close(
        round_=first,
        actor=organizer,
        unfinished={t.number: "not_played" for t in first.tables.all()},
    )
    second = round_generate(event=event, actor=organizer, seed=1)
    assert not second.seats.filter(player=user.player).exists()


# --- The API ---------------------------------------------------------------------------------


def phone_at_the_door(event: Event):
    """An API client whose session the door page started (the phone's door id)."""
    client = api_client()
    assert client.get(f"/door/{event.door_token}/").status_code == 200
    return client


def test_the_api_checks_in_at_the_door_once_then_says_already():
    event, (anna, bert, *_rest), _organizer = club_night()
    client = phone_at_the_door(event)
    url = f"/api/v1/door/{event.door_token}/check-in/"
    first = client.post(url, {"player": anna.pk}, format="json")
    assert first.status_code == 201, first.content
    assert first.json()["present"] is True and first.json()["checked_in_now"] is True
    assert client.post(url, {"player": anna.pk}, format="json").status_code == 200
    other = client.post(url, {"player": bert.pk, "device": "another"}, format="json")
    assert other.status_code == 403
    assert other.json()["errors"][0]["code"] == "door_one_name_per_phone"
    assert other.json()["errors"][0]["message_nl"]
    gone = client.post(
        "/api/v1/door/nonsense/check-in/", {"player": anna.pk, "device": "z"}, format="json"
    )
    assert gone.status_code == 404 and gone.json()["errors"][0]["code"] == "door_link_unknown"


def test_the_api_rate_limits_one_phone(monkeypatch):
    event, members, _organizer = club_night(4)
    monkeypatch.setattr(door_limits, "DOOR_PHONE_LIMIT", 3)
    client = phone_at_the_door(event)
    url = f"/api/v1/door/{event.door_token}/check-in/"
    codes = [
        client.post(url, {"player": members[0].pk}, format="json").status_code for _ in range(4)
    ]
    assert codes[:3] == [201, 200, 200] and codes[3] == 429
    response = client.post(url, {"player": members[0].pk}, format="json")
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert "errors" in response.json()


def test_the_api_says_leaving_for_yourself_or_as_the_organizer():
    event, (anna, *_rest), organizer = club_night()
    user = user_with_role(event.club, Role.MEMBER)
    door_check_in(token=event.door_token, actor=user)
    door_check_in(token=event.door_token, actor=None, player=anna, device="a")
    url = f"/api/v1/events/{event.pk}/leaving/"
    mine = api_client(user).post(url, {"leaving": True}, format="json")
    assert mine.status_code == 200 and mine.json()["leaving_after"] == 1
    theirs = api_client(user).post(url, {"leaving": True, "player": anna.pk}, format="json")
    assert theirs.status_code == 403
    by_organizer = api_client(organizer).post(
        url, {"leaving": True, "player": anna.pk}, format="json"
    )
    assert by_organizer.status_code == 200
    assert api_client().post(url, {"leaving": True}, format="json").status_code == 401
    listed = api_client(organizer).get(f"/api/v1/entries/?event={event.pk}").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert {row["player"]: row["leaving_after"] for row in rows}[anna.pk] == 1


def test_the_api_takes_no_door_id_from_the_client():
    """A ``device`` the client names is no phone: 8 fresh random ids checked in 8 of 8 members
    without a login. The door id is the one the door page put in the phone's session."""
    event, members, _organizer = club_night(2)
    url = f"/api/v1/door/{event.door_token}/check-in/"
    for player in members:
        refused = api_client().post(
            url, {"player": player.pk, "device": secrets.token_hex(8)}, format="json"
        )
        assert refused.status_code == 400
        assert refused.json()["errors"][0]["code"] == "door_device_required"
    assert not EventPlayer.objects.filter(event=event).exists()


def test_scripted_fresh_phones_check_in_no_more_than_the_limit(settings):
    """A script opening the door page in a fresh session for every name (with a random
    ``device`` besides) checks in ``DOOR_NAMES_PER_ADDRESS`` names from its address."""
    settings.DOOR_NAMES_PER_ADDRESS = 3
    event, members, _organizer = club_night(8)
    url = f"/api/v1/door/{event.door_token}/check-in/"
    codes = [
        phone_at_the_door(event).post(
            url, {"player": player.pk, "device": secrets.token_hex(8)}, format="json"
        )
        for player in members
    ]
    assert [c.status_code for c in codes] == [201] * 3 + [429] * 5
    assert codes[3].json()["errors"][0]["code"] == "door_names_per_address"
    assert int(codes[3]["Retry-After"]) > 0
    assert EventPlayer.objects.filter(event=event, present=True).count() == 3


def test_the_default_limit_of_names_per_address(settings):
    event, members, _organizer = club_night(12)
    assert settings.DOOR_NAMES_PER_ADDRESS == 10
    done = [
        door_check_in(
            token=event.door_token, actor=None, player=p, device=f"p{i}", address="203.0.113.9"
        )
        for i, p in enumerate(members[:10])
    ]
    assert all(now for _entry, now in done)
    with pytest.raises(ServiceError) as refused:
        door_check_in(
            token=event.door_token,
            actor=None,
            player=members[10],
            device="p10",
            address="203.0.113.9",
        )
    assert refused.value.status_code == 429 and code_of(refused) == "door_names_per_address"
    door_check_in(
        token=event.door_token, actor=None, player=members[10], device="p10", address="198.51.100.4"
    )  # another address


@pytest.mark.django_db(transaction=True)
def test_fresh_phones_sent_at_once_check_in_no_more_than_the_limit(settings):
    """Check-ins of one event wait for each other (the event's row lock), so names sent at the
    same moment from one address are counted exactly."""
    import threading

    from django.db import connection

    settings.DOOR_NAMES_PER_ADDRESS = 3
    event, members, _organizer = club_night(8)
    barrier, results = threading.Barrier(8), []

    def check_in(index: int) -> None:
        barrier.wait()
        try:
            door_check_in(
                token=event.door_token,
                actor=None,
                player=members[index],
                device=f"fresh-{index}",
                address="203.0.113.9",
            )
            results.append("in")
        except ServiceError as exc:
            results.append(exc.errors[0]["code"])
        finally:
            connection.close()

    threads = [threading.Thread(target=check_in, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(results) == ["door_names_per_address"] * 5 + ["in"] * 3
    assert EventPlayer.objects.filter(event=event, present=True).count() == 3
