"""Trust holes found by attacking the service, each closed at the service layer and kept closed.

* Capturing another club's players: a club brings in a player of another club only with that
  club's consent (an organizer of both) or from the player's own account (the page's and the
  admin's tests: tests/web/test_club_join.py, tests/web/test_admin_services.py).
* A seat swap racing a table's first result: the swap takes the table's lock as the session
  write does; whichever comes second sees the first (a 409 for a swap after results).
* Unpublished results leaking through ratings: ratings count published events only.
* Validation before permission: an outsider learns nothing from validation messages.
* A table's own link reads its own session while the event is unpublished.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from ranking.ratings.services import ratings_update
from results.models import Session, SessionSeat
from tests.documents import classic_document
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    api_client,
    seated_table,
    user_with_role,
)
from tests.integration.ratings_support import play
from tournaments.models import Bye, Event, Seat

pytestmark = pytest.mark.django_db


# --- Capturing another club's players --------------------------------------------------------


def test_an_outsider_cannot_bring_another_clubs_player_into_their_own_club():
    home = ClubFactory()
    victim = PlayerFactory()
    Membership.objects.create(club=home, player=victim)
    intruder = user_with_role(ClubFactory(), Role.ORGANIZER)
    own_club = intruder.player.memberships.get().club
    response = api_client(intruder).post(
        "/api/v1/memberships/", {"club": own_club.pk, "player": victim.pk}, format="json"
    )
    assert response.status_code == 403, response.content
    assert response.json()["errors"][0]["code"] == "no_consent"
    assert list(victim.memberships.values_list("club_id", flat=True)) == [home.pk]


def test_an_organizer_of_both_clubs_brings_a_player_across():
    home, other = ClubFactory(), ClubFactory()
    organizer = user_with_role(home, Role.ORGANIZER)
    Membership.objects.create(club=other, player=organizer.player, role=Role.ORGANIZER)
    player = PlayerFactory()
    Membership.objects.create(club=home, player=player)
    response = api_client(organizer).post(
        "/api/v1/memberships/", {"club": other.pk, "player": player.pk}, format="json"
    )
    assert response.status_code == 201, response.content
    assert set(player.memberships.values_list("club_id", flat=True)) == {home.pk, other.pk}


def test_a_player_consents_from_their_own_account_and_the_consent_is_used_up():
    home, new_club = ClubFactory(), ClubFactory()
    user = user_with_role(home, Role.MEMBER)
    founder = user_with_role(new_club, Role.ORGANIZER)
    add = {"club": new_club.pk, "player": user.player.pk}
    assert api_client(founder).post("/api/v1/memberships/", add, format="json").status_code == 403
    consent = api_client(user).post(
        f"/api/v1/players/{user.player.pk}/join-consent/", {"club": new_club.pk}, format="json"
    )
    assert consent.status_code == 201, consent.content
    added = api_client(founder).post("/api/v1/memberships/", add, format="json")
    assert added.status_code == 201, added.content
    api_client(founder).delete(f"/api/v1/memberships/{added.json()['id']}/")
    again = api_client(founder).post("/api/v1/memberships/", add, format="json")
    assert again.status_code == 403  # the consent was used up


def test_only_the_player_or_their_clubs_organizers_consent():
    home, grabber = ClubFactory(), ClubFactory()
    player = PlayerFactory()
    Membership.objects.create(club=home, player=player)
    for outsider in (user_with_role(grabber, Role.ORGANIZER), user_with_role(home, Role.SCORER)):
        response = api_client(outsider).post(
            f"/api/v1/players/{player.pk}/join-consent/", {"club": grabber.pk}, format="json"
        )
        assert response.status_code == 403
    organizer = user_with_role(home, Role.ORGANIZER)
    response = api_client(organizer).post(
        f"/api/v1/players/{player.pk}/join-consent/", {"club": grabber.pk}, format="json"
    )
    assert response.status_code == 201


def test_a_player_who_left_every_club_is_not_up_for_grabs():
    player = PlayerFactory()  # no club any more
    intruder = user_with_role(ClubFactory(), Role.ORGANIZER)
    club = intruder.player.memberships.get().club
    response = api_client(intruder).post(
        "/api/v1/memberships/", {"club": club.pk, "player": player.pk}, format="json"
    )
    assert response.status_code == 403
    assert not player.memberships.exists()


def test_refusal_comes_before_validation():
    """A member (not an organizer) asking for a membership that already exists learns that
    they may not, not that the membership exists; an outsider seating a player on a taken
    seat learns the same."""
    event = EventFactory()
    member = user_with_role(event.club, Role.MEMBER)
    already = PlayerFactory()
    Membership.objects.create(club=event.club, player=already)
    response = api_client(member).post(
        "/api/v1/memberships/", {"club": event.club.pk, "player": already.pk}, format="json"
    )
    assert response.status_code == 403
    assert "unique" not in response.content.decode()
    table = seated_table(event)
    outsider = user_with_role(ClubFactory(), Role.ORGANIZER)
    response = api_client(outsider).post(
        "/api/v1/seats/",
        {"table": table.pk, "position": 0, "player": already.pk},
        format="json",
    )
    assert response.status_code == 403
    assert "taken" not in response.content.decode()


# --- A seat swap racing a table's first result -------------------------------------------------


def _swap_and_submit(event: Event, organizer_id: int) -> tuple[int, int, int, int]:
    """Swap a seated player with the player who has a bye while the table's first result is
    being saved, each from its own connection; returns both answers and the two players."""
    from django.contrib.auth.models import User

    round_ = event.rounds.get()
    table = round_.tables.get()
    seated = table.seats.get(position=0).player_id
    bye = Bye.objects.get(round=round_).player_id
    organizer = User.objects.get(pk=organizer_id)
    token_client = APIClient()
    token_client.credentials(HTTP_X_TABLE_TOKEN=table.scoring_token)
    barrier = threading.Barrier(2)
    answers: dict[str, int] = {}

    def swap() -> None:
        barrier.wait()
        answers["swap"] = (
            api_client(organizer)
            .post(
                f"/api/v1/rounds/{round_.pk}/swap/",
                {"player_a": seated, "player_b": bye},
                format="json",
            )
            .status_code
        )
        connection.close()

    def submit() -> None:
        barrier.wait()
        answers["session"] = token_client.put(
            f"/api/v1/tables/{table.pk}/session/",
            {"document": classic_document(12)},
            format="json",
        ).status_code
        connection.close()

    threads = [threading.Thread(target=swap), threading.Thread(target=submit)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers["swap"], answers["session"], seated, bye


@pytest.mark.django_db(transaction=True)
def test_a_swap_and_a_first_result_never_both_win():
    for trial in range(6):
        event = EventFactory()
        organizer = user_with_role(event.club, Role.ORGANIZER)
        players = PlayerFactory.create_batch(5)
        for player in players:
            Membership.objects.create(club=event.club, player=player)
        table = seated_table(event, players=players[:4])
        Bye.objects.create(round=table.round, player=players[4])
        swap, session, seated, bye = _swap_and_submit(event, organizer.pk)
        assert session in (200, 201), trial
        assert swap in (200, 409), trial
        stored = Session.objects.get(table=table)
        seat_player = SessionSeat.objects.get(session=stored, position=0).player_id
        now_seated = Seat.objects.get(table=table, position=0).player_id
        # Whoever won, the per-seat result credits the player who sits there now.
        assert seat_player == now_seated, trial
        assert now_seated == (bye if swap == 200 else seated), trial


def test_a_swap_after_results_is_a_conflict():
    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    other = seated_table(event, table_number=2)
    from results.services import session_submit

    session_submit(table=table, submitted_by=organizer, document=classic_document(2))
    response = api_client(organizer).post(
        f"/api/v1/rounds/{table.round_id}/swap/",
        {
            "player_a": table.seats.get(position=0).player_id,
            "player_b": other.seats.get(position=0).player_id,
        },
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "table_has_results"


# --- Unpublished results leaking through ratings ---------------------------------------------


def test_ratings_never_show_an_unpublished_event():
    club = ClubFactory()
    players = PlayerFactory.create_batch(4)
    hidden = EventFactory(club=club, published=False)
    play(hidden, 1, 1, players, [300, 100, -100, -300])
    ratings_update(club_id=club.pk)
    anonymous = APIClient()
    assert anonymous.get(f"/api/v1/clubs/{club.pk}/ratings/").json()["count"] == 0
    history = anonymous.get(f"/api/v1/players/{players[0].pk}/rating-history/").json()
    assert history["count"] == 0
    page = anonymous.get(f"/players/{players[0].pk}/ratings/")
    assert "300" not in page.content.decode()

    Event.objects.filter(pk=hidden.pk).update(published=True)
    ratings_update(club_id=club.pk)
    assert anonymous.get(f"/api/v1/clubs/{club.pk}/ratings/").json()["count"] == 4
    history = anonymous.get(f"/api/v1/players/{players[0].pk}/rating-history/").json()
    assert history["count"] == 1


def test_publishing_and_hiding_an_event_moves_its_results_in_and_out_of_the_ratings(
    django_capture_on_commit_callbacks,
):
    from tournaments.events.services import event_publish

    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    players = PlayerFactory.create_batch(4)
    event = EventFactory(club=club, published=False)
    play(event, 1, 1, players, [300, 100, -100, -300])
    with django_capture_on_commit_callbacks(execute=True):  # the queued update runs
        event_publish(event=event, actor=organizer, published=True)
    assert APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/").json()["count"] == 4
    with django_capture_on_commit_callbacks(execute=True):
        event_publish(event=event, actor=organizer, published=False)
    history = APIClient().get(f"/api/v1/players/{players[0].pk}/rating-history/").json()
    assert history["count"] == 0


# --- A table's own link ------------------------------------------------------------------------


def test_a_tables_own_link_reads_its_session_while_the_event_is_unpublished():
    table = seated_table(EventFactory(published=False))
    anonymous = APIClient()
    token = {"HTTP_X_TABLE_TOKEN": table.scoring_token}
    put = anonymous.put(
        f"/api/v1/tables/{table.pk}/session/",
        {"document": classic_document(2)},
        format="json",
        **token,
    )
    assert put.status_code == 201
    read = anonymous.get(f"/api/v1/tables/{table.pk}/session/", **token)
    assert read.status_code == 200 and read.json()["revision"] == 1
    assert read["ETag"] == '"1"'
    # Without the link (or with another table's), the unpublished session stays hidden.
    other = seated_table(table.round.event, table_number=2)
    assert anonymous.get(f"/api/v1/tables/{table.pk}/session/").status_code == 404
    assert (
        anonymous.get(
            f"/api/v1/tables/{table.pk}/session/", HTTP_X_TABLE_TOKEN=other.scoring_token
        ).status_code
        == 404
    )
