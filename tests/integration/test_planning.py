"""The club's calendar (``planning``): planning nights once or as a series (local times across
summer time), cancelling one night of a series, the answers (account, club page, personal
link, organizer) and who may give them, personal links renewed and switched off, what the
answers mean for the night's tables, opening the night (its check-in starts from the answers),
and the announcement for webhooks."""

import datetime
from zoneinfo import ZoneInfo

import pytest
from celery import current_app
from django.test import Client

from clubs.models import AuditEntry, Membership, Role
from core import club_events
from core.errors import NotAllowed, NotFound, ServiceError
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tournaments.models import Event, EventPlayer
from week.planning import links, opening, services
from week.planning.models import PlannedNight, Rsvp, RsvpLink, Via
from week.planning.selectors import outlook

pytestmark = pytest.mark.django_db
AMS = ZoneInfo("Europe/Amsterdam")


def at(year: int, month: int, day: int, hour: int = 20, minute: int = 0) -> datetime.datetime:
    return datetime.datetime(year, month, day, hour, minute, tzinfo=AMS)


def club_with(players: int = 0):
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    members = PlayerFactory.create_batch(players)
    for player in members:
        Membership.objects.create(club=club, player=player)
    return club, organizer, members


def plan(club, organizer, **kwargs):
    kwargs.setdefault("starts_at", at(2027, 3, 16))
    kwargs.setdefault("game", "bonken")
    return services.night_plan(club=club, actor=organizer, **kwargs)


def code_of(exc: pytest.ExceptionInfo) -> str:
    return exc.value.errors[0]["code"]


def test_a_weekly_series_keeps_its_local_time_across_summer_time():
    club, organizer, _ = club_with()
    nights = plan(club, organizer, recurrence="weekly", count=4, place="Café De Zwaan")
    local = [night.starts_at.astimezone(AMS) for night in nights]
    assert [d.date() for d in local] == [
        datetime.date(2027, 3, 16),
        datetime.date(2027, 3, 23),
        datetime.date(2027, 3, 30),
        datetime.date(2027, 4, 6),
    ]
    assert {(d.hour, d.minute) for d in local} == {(20, 0)}  # summer time began on 28 March
    utc = [night.starts_at.astimezone(datetime.UTC) for night in nights]
    assert utc[2] - utc[1] == datetime.timedelta(days=7, hours=-1)
    assert len({night.series for night in nights}) == 1 and nights[0].series is not None
    assert all(n.ends_at - n.starts_at == datetime.timedelta(hours=4) for n in nights)
    assert AuditEntry.objects.filter(action="night.plan").count() == 1


def test_monthly_is_the_same_weekday_of_the_same_week_and_fortnightly_skips_a_week():
    club, organizer, _ = club_with()
    monthly = plan(club, organizer, starts_at=at(2027, 1, 12), recurrence="monthly", count=3)
    assert [n.starts_at.astimezone(AMS).date() for n in monthly] == [
        datetime.date(2027, 1, 12),
        datetime.date(2027, 2, 9),
        datetime.date(2027, 3, 9),
    ]
    fifth = plan(club, organizer, starts_at=at(2027, 1, 29), recurrence="monthly", count=2)
    assert fifth[1].starts_at.astimezone(AMS).date() == datetime.date(2027, 2, 26)  # the last
    fortnightly = plan(club, organizer, recurrence="fortnightly", count=2)
    assert fortnightly[1].starts_at - fortnightly[0].starts_at == datetime.timedelta(days=14)


def test_cancelling_one_night_of_a_series_leaves_the_others():
    club, organizer, (anna,) = club_with(1)
    nights = plan(club, organizer, recurrence="weekly", count=3)
    services.night_cancel(night=nights[1], actor=organizer)
    states = [n.cancelled for n in PlannedNight.objects.order_by("starts_at")]
    assert states == [False, True, False]
    with pytest.raises(ServiceError) as exc:
        services.rsvp_answer(night=nights[1], player=anna, answer="yes", actor=organizer)
    assert code_of(exc) == "night_cancelled"
    services.night_cancel(night=nights[1], actor=organizer, cancelled=False)
    assert not PlannedNight.objects.get(pk=nights[1].pk).cancelled


def test_planning_refuses_bad_input_and_outsiders_without_saving():
    club, organizer, _ = club_with()
    member = user_with_role(club, Role.MEMBER)
    with pytest.raises(NotAllowed):
        plan(club, member)
    with pytest.raises(ServiceError) as exc:
        plan(club, organizer, game="chess", ruleset="x")
    assert code_of(exc) == "unknown_game"
    with pytest.raises(ServiceError) as exc:
        plan(club, organizer, ruleset="nonsense")
    assert code_of(exc) == "unknown_ruleset"
    with pytest.raises(ServiceError) as exc:
        plan(club, organizer, starts_at=at(2020, 1, 1))
    assert code_of(exc) == "night_in_past"
    with pytest.raises(ServiceError) as exc:
        plan(club, organizer, recurrence="weekly", count=99)
    assert code_of(exc) == "night_count"
    with pytest.raises(ServiceError) as exc:
        plan(club, organizer, ends_at=at(2027, 3, 15))
    assert code_of(exc) == "night_length"
    assert not PlannedNight.objects.exists()


