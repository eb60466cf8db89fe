"""Every admin write goes through the services: the audit log records it, the services' rules
and permissions hold (a staff member is an organizer only of their own clubs), statuses change
only through their commands (the actions), and results and derived rows are read-only."""

import datetime

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from clubs.models import AuditEntry, Club, JoinConsent, Membership, Player, Role
from ranking.ratings.models import RatingPool
from results.models import Session
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    UserFactory,
    seated_table,
    user_with_role,
)
from tournaments.models import Event, Round, Standing

pytestmark = pytest.mark.django_db


def staff_client(club: Club, role: str = Role.ORGANIZER) -> tuple[Client, object]:
    """A staff user with every admin permission, who has ``role`` in ``club`` only."""
    user = user_with_role(club, role)
    user.is_staff = True
    user.save()
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label__in=["clubs", "tournaments", "games"])
    )
    client = Client()
    client.force_login(user)
    return client, user


def messages_of(response) -> str:
    return " ".join(str(message) for message in response.context["messages"])


def actions() -> list[str]:
    return list(AuditEntry.objects.order_by("pk").values_list("action", flat=True))


# --- Clubs, players and the consent rule -------------------------------------------------------


def test_a_club_founded_in_the_admin_is_audited_and_has_its_founder_as_organizer(admin_client):
    response = admin_client.post(
        "/admin/clubs/club/add/",
        {
            "name": "De Troef",
            "slug": "de-troef",
            "city": "Gouda",
            "memberships-TOTAL_FORMS": 0,
            "memberships-INITIAL_FORMS": 0,
        },
    )
    assert response.status_code == 302
    club = Club.objects.get(slug="de-troef")
    assert actions() == ["club.create"]
    assert Membership.objects.get(club=club).role == Role.ORGANIZER


def test_another_clubs_player_is_not_captured_through_the_admin():
    home, other = ClubFactory(name="Thuis"), ClubFactory(name="Elders")
    player = PlayerFactory(name="Anna")
    Membership.objects.create(club=home, player=player)
    client, _user = staff_client(other)
    data = {"club": other.pk, "player": player.pk, "role": Role.MEMBER}
    response = client.post("/admin/clubs/membership/add/", data)
    assert response.status_code == 200
    assert "Anna hoort bij een andere club" in str(response.context["adminform"].form.errors)
    assert not Membership.objects.filter(club=other, player=player).exists()
    # The club page's member list is the same door.
    page = client.post(
        f"/admin/clubs/club/{other.pk}/change/",
        {
            "name": other.name,
            "slug": other.slug,
            "city": "",
            "memberships-TOTAL_FORMS": 1,
            "memberships-INITIAL_FORMS": 0,
            "memberships-0-player": player.pk,
            "memberships-0-role": Role.MEMBER,
        },
    )
    assert page.status_code == 200
    assert "Anna hoort bij een andere club" in str(page.context["adminform"].form.errors)
    assert not Membership.objects.filter(club=other, player=player).exists()
    # With the home club's consent the same form adds her, once.
    JoinConsent.objects.create(player=player, club=other)
    assert client.post("/admin/clubs/membership/add/", data).status_code == 302
    assert Membership.objects.filter(club=other, player=player).exists()
    assert not JoinConsent.objects.exists()
    assert actions()[-1] == "membership.add"


def test_a_staff_member_changes_only_clubs_they_organize():
    mine, theirs = ClubFactory(), ClubFactory(name="Buren")
    client, _user = staff_client(mine)
    response = client.post(
        f"/admin/clubs/club/{theirs.pk}/change/",
        {
            "name": "Overgenomen",
            "slug": theirs.slug,
            "city": "",
            "memberships-TOTAL_FORMS": 0,
            "memberships-INITIAL_FORMS": 0,
        },
    )
    assert response.status_code == 200 and response.context["adminform"].form.errors
    theirs.refresh_from_db()
    assert theirs.name == "Buren"
    assert not AuditEntry.objects.exists()


def test_only_a_superuser_links_a_login_to_a_player(admin_client):
    club = ClubFactory()
    client, _user = staff_client(club)
    player = PlayerFactory(name="Bram")
    Membership.objects.create(club=club, player=player)
    login = UserFactory()
    response = client.post(
        f"/admin/clubs/player/{player.pk}/change/", {"name": "Bram", "user": login.pk}
    )
    assert response.status_code == 200
    assert "Alleen een beheerder" in str(response.context["adminform"].form.errors)
    response = admin_client.post(
        f"/admin/clubs/player/{player.pk}/change/", {"name": "Bram", "user": login.pk}
    )
    assert response.status_code == 302
    assert Player.objects.get(pk=player.pk).user_id == login.pk
    assert actions()[-1] == "player.login"


