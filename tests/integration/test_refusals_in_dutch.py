"""A refusal for want of a role says, in Dutch, what the person may not do in Dutch too:
"Alleen een organisator van deze club mag een ronde indelen.", never an English action inside a
Dutch sentence. Every call names its action as a catalogue message (the type checks hold
``require_role`` to a lazy message); these tests read the sentences a person meets."""

import datetime

import pytest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Membership, Role
from clubs.selectors import MEMBERS, require_role
from core.errors import ServiceError
from tests.factories import ClubFactory, EventFactory, PlayerFactory, user_with_role
from tournaments.events.services import entry_set_present
from tournaments.rounds.services import round_generate
from tournaments.teams.services import team_pair
from week.planning.services import night_plan

pytestmark = pytest.mark.django_db


def _refusal(call) -> dict:
    with pytest.raises(ServiceError) as refused:
        call()
    (problem,) = refused.value.errors
    assert problem["code"] == "not_allowed"
    return problem


def test_seating_a_round_refused_to_a_member_reads_wholly_in_each_language():
    event = EventFactory()
    member = user_with_role(event.club, Role.MEMBER)
    problem = _refusal(lambda: round_generate(event=event, actor=member))
    assert problem["message"] == "Only an organizer of this club may seat a round."
    assert problem["message_nl"] == "Alleen een organisator van deze club mag een ronde indelen."


def test_planning_a_night_refused_to_a_scorer_names_the_action_in_dutch():
    club = ClubFactory()
    scorer = user_with_role(club, Role.SCORER)
    starts = timezone.now() + datetime.timedelta(days=7)
    problem = _refusal(
        lambda: night_plan(club=club, actor=scorer, starts_at=starts, game=EventFactory().game)
    )
    assert problem["message_nl"] == "Alleen een organisator van deze club mag clubavonden plannen."


def test_a_refusal_every_member_could_pass_names_a_member_not_three_roles():
    club = ClubFactory()
    outsider = user_with_role(ClubFactory(), Role.ORGANIZER)

    problem = _refusal(
        lambda: require_role(outsider, club.pk, MEMBERS, _("answer for a club night"))
    )
    assert problem["message"] == "Only a member of this club may answer for a club night."
    assert (
        problem["message_nl"] == "Alleen een lid van deze club mag antwoorden voor een clubavond."
    )


def test_one_team_at_a_bonko_night_is_one_team_in_both_languages():
    event = EventFactory(game="bonko", ruleset="bonko")
    organizer = user_with_role(event.club, Role.ORGANIZER)
    first, second = (PlayerFactory(name=name) for name in ("Anna", "Bram"))
    for player in (first, second):
        Membership.objects.create(club=event.club, player=player)
        entry_set_present(event=event, actor=organizer, player=player, present=True)
    team_pair(event=event, actor=organizer, first=first.pk, second=second.pk)
    with pytest.raises(ServiceError) as refused:
        round_generate(event=event, actor=organizer)
    (problem,) = refused.value.errors
    assert problem["code"] == "too_few_teams"
    assert problem["message"].startswith("1 team is here; a Bonko table needs two.")
    assert problem["message_nl"].startswith("Er is 1 team; een Bonko-tafel vraagt er twee.")