def test_who_may_answer_for_whom():
    club, organizer, (anna, bert) = club_with(2)
    (night,) = plan(club, organizer)
    anna_user = user_with_role(club, Role.MEMBER)
    me = anna_user.player
    rsvp = services.rsvp_answer(night=night, player=me, answer="yes", actor=anna_user, via=Via.CLUB)
    assert rsvp.via == "club"
    rsvp = services.rsvp_answer(night=night, player=me, answer="maybe", actor=anna_user)
    assert (rsvp.answer, rsvp.via) == ("maybe", "account") and Rsvp.objects.count() == 1
    with pytest.raises(NotAllowed):  # a member answers for themselves only
        services.rsvp_answer(night=night, player=anna, answer="yes", actor=anna_user)
    rsvp = services.rsvp_answer(night=night, player=anna, answer="no", actor=organizer)
    assert rsvp.via == "organizer"
    outsider = user_with_role(ClubFactory(), Role.ORGANIZER)
    with pytest.raises(NotAllowed):
        services.rsvp_answer(night=night, player=outsider.player, answer="yes", actor=outsider)
    with pytest.raises(ServiceError) as exc:
        services.rsvp_answer(night=night, player=bert, answer="perhaps", actor=organizer)
    assert code_of(exc) == "unknown_answer"


def test_a_personal_link_answers_without_an_account_and_stops_when_renewed_or_revoked():
    club, organizer, (anna, bert) = club_with(2)
    (night,) = plan(club, organizer)
    link = links.rsvp_link_issue(club=club, player=anna, actor=organizer, renew=False).link
    rsvp = services.rsvp_answer(
        night=night, player=anna, answer="yes", actor=None, token=link.token
    )
    assert rsvp.via == "link"
    with pytest.raises(NotFound):  # anna's link is not bert's
        services.rsvp_answer(night=night, player=bert, answer="yes", actor=None, token=link.token)
    old = link.token
    new = links.rsvp_link_issue(
        club=club, player=anna, actor=None, token=old, renew=True
    ).link  # herself
    assert new.token != old
    with pytest.raises(NotFound):
        services.rsvp_answer(night=night, player=anna, answer="no", actor=None, token=old)
    with pytest.raises(NotAllowed):  # a member may not renew another's link
        links.rsvp_link_issue(
            club=club, player=bert, actor=user_with_role(club, "member"), renew=True
        )
    links.rsvp_link_revoke(club=club, player=anna, actor=organizer)
    with pytest.raises(NotFound):
        services.rsvp_answer(night=night, player=anna, answer="no", actor=None, token=new.token)
    assert Client().get(f"/r/{new.token}/").status_code == 404


@pytest.mark.parametrize(
    ("game", "yes", "tables", "out", "more"),
    [
        ("bonken", 17, [4, 4, 4, 4], 1, 3),
        ("bonken", 16, [4, 4, 4, 4], 0, 0),
        ("jonkler", 9, [5, 4], 0, 0),
        ("bonken", 2, [], 2, 2),
    ],
)
def test_the_outlook_gives_the_games_tables_who_sits_out_and_how_many_more(
    game, yes, tables, out, more
):
    club, organizer, members = club_with(yes + 2)
    (night,) = plan(club, organizer, game=game)
    for player in members[:yes]:
        services.rsvp_answer(night=night, player=player, answer="yes", actor=organizer)
    for player in members[yes:]:
        services.rsvp_answer(night=night, player=player, answer="maybe", actor=organizer)
    seen = outlook(night)
    assert (len(seen.coming), seen.layout, seen.sits_out, seen.more_needed) == (
        yes,
        tables,
        out,
        more,
    )
    assert len(seen.maybe) == 2


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "nl",
            "2 komen: te weinig voor een tafel van 4. Vraag nog 2 spelers.<br>"
            '<span class="muted">1 misschien; als ze allemaal komen, zijn 3 nog te weinig voor '
            "een tafel van 4.</span>",
        ),
        (
            "en",
            "2 coming: too few for a table of 4. Ask 2 more players.<br>"
            '<span class="muted">1 maybe; if they all come, 3 are still too few for a table '
            "of 4.</span>",
        ),
    ],
)
def test_the_night_page_says_three_players_are_too_few_for_a_bonken_table(language, said):
    club, organizer, (anna, cees, daan) = club_with(3)
    (night,) = plan(club, organizer, game="bonken")
    for player, answer in ((anna, "yes"), (cees, "yes"), (daan, "maybe")):
        services.rsvp_answer(night=night, player=player, answer=answer, actor=organizer)
    organizer.save()
    client = Client(headers={"accept-language": language})
    client.force_login(organizer)
    page = client.get(f"/nights/{night.pk}/").content.decode()
    assert f'<p class="outlook">{said}</p>' in page


