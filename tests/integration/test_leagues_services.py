"""A league's writes: who may, what is refused and why, and the audit entry of each."""

import datetime

import pytest

from clubs.models import AuditEntry
from core.errors import Conflict, NotAllowed, ServiceError
from leagues.models import League, LeagueClub, LeagueNight, LeagueOrganizer
from leagues.nights import league_night_mark, league_night_unmark
from leagues.seasons import league_season_save
from leagues.services import (
    league_club_answer,
    league_club_invite,
    league_club_leave,
    league_create,
    league_organizer_remove,
    league_update,
)
from tests.factories import ClubFactory, UserFactory
from tests.integration.league_support import league_of_two, night, organizer

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 3, 3)


def codes(error: ServiceError) -> list[str]:
    return [problem["code"] for problem in error.errors]


def test_founding_a_league_makes_the_founder_its_organizer_and_is_audited():
    user = UserFactory()
    league = league_create(actor=user, name="  Regio   West ", game="bonken")
    assert league.name == "Regio West" and league.slug == "regio-west"
    assert LeagueOrganizer.objects.filter(league=league, user=user).exists()
    assert AuditEntry.objects.filter(action="league.create", object_id=str(league.pk)).exists()
    again = league_create(actor=user, name="Regio West", game="bonken")
    assert again.slug == "regio-west-2"


def test_a_league_with_bad_input_names_every_problem():
    with pytest.raises(ServiceError) as refused:
        league_create(actor=UserFactory(), name="", game="chess")
    assert codes(refused.value) == ["name_required", "unknown_game"]
    assert refused.value.errors[1]["field"] == "game"
    assert "chess" in refused.value.errors[1]["message_nl"]
    with pytest.raises(NotAllowed):
        league_create(actor=None, name="X", game="bonken")


def test_a_club_joins_only_when_its_organizer_accepts():
    s = league_of_two()
    east = ClubFactory(name="Oost")
    row = league_club_invite(league=s.league, club=east, actor=s.boss)
    assert row.status == LeagueClub.Status.INVITED
    with pytest.raises(NotAllowed):  # the league cannot accept for the club
        league_club_answer(membership=row, actor=s.boss, accept=True)
    with pytest.raises(NotAllowed):  # nor another club's organizer
        league_club_answer(membership=row, actor=s.north_org, accept=True)
    with pytest.raises(NotAllowed):  # a club organizer cannot invite
        league_club_invite(league=s.league, club=east, actor=s.north_org)
    east_org = organizer(east)
    row = league_club_answer(membership=row, actor=east_org, accept=False)
    assert row.status == LeagueClub.Status.DECLINED
    with pytest.raises(Conflict):
        league_club_answer(membership=row, actor=east_org, accept=True)
    row = league_club_invite(league=s.league, club=east, actor=s.boss)
    row = league_club_answer(membership=row, actor=east_org, accept=True)
    assert row.status == LeagueClub.Status.MEMBER and row.joined_on is not None
    with pytest.raises(Conflict) as twice:
        league_club_invite(league=s.league, club=east, actor=s.boss)
    assert codes(twice.value) == ["already_invited"]
    assert League.objects.get(pk=s.league.pk).pending[-1]["reason"] == "club_joined"


def test_a_club_leaves_by_its_organizer_or_the_league_and_the_reason_is_kept():
    s = league_of_two()
    row = LeagueClub.objects.get(league=s.league, club=s.north)
    with pytest.raises(NotAllowed):
        league_club_leave(membership=row, actor=s.south_org)
    row = league_club_leave(membership=row, actor=s.north_org, reason="we stop")
    assert row.status == LeagueClub.Status.LEFT and row.left_on is not None
    entry = AuditEntry.objects.get(action="league.club_leave")
    assert entry.club_id == s.north.pk and entry.details["reason"] == "we stop"
    with pytest.raises(Conflict):
        league_club_leave(membership=row, actor=s.north_org)
    assert League.objects.get(pk=s.league.pk).pending[-1] == {
        "reason": "club_left",
        "detail": "Noord",
    }