# --- Events and rounds: fields through their services, statuses through commands ------------


def test_an_events_status_and_visibility_are_not_edited_by_hand(admin_client):
    event = EventFactory(published=False)
    status = event.status
    response = admin_client.post(
        f"/admin/tournaments/event/{event.pk}/change/",
        {
            "name": "Nieuwe naam",
            "date": event.date.isoformat(),
            "kind": event.kind,
            "game": event.game,
            "ruleset": event.ruleset,
            "planned_rounds": 3,
            "seating_method": event.seating_method,
            "substitute_counts": "starter",
            "standings_count": "complete",
            "status": Event.Status.FINISHED,
            "published": "on",
            "rounds-TOTAL_FORMS": 0,
            "rounds-INITIAL_FORMS": 0,
        },
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.name, event.planned_rounds) == ("Nieuwe naam", 3)
    assert (event.status, event.published) == (status, False)
    assert actions() == ["event.update"]


def test_event_and_round_commands_are_actions_through_the_services(admin_client):
    table = seated_table(EventFactory(date=datetime.date(2026, 5, 1), published=False))
    event, round_ = table.round.event, table.round
    session_submit(
        table=table,
        submitted_by=user_with_role(event.club, Role.ORGANIZER),
        document=classic_document(),
    )  # a round closes when its tables are done
    admin_client.post(
        "/admin/tournaments/event/", {"action": "publish", "_selected_action": [event.pk]}
    )
    admin_client.post(
        "/admin/tournaments/round/", {"action": "close", "_selected_action": [round_.pk]}
    )
    event.refresh_from_db()
    round_.refresh_from_db()
    assert event.published and round_.status == Round.Status.CLOSED
    assert actions() == ["session.save", "event.publish", "round.close"]
    # A round's status field is not on its page to change.
    admin_client.post(
        f"/admin/tournaments/round/{round_.pk}/change/",
        {"number": 1, "status": Round.Status.PLAYING},
    )
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED


def test_a_refused_command_names_the_row_and_the_reason(admin_client):
    round_ = Round.objects.create(event=EventFactory(), number=1, status=Round.Status.PLANNED)
    response = admin_client.post(
        "/admin/tournaments/round/",
        {"action": "close", "_selected_action": [round_.pk]},
        follow=True,
    )
    assert "Deze ronde is nog niet begonnen" in messages_of(response)
    round_.refresh_from_db()
    assert round_.status == Round.Status.PLANNED


def test_an_event_with_results_is_not_deleted(admin_client):
    table = seated_table()
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    event = table.round.event
    response = admin_client.post(f"/admin/tournaments/event/{event.pk}/delete/", {"post": "yes"})
    assert response.status_code == 200 and response.context["protected"]  # says why
    assert Event.objects.filter(pk=event.pk).exists()
    bulk = admin_client.post(
        "/admin/tournaments/event/",
        {"action": "delete_selected", "_selected_action": [event.pk], "post": "yes"},
    )
    assert bulk.status_code == 200 and bulk.context["protected"]
    assert Event.objects.filter(pk=event.pk).exists()


# --- Results and derived rows --------------------------------------------------------------------


def test_results_and_derived_rows_are_read_only(admin_client):
    table = seated_table()
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    session = Session.objects.get()
    assert (
        admin_client.post(f"/admin/games/session/{session.pk}/delete/", {"post": "yes"}).status_code
        == 403
    )
    assert Session.objects.filter(pk=session.pk).exists()
    Standing.objects.create(
        event=table.round.event, player=table.seats.first().player, rank=1, total=0
    )
    standing = Standing.objects.get()
    response = admin_client.get(f"/admin/tournaments/standing/{standing.pk}/change/")
    assert response.status_code == 200 and not response.context["has_change_permission"]
    assert (
        admin_client.post(
            f"/admin/tournaments/standing/{standing.pk}/delete/", {"post": "yes"}
        ).status_code
        == 403
    )


def test_the_rating_configuration_changes_through_its_service(admin_client):
    pool = RatingPool.objects.create(club=ClubFactory())
    url = f"/admin/ratings/ratingpool/{pool.pk}/change/"
    refused = admin_client.post(url, {"config": '{"no_such_setting": 1}'})
    assert refused.status_code == 200
    assert "ratingconfiguratie is niet geldig" in str(refused.context["adminform"].form.errors)
    assert admin_client.post(url, {"config": '{"beta": 5.0}'}).status_code == 302
    pool.refresh_from_db()
    assert pool.config == {"beta": 5.0}
    assert actions() == ["ratings.configure"]
