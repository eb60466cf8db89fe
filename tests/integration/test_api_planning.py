"""The club's calendar through the API: the same services and rules as the pages. Members
read their club's nights and answers, organizers plan, change, cancel and open them, a player
answers for themselves (an organizer for anyone), a personal link answers without an account;
another club's nights answer 404; bad input gets a 400 naming the field and saves nothing."""

import pytest

from clubs.models import AuditEntry, Membership, Role
from tests.factories import ClubFactory, PlayerFactory, api_client, user_with_role
from tournaments.models import Event
from week.planning.models import PlannedNight, Rsvp

pytestmark = pytest.mark.django_db
NIGHT = {
    "starts_at": "2027-03-16T19:30:00+01:00",
    "game": "jonkler",
    "place": "De Zwaan",
    "recurrence": "weekly",
    "count": 3,
}


@pytest.fixture
def club():
    club = ClubFactory()
    club.organizer = user_with_role(club, Role.ORGANIZER)
    club.member = user_with_role(club, Role.MEMBER)
    return club


def test_an_organizer_plans_a_series_and_members_read_it(club):
    organizer = api_client(club.organizer)
    response = organizer.post(f"/api/v1/clubs/{club.pk}/nights/", NIGHT, format="json")
    assert response.status_code == 201, response.json()
    nights = response.json()
    # 19:30 in Amsterdam each week, answered in UTC (summer time starts on 28 March).
    assert [n["starts_at"][:16] for n in nights] == [
        "2027-03-16T18:30",
        "2027-03-23T18:30",
        "2027-03-30T17:30",
    ]
    assert nights[0]["ends_at"][:16] == "2027-03-16T22:30" and nights[0]["game"] == "jonkler"
    listed = api_client(club.member).get(f"/api/v1/clubs/{club.pk}/nights/").json()["results"]
    assert [n["id"] for n in listed] == [n["id"] for n in nights]
    night = nights[1]["id"]
    changed = organizer.patch(f"/api/v1/nights/{night}/", {"place": "Zaal 2"}, format="json")
    assert changed.status_code == 200 and changed.json()["place"] == "Zaal 2"
    assert changed.json()["sequence"] == 1
    cancelled = organizer.post(
        f"/api/v1/nights/{night}/cancel/", {"cancelled": True}, format="json"
    )
    assert cancelled.json()["cancelled"] is True


def assert_names_the_jonkler_night(response) -> None:
    """A 409 that names the club's night of Jonkler at that time, in English and Dutch."""
    assert response.status_code == 409
    (problem,) = response.json()["errors"]
    assert (problem["code"], problem["field"]) == ("night_same_time", "starts_at")
    assert problem["message"] == (
        "There is already a club night of Jonkler on Tuesday 16 March at 19:30."
    )
    assert (
        problem["message_nl"] == "Er is al een clubavond met Jonkler op dinsdag 16 maart om 19:30."
    )


def test_a_night_at_the_time_another_starts_is_a_409_naming_it_until_confirmed(club):
    organizer = api_client(club.organizer)
    url = f"/api/v1/clubs/{club.pk}/nights/"
    once = {**NIGHT, "recurrence": "once", "count": 1}
    assert organizer.post(url, once, format="json").status_code == 201
    again = organizer.post(url, {**NIGHT, "game": "bonken"}, format="json")
    assert_names_the_jonkler_night(again)
    assert PlannedNight.objects.count() == 1
    confirmed = organizer.post(url, {**NIGHT, "confirm_same_time": True}, format="json")
    assert confirmed.status_code == 201 and PlannedNight.objects.count() == 4