def test_the_last_organizer_stays_and_rules_are_checked():
    s = league_of_two()
    with pytest.raises(Conflict):
        league_organizer_remove(league=s.league, actor=s.boss, user=s.boss)
    with pytest.raises(ServiceError) as bad:
        league_update(league=s.league, actor=s.boss, rating_config={"nonsense": 1})
    assert codes(bad.value) == ["invalid_config"]
    with pytest.raises(NotAllowed):
        league_update(league=s.league, actor=s.north_org, club_nights=False)
    league = league_update(league=s.league, actor=s.boss, club_nights=False)
    assert league.club_nights is False


def test_a_season_with_bad_input_names_every_problem():
    s = league_of_two()
    with pytest.raises(ServiceError) as bad:
        league_season_save(
            league=s.league,
            actor=s.boss,
            name="",
            start=DAY,
            end=DAY - datetime.timedelta(days=1),
            rank_by=["total", "height"],
            best_nights=0,
            points_per_place=[3, 2, 1, 0, 0],
        )
    assert codes(bad.value) == [
        "name_required",
        "season_reversed",
        "invalid_rank_by",
        "invalid_parameter",
        "invalid_points",
    ]
    season = league_season_save(
        league=s.league, actor=s.boss, name="2026", start=DAY, end=DAY, best_nights=3
    )
    assert season.rank_by == ["total"] and season.points_per_place == [3.0, 2.0, 1.0, 0.0]
    with pytest.raises(ServiceError) as twice:
        league_season_save(league=s.league, actor=s.boss, name="2026", start=DAY, end=DAY)
    assert codes(twice.value) == ["season_exists"]
    with pytest.raises(NotAllowed):
        league_season_save(league=s.league, actor=s.north_org, name="X", start=DAY, end=DAY)


def test_a_club_marks_its_own_nights_and_the_league_holds_days():
    s = league_of_two()
    event = night(s.north, DAY)
    with pytest.raises(NotAllowed):  # another club's organizer
        league_night_mark(league=s.league, event=event, actor=s.south_org)
    marked = league_night_mark(league=s.league, event=event, actor=s.north_org)
    assert marked.kind == LeagueNight.Kind.NIGHT
    with pytest.raises(Conflict) as twice:
        league_night_mark(league=s.league, event=event, actor=s.north_org)
    assert codes(twice.value) == ["already_marked"]
    day = night(s.south, DAY, name="Competitiedag")
    with pytest.raises(NotAllowed):  # a club's organizer holds no league day
        league_night_mark(league=s.league, event=day, actor=s.south_org, kind="day")
    held = league_night_mark(league=s.league, event=day, actor=s.boss, kind="day")
    assert held.kind == LeagueNight.Kind.DAY
    other = night(s.north, DAY, name="Jonkler", game="jonkler")
    with pytest.raises(ServiceError) as wrong:
        league_night_mark(league=s.league, event=other, actor=s.north_org)
    assert codes(wrong.value) == ["wrong_game"]
    stranger = night(ClubFactory(), DAY)
    with pytest.raises(Conflict) as outside:
        league_night_mark(league=s.league, event=stranger, actor=s.boss, kind="day")
    assert codes(outside.value) == ["club_not_member"]
    with pytest.raises(ServiceError):
        league_night_mark(league=s.league, event=event, actor=s.boss, kind="week")


def test_unmarking_keeps_the_night_with_its_reason():
    s = league_of_two()
    marked = league_night_mark(league=s.league, event=night(s.north, DAY), actor=s.north_org)
    with pytest.raises(NotAllowed):
        league_night_unmark(night=marked, actor=s.south_org)
    unmarked = league_night_unmark(night=marked, actor=s.north_org, reason="wrong evening")
    assert unmarked.unmarked_at is not None and unmarked.reason == "wrong evening"
    with pytest.raises(Conflict):
        league_night_unmark(night=unmarked, actor=s.boss)
    again = league_night_mark(league=s.league, event=marked.event, actor=s.north_org)
    assert again.pk == marked.pk and again.unmarked_at is None


def test_club_nights_may_be_switched_off():
    s = league_of_two()
    league_update(league=s.league, actor=s.boss, club_nights=False)
    with pytest.raises(Conflict) as off:
        league_night_mark(league=s.league, event=night(s.north, DAY), actor=s.north_org)
    assert codes(off.value) == ["club_nights_off"]