def test_opening_the_night_makes_its_event_and_the_check_in_starts_from_the_answers():
    club, organizer, (anna, bert, carl, dirk, eva) = club_with(5)
    (night,) = plan(club, organizer, game="jonkler", place="Zaal 2")
    for player in (carl, eva):
        services.rsvp_answer(night=night, player=player, answer="yes", actor=organizer)
    services.rsvp_answer(night=night, player=dirk, answer="maybe", actor=organizer)
    services.rsvp_answer(night=night, player=anna, answer="no", actor=organizer)
    event = opening.night_open(night=night, actor=organizer)
    assert (event.game, event.date, event.kind) == (
        "jonkler",
        datetime.date(2027, 3, 16),
        Event.Kind.CLUB_NIGHT,
    )
    assert opening.night_open(night=night, actor=organizer).pk == event.pk  # once
    client = Client()
    organizer.save()  # the factory sets the password without saving it
    client.force_login(organizer)
    response = client.get(f"/manage/events/{event.pk}/checkin/")
    assert response.status_code == 200, response
    page = response.content.decode()
    order = [page.index(f'id="player-{p.pk}"') for p in (carl, eva, dirk, anna, bert)]
    assert order[0] < order[1] < order[2] < min(order[3:])  # yes, yes, maybe, then the rest
    response = client.post(f"/manage/events/{event.pk}/checkin/coming/")
    assert response.status_code == 302
    here = set(
        EventPlayer.objects.filter(event=event, present=True).values_list("player_id", flat=True)
    )
    assert here == {carl.pk, eva.pk}
    with pytest.raises(ServiceError) as exc:
        services.night_cancel(night=night, actor=organizer)
    assert code_of(exc) == "night_opened"


def test_a_planned_night_is_announced_to_the_webhooks_after_commit(
    django_capture_on_commit_callbacks, monkeypatch
):
    club, organizer, _ = club_with()
    queued = []

    class FanOut:
        @staticmethod
        def apply_async(args, countdown=None):
            queued.append(args)

    monkeypatch.setitem(current_app.tasks, club_events.FAN_OUT_TASK, FanOut)
    with django_capture_on_commit_callbacks(execute=True):
        (night,) = plan(club, organizer, place="De Zwaan")
    assert queued == [(club_events.NIGHT_PLANNED, club.pk, None, services.night_data(night))]


def test_every_members_link_at_once_keeps_theirs_unless_renewed_and_is_the_organizers():
    club, organizer, (anna, bert, carl) = club_with(3)
    first = links.rsvp_link_issue(club=club, player=anna, actor=organizer, renew=False)
    assert (first.made, first.replaced) == (True, False)  # a first link replaces nothing
    issued = links.rsvp_links_issue(club=club, actor=organizer, renew=False)
    assert [link.player_id for link in issued.kept] == [anna.pk]
    assert {link.player_id for link in issued.made} == {bert.pk, carl.pk, organizer.player.pk}
    assert issued.renewed == []
    assert RsvpLink.objects.get(player=anna).token == first.link.token
    assert [link.player.name for link in issued.links] == sorted(
        (p.name for p in (anna, bert, carl, organizer.player)), key=str.casefold
    )
    member = user_with_role(club, "member")  # joins without a link
    with pytest.raises(NotAllowed):
        links.rsvp_links_issue(club=club, actor=member, renew=True)
    assert RsvpLink.objects.get(player=anna).token == first.link.token
    renewed = links.rsvp_links_issue(club=club, actor=organizer, renew=True)
    assert len(renewed.renewed) == 4 and renewed.kept == []
    assert [link.player_id for link in renewed.made] == [member.player.pk]
    assert RsvpLink.objects.get(player=anna).token != first.link.token
    made = AuditEntry.objects.filter(action="rsvp_link.make").count()
    assert (made, AuditEntry.objects.filter(action="rsvp_link.renew").count()) == (5, 4)
    assert AuditEntry.objects.filter(action="rsvp_links.issue").count() == 2


def test_switching_off_a_link_that_is_not_there_is_refused_by_name():
    club, organizer, (anna,) = club_with(1)
    with pytest.raises(NotFound) as exc:
        links.rsvp_link_revoke(club=club, player=anna, actor=organizer)
    assert code_of(exc) == "rsvp_link_none"
    assert anna.name in exc.value.errors[0]["message"]
    assert not AuditEntry.objects.filter(action="rsvp_link.revoke").exists()


def test_renewing_is_issuing_a_new_link_whether_or_not_there_was_one():
    club, organizer, (anna,) = club_with(1)
    first = links.rsvp_link_renew(club=club, player=anna, actor=organizer)
    second = links.rsvp_link_renew(club=club, player=anna, actor=organizer)
    assert first.token != second.token
    assert RsvpLink.objects.get(player=anna).token == second.token
    actions = AuditEntry.objects.filter(action__startswith="rsvp_link.").order_by("pk")
    assert list(actions.values_list("action", flat=True)) == ["rsvp_link.make", "rsvp_link.renew"]