def test_a_night_moved_to_the_time_another_starts_is_a_409_naming_it_until_confirmed(club):
    organizer = api_client(club.organizer)
    url = f"/api/v1/clubs/{club.pk}/nights/"
    once = {**NIGHT, "recurrence": "once", "count": 1}
    (first,) = organizer.post(url, once, format="json").json()
    later = {**once, "starts_at": "2027-03-16T20:30:00+01:00", "game": "bonken"}
    (second,) = organizer.post(url, later, format="json").json()
    moved = organizer.patch(
        f"/api/v1/nights/{second['id']}/", {"starts_at": NIGHT["starts_at"]}, format="json"
    )
    assert_names_the_jonkler_night(moved)
    unmoved = organizer.get(f"/api/v1/nights/{second['id']}/").json()
    assert unmoved["starts_at"] == second["starts_at"] and unmoved["sequence"] == 0
    # A night is no clash with itself: its time written again, or its place changed.
    kept = organizer.patch(
        f"/api/v1/nights/{first['id']}/",
        {"starts_at": NIGHT["starts_at"], "place": "Zaal 2"},
        format="json",
    )
    assert kept.status_code == 200
    confirmed = organizer.patch(
        f"/api/v1/nights/{second['id']}/",
        {"starts_at": NIGHT["starts_at"], "confirm_same_time": True},
        format="json",
    )
    assert confirmed.status_code == 200 and confirmed.json()["starts_at"] == first["starts_at"]
    assert AuditEntry.objects.filter(action="night.update", details__same_time=True).count() == 1


