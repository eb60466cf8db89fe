"""The rest of a Bonko night's pages: the rolls on a table's page (scored by the seed's rules
and adding up to the team scores), the set and the target on the round page, the standings of
one set and the prizes, the teams page's substitute and sit-out, and the printed score cards and
table tallies."""

import pytest

from clubs.models import Membership, Role
from ranking.standings.services import standings_recompute
from results.models import Session
from results.services import session_submit
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tests.web.test_bonko_page import post, url
from tournaments.models import EventPlayer, EventTeam, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return EventFactory(game="bonko", ruleset="bonko")


@pytest.fixture
def table2(event):
    seated_table(event)
    return seated_table(event, table_number=2)


def test_rolls_that_add_up_are_saved_and_give_the_bonkos(table2):
    data = post((2 + 21, 5), winner=0)
    # Round 1 (target 1): seat 1 rolls 1 1 2 (2 points), seat 3 calls Bonko (21); the other
    # team's seat 2 rolls three fives (5).
    data["rolls"] = "1 1 1 2\n3 1 1 1 !\n2 555\n4 2 3 4"
    saved = client_for().post(url(table2), data, HTTP_ACCEPT_LANGUAGE="en")
    assert saved.status_code == 302, saved.content.decode()[:2000]
    session = Session.objects.get(table=table2)
    assert session.document["rolls"][1] == {"seat": 2, "dice": [1, 1, 1], "called": True}
    assert session.result["bonkos"] == [0, 0, 1, 0]
    page = client_for().get(url(table2), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "3 1 1 1 !" in page  # the rolls come back to be corrected


def test_rolls_that_do_not_add_up_or_cannot_be_read_are_refused(table2):
    data = post((10, 5), winner=0)
    data["rolls"] = "1 1 1 2\n2 555"
    wrong = client_for().post(url(table2), data, HTTP_ACCEPT_LANGUAGE="en")
    assert wrong.status_code == 400
    assert "add up to 2, but its score is 10" in wrong.content.decode()
    data["rolls"] = "5 1 1 1\n1 7 1 1"
    unread = client_for().post(url(table2), data, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Line 1 (5 1 1 1) is not a roll" in unread and "Line 2 (1 7 1 1)" in unread
    assert not Session.objects.filter(table=table2).exists()


def test_the_round_page_and_the_standings_know_the_set(event):
    organizer = user_with_role(event.club, Role.ORGANIZER)
    tables = [seated_table(event, round_number=number) for number in (1, 7)]
    for table, doc in zip(tables, ((23, 17), (21, 30)), strict=True):
        Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
        document = {
            "game": "bonko",
            "bonkos": [0, 0, 0, 0],
            "teams": [
                {"seats": [0, 2], "score": doc[0], "rolloff": []},
                {"seats": [1, 3], "score": doc[1], "rolloff": []},
            ],
        }
        session_submit(table=table, submitted_by=organizer, document=document)
    standings_recompute(event_id=event.pk)
    client = client_for(organizer)
    round_page = client.get(f"/manage/rounds/{tables[1].round_id}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "set 2, round 1 · target number 1" in round_page.content.decode()
    assert "Target number 1: each die showing 1 scores this round." in round_page.content.decode()
    night = client.get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "?set=2" in night and 'data-prize-set="1"' in night and "data-prize-night" in night
    second = client.get(f"/events/{event.pk}/?set=2", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Standings of set 2" in second
    winners = {seat.player.name for seat in tables[1].seats.all() if seat.position in (1, 3)}
    assert all(name in second for name in winners)
    assert Session.objects.get(table=tables[1]).document["set"] == 2  # the service says so
    bad = client.get(f"/events/{event.pk}/?set=9", HTTP_ACCEPT_LANGUAGE="en")
    assert bad.status_code == 400 and "set must be the number of a set" in bad.content.decode()


def test_a_lone_player_gets_a_substitute_or_sits_out(event):
    organizer = user_with_role(event.club, Role.ORGANIZER)
    here = [PlayerFactory(name=name) for name in ("Anna", "Bram", "Cor")]
    away = PlayerFactory(name="Mies")
    for player in [*here, away]:
        Membership.objects.create(club=event.club, player=player)
    for player in here:
        EventPlayer.objects.create(event=event, player=player, present=True)
    client = client_for(organizer)
    teams = f"/manage/events/{event.pk}/teams/"
    page = client.get(teams, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "data-substitute" in page and "Mies" in page
    neither = client.post(
        teams, {"action": "substitute", "player": here[0].pk}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert neither.status_code == 400 and "Name a substitute" in neither.content.decode()
    paired = client.post(
        teams,
        {"action": "substitute", "player": here[0].pk, "substitute": away.pk},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert paired.status_code == 302
    assert EventTeam.objects.filter(event=event, first=here[0], second=away).exists()
    assert EventPlayer.objects.get(event=event, player=away).present
    walk = client.post(
        teams, {"action": "substitute", "player": here[1].pk, "walk_in": "Nieuwe Invaller"}
    )
    assert walk.status_code == 302
    assert EventTeam.objects.get(event=event, first=here[1]).second.name == "Nieuwe Invaller"
    out = client.post(teams, {"action": "sit_out", "player": here[2].pk})
    assert out.status_code == 302
    assert not EventPlayer.objects.get(event=event, player=here[2]).present


def test_score_cards_and_table_tallies_print(event, table2):
    organizer = user_with_role(event.club, Role.ORGANIZER)
    seats = [seat.player for seat in table2.seats.order_by("position")]
    EventTeam.objects.create(event=event, first=seats[0], second=seats[2], name="De Koningen")
    client = client_for(organizer)
    page = client.get(
        f"/manage/events/{event.pk}/teams/cards/?round={table2.round_id}&sets=2",
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    html = page.content.decode()
    assert page.status_code == 200
    assert html.count("data-team-card") == 1 and "De Koningen" in html
    assert html.count('class="punch"') == 2 * 7  # six rounds and the wins, per set
    assert html.count("data-tally") == 2
    assert html.count('data-term="target"') == 2  # each tally says what its target number means
    round_page = client.get(f"/manage/rounds/{table2.round_id}/").content.decode()
    assert f"/manage/events/{event.pk}/teams/cards/?round={table2.round_id}" in round_page
