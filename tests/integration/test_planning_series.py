"""A series' skipped dates and a night's rules and rounds, through the planning service and
the API (one service, every door): the skipped dates are the series' own and leave a night;
the rounds are 1 to 50; a refused plan saves nothing; a change of rounds is one more version;
the public feed links each night to its public page."""

import datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import Client

from clubs.models import AuditEntry, Role
from core.errors import NotAllowed, ServiceError
from tests.factories import ClubFactory, api_client, user_with_role
from week.planning import night_rules, services
from week.planning.models import PlannedNight, SkippedDate

pytestmark = pytest.mark.django_db
AMS = ZoneInfo("Europe/Amsterdam")
TUESDAYS = [datetime.date(2027, 4, 13) + datetime.timedelta(weeks=n) for n in range(4)]


@pytest.fixture
def club():
    club = ClubFactory()
    club.organizer = user_with_role(club, Role.ORGANIZER)
    club.member = user_with_role(club, Role.MEMBER)
    return club


def series(club, **kwargs):
    kwargs.setdefault("starts_at", datetime.datetime(2027, 4, 13, 20, tzinfo=AMS))
    kwargs.setdefault("game", "bonken")
    kwargs.setdefault("recurrence", "weekly")
    kwargs.setdefault("count", 4)
    return services.night_plan(club=club, actor=club.organizer, **kwargs)


def codes(exc: pytest.ExceptionInfo) -> list[str]:
    return [error["code"] for error in exc.value.errors]


def test_a_series_skips_its_chosen_dates_and_keeps_them(club):
    nights = series(club, skip=[TUESDAYS[2]], planned_rounds=5, ruleset="eleven")
    assert [n.starts_at.astimezone(AMS).date() for n in nights] == [
        TUESDAYS[0],
        TUESDAYS[1],
        TUESDAYS[3],
    ]
    assert {(n.planned_rounds, n.ruleset) for n in nights} == {(5, "eleven")}
    (skipped,) = SkippedDate.objects.all()
    assert (skipped.date, skipped.series, skipped.club_id) == (
        TUESDAYS[2],
        nights[0].series,
        club.pk,
    )
    entry = AuditEntry.objects.get(action="night.plan")
    assert entry.details["skipped"] == ["2027-04-27"] and entry.details["planned_rounds"] == 5


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"skip": [datetime.date(2027, 4, 14)]}, "skip_not_in_series"),
        ({"skip": TUESDAYS}, "every_date_skipped"),
        ({"skip": [TUESDAYS[0]], "recurrence": "once"}, "skip_once"),
        ({"planned_rounds": 0}, "planned_rounds_range"),
        ({"planned_rounds": 51}, "planned_rounds_range"),
        ({"planned_rounds": True}, "planned_rounds_range"),
    ],
)
def test_a_refused_plan_names_its_problem_and_saves_nothing(club, kwargs, code):
    with pytest.raises(ServiceError) as exc:
        series(club, **kwargs)
    assert code in codes(exc)
    assert exc.value.errors[0]["field"] in ("skip", "planned_rounds")
    assert not PlannedNight.objects.exists() and not SkippedDate.objects.exists()
    assert not AuditEntry.objects.filter(action="night.plan").exists()


def test_only_an_organizer_plans_a_series_with_skipped_dates(club):
    with pytest.raises(NotAllowed):
        services.night_plan(
            club=club,
            actor=club.member,
            starts_at=datetime.datetime(2027, 4, 13, 20, tzinfo=AMS),
            game="bonken",
            recurrence="weekly",
            count=2,
            skip=[TUESDAYS[1]],
        )
    assert not SkippedDate.objects.exists()


def test_changing_a_nights_rounds_is_one_more_version(club):
    night = series(club, recurrence="once")[0]
    assert night.planned_rounds == night_rules.DEFAULT_ROUNDS
    changed = services.night_update(night=night, actor=club.organizer, planned_rounds=6)
    assert (changed.planned_rounds, changed.sequence) == (6, 1)
    with pytest.raises(ServiceError) as exc:
        services.night_update(night=night, actor=club.organizer, planned_rounds=99)
    assert codes(exc) == ["planned_rounds_range"]
    assert AuditEntry.objects.get(action="night.update").details["changed"] == ["planned_rounds"]


def test_the_api_plans_rounds_and_skipped_dates_through_the_same_service(club):
    organizer = api_client(club.organizer)
    body = {
        "starts_at": "2027-04-13T20:00:00+02:00",
        "game": "jonkler",
        "recurrence": "weekly",
        "count": 4,
        "planned_rounds": 2,
        "skip": ["2027-04-27"],
    }
    response = organizer.post(f"/api/v1/clubs/{club.pk}/nights/", body, format="json")
    assert response.status_code == 201, response.json()
    assert [n["planned_rounds"] for n in response.json()] == [2, 2, 2]
    assert list(SkippedDate.objects.values_list("date", flat=True)) == [TUESDAYS[2]]
    night = response.json()[0]["id"]
    changed = organizer.patch(f"/api/v1/nights/{night}/", {"planned_rounds": 4}, format="json")
    assert changed.status_code == 200 and changed.json()["planned_rounds"] == 4
    wrong = organizer.post(
        f"/api/v1/clubs/{club.pk}/nights/", {**body, "skip": ["2027-04-28"]}, format="json"
    )
    assert wrong.status_code == 400
    assert wrong.json()["errors"][0]["code"] == "skip_not_in_series"
    assert PlannedNight.objects.count() == 3


def test_the_public_feed_links_each_night_to_its_public_page(club):
    nights = series(club, count=2)
    feed = Client().get(f"/api/v1/feeds/clubs/{club.slug}/nights/").json()
    urls = [night["url"] for night in feed["results"]]
    assert all(night["starts_at"].endswith("Z") for night in feed["results"])
    assert all(url.endswith(f"/nights/{n.pk}/") for url, n in zip(urls, nights, strict=True))
    assert Client().get(f"/nights/{nights[0].pk}/").status_code == 200