def test_writes_are_the_organizers_and_other_clubs_see_nothing(club):
    member = api_client(club.member)
    assert member.post(f"/api/v1/clubs/{club.pk}/nights/", NIGHT, format="json").status_code == 403
    nights = (
        api_client(club.organizer)
        .post(f"/api/v1/clubs/{club.pk}/nights/", NIGHT, format="json")
        .json()
    )
    night = nights[0]["id"]
    assert (
        member.patch(f"/api/v1/nights/{night}/", {"place": "x"}, format="json").status_code == 403
    )
    assert member.post(f"/api/v1/nights/{night}/open/").status_code == 403
    outsider = api_client(user_with_role(ClubFactory(), Role.ORGANIZER))
    assert outsider.get(f"/api/v1/nights/{night}/").status_code == 404
    assert outsider.get(f"/api/v1/clubs/{club.pk}/nights/").status_code == 404
    assert (
        outsider.post(
            f"/api/v1/nights/{night}/rsvps/", {"answer": "yes"}, format="json"
        ).status_code
        == 404
    )
    assert api_client().get(f"/api/v1/nights/{night}/").status_code in (401, 403)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"count": 99}, "count"),
        ({"recurrence": "daily"}, "recurrence"),
        ({"starts_at": "not a time"}, "starts_at"),
        ({"ends_at": "2027-03-15T10:00:00+01:00"}, "ends_at"),
        ({"starts_at": "9999-12-31T23:00:00+00:00"}, "starts_at"),
        ({"starts_at": "2040-01-01T20:00:00+01:00", "count": 52}, "starts_at"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(club, change, field):
    response = api_client(club.organizer).post(
        f"/api/v1/clubs/{club.pk}/nights/", {**NIGHT, **change}, format="json"
    )
    assert response.status_code == 400
    assert field in {problem.get("field") for problem in response.json()["errors"]}
    assert not PlannedNight.objects.exists()


def test_answers_and_the_outlook(club):
    nights = (
        api_client(club.organizer)
        .post(
            f"/api/v1/clubs/{club.pk}/nights/",
            {**NIGHT, "game": "bonken", "recurrence": "once"},
            format="json",
        )
        .json()
    )
    night = nights[0]["id"]
    players = PlayerFactory.create_batch(4)
    for player in players:
        Membership.objects.create(club=club, player=player)
    organizer = api_client(club.organizer)
    for player in players:
        answer = organizer.post(
            f"/api/v1/nights/{night}/rsvps/", {"answer": "yes", "player": player.pk}, format="json"
        )
        assert answer.status_code == 200 and answer.json()["via"] == "organizer"
    mine = api_client(club.member).post(
        f"/api/v1/nights/{night}/rsvps/", {"answer": "yes"}, format="json"
    )
    assert mine.json()["via"] == "account"
    assert (
        api_client(club.member)
        .post(
            f"/api/v1/nights/{night}/rsvps/",
            {"answer": "yes", "player": players[0].pk},
            format="json",
        )
        .status_code
        == 403
    )
    answers = api_client(club.member).get(f"/api/v1/nights/{night}/rsvps/").json()
    seen = answers["meta"]
    assert (seen["coming"], seen["tables"], seen["sits_out"], seen["more_needed"]) == (5, [4], 1, 3)
    assert len(answers["results"]) == answers["count"] == 5
    opened = organizer.post(f"/api/v1/nights/{night}/open/")
    assert opened.status_code == 200
    assert Event.objects.get(pk=opened.json()["event"]).game == "bonken"


def test_a_personal_link_answers_without_an_account(club):
    from week.planning.links import rsvp_link_issue

    nights = (
        api_client(club.organizer)
        .post(f"/api/v1/clubs/{club.pk}/nights/", NIGHT, format="json")
        .json()
    )
    anna = PlayerFactory()
    Membership.objects.create(club=club, player=anna)
    link = rsvp_link_issue(club=club, player=anna, actor=club.organizer, renew=False).link
    response = api_client().post(
        f"/api/v1/rsvp/{link.token}/", {"night": nights[0]["id"], "answer": "maybe"}, format="json"
    )
    assert response.status_code == 200 and response.json()["via"] == "link"
    assert Rsvp.objects.get(player=anna).answer == "maybe"
    assert (
        api_client()
        .post("/api/v1/rsvp/nonsense/", {"night": nights[0]["id"], "answer": "yes"}, format="json")
        .status_code
        == 404
    )
    other = api_client(user_with_role(ClubFactory(), Role.ORGANIZER))
    foreign = other.post(f"/api/v1/clubs/{ClubFactory().pk}/nights/", NIGHT, format="json")
    assert foreign.status_code == 404


def test_everyone_coming_checked_in_at_once_as_the_page_does(club):
    """The check-in page's button, through the API: the club's organizers and scorers, through
    the same service (its audit entries), those who said yes and are not in yet; an event
    not opened from a night is refused, naming why."""
    organizer = api_client(club.organizer)
    night = organizer.post(
        f"/api/v1/clubs/{club.pk}/nights/",
        {**NIGHT, "game": "bonken", "recurrence": "once"},
        format="json",
    ).json()[0]["id"]
    coming, away = PlayerFactory.create_batch(2)
    for player, answer in ((coming, "yes"), (away, "no")):
        Membership.objects.create(club=club, player=player)
        organizer.post(
            f"/api/v1/nights/{night}/rsvps/", {"answer": answer, "player": player.pk}, format="json"
        )
    event = organizer.post(f"/api/v1/nights/{night}/open/").json()["event"]
    url = f"/api/v1/events/{event}/check-in-coming/"
    refused = api_client(club.member).post(url)
    assert refused.status_code == 403 and refused.json()["errors"][0]["code"]
    checked = organizer.post(url)
    assert checked.status_code == 200, checked.json()
    assert [(e["player"], e["player_name"], e["present"]) for e in checked.json()] == [
        (coming.pk, coming.name, True)
    ]
    assert AuditEntry.objects.filter(club_id=club.pk, object_id=str(checked.json()[0]["id"]))
    assert organizer.post(url).json() == []  # everyone coming is in already
    other = Event.objects.create(club=club, name="Los", date="2027-03-16", game="bonken")
    unplanned = organizer.post(f"/api/v1/events/{other.pk}/check-in-coming/")
    assert unplanned.status_code == 400
    assert unplanned.json()["errors"][0]["code"] == "not_planned"
    assert api_client(user_with_role(ClubFactory(), Role.ORGANIZER)).post(url).status_code == 404
