"""A Bonko table's page, reached by its link: two team scores and who won, a tie broken by
roll-off points (asked for until one team leads), each player's called Bonkos, the round's
target number, and the bell rung at the King's table and shown at every table."""

import pytest

from results.models import Session
from tests.factories import EventFactory, PlayerFactory, seated_table
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db

NAMES = ["Anna de Vries", "Bram Smit", "Cor Bakker", "Dewi Jansen"]
OTHERS = ["Eva Mulder", "Fenna Bos", "Gijs Visser", "Hans Dijk"]


@pytest.fixture
def event():
    return EventFactory(game="bonko", ruleset="bonko")


@pytest.fixture
def king(event):
    return seated_table(event, players=[PlayerFactory(name=name) for name in NAMES])


@pytest.fixture
def table2(event, king):
    return seated_table(
        event, table_number=2, players=[PlayerFactory(name=name) for name in OTHERS]
    )


def url(table, path: str = "") -> str:
    return f"/t/{table.scoring_token}/{path}"


def post(scores, winner=None, revision=0, rolloff=(), bonkos=(0, 0, 0, 0)) -> dict:
    data = {
        "revision": revision,
        "score_0": scores[0],
        "score_1": scores[1],
        "sessions": len(rolloff),
    }
    if winner is not None:
        data["winner"] = winner
    for session, (first, second) in enumerate(rolloff):
        data[f"rolloff_0_{session}"] = first
        data[f"rolloff_1_{session}"] = second
    for seat, count in enumerate(bonkos):
        data[f"bonkos_{seat}"] = count
    return data


def test_the_page_shows_the_teams_the_target_and_the_steppers(table2):
    page = client_for().get(url(table2), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Eva Mulder &amp; Gijs Visser" in page and "Fenna Bos &amp; Hans Dijk" in page
    assert "Set 1, round 1" in page and 'class="target-number">1<' in page
    assert 'name="bonkos_3"' in page and "data-bell-url" in page
    assert "Ring the bell" not in page  # only the King's table rings it


def test_two_numbers_and_two_taps_save_the_result(table2):
    client = client_for()
    saved = client.post(
        url(table2), post((23, 17), winner=0, bonkos=(0, 0, 1, 0)), HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert saved.status_code == 302
    session = Session.objects.get(table=table2)
    assert session.document["teams"][0] == {"seats": [0, 2], "score": 23, "rolloff": []}
    assert session.document["king"] is False and session.document["bell"] is False
    assert session.result["winner"] == 0 and session.result["bonkos"] == [0, 0, 1, 0]
    page = client.get(url(table2), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Saved: Eva Mulder &amp; Gijs Visser beat Fenna Bos &amp; Hans Dijk" in page


def test_a_winner_who_scored_less_is_refused_at_the_field(table2):
    response = client_for().post(url(table2), post((10, 17), winner=0), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert (
        "Eva Mulder &amp; Gijs Visser scored less than Fenna Bos &amp; Hans Dijk"
        in response.content.decode()
    )
    assert not Session.objects.filter(table=table2).exists()


def test_a_tie_asks_for_roll_offs_until_one_team_leads(table2):
    client = client_for()
    tied = client.post(url(table2), post((20, 20)), HTTP_ACCEPT_LANGUAGE="en")
    assert tied.status_code == 400
    page = tied.content.decode()
    level = "the team of Eva Mulder and Gijs Visser is level with the team of Fenna Bos and Hans"
    assert f"{level} Dijk at 20" in page and 'name="rolloff_0_0"' in page
    again = client.post(url(table2), post((20, 20), rolloff=[(3, 3)]), HTTP_ACCEPT_LANGUAGE="en")
    assert again.status_code == 400 and 'name="rolloff_1_1"' in again.content.decode()
    assert f"{level} Dijk at 23" in again.content.decode()
    done = client.post(url(table2), post((20, 20), winner=1, rolloff=[(3, 3), (0, 4)]))
    assert done.status_code == 302
    result = Session.objects.get(table=table2).result
    assert result["winner"] == 1 and result["rolloff"] == [[3, 0], [3, 4]]


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", ("Roll-off needed: the team of Anna de Vries and Cor Bakker", "at least 21")),
        ("nl", ("Uitgooien nodig: het team van Anna de Vries en Cor Bakker", "minstens 21")),
    ],
)
def test_a_tie_below_the_bell_at_the_kings_table_is_refused_once_for_all_of_it(king, lang, says):
    """15-15 at the King's table: one refusal asks for the roll-off and says the bell score is
    not reached, naming the teams; the roll-off alone would not have settled it."""
    client = client_for()
    tied = client.post(url(king), post((15, 15)), HTTP_ACCEPT_LANGUAGE=lang)
    assert tied.status_code == 400
    page = tied.content.decode()
    summary = page[
        page.index("data-error-summary") : page.index("</ul>", page.index("data-error-summary"))
    ]
    assert says[0] in summary and says[1] in summary
    assert "Bram Smit" in summary and "seat" not in summary and "stoel" not in summary
    assert 'href="#id_rolloff_0_0"' in summary and 'href="#id_score_0"' in summary
    # Scores past the bell with the roll-off: saved at once, nothing more asked.
    done = client.post(url(king), post((22, 22), winner=1, rolloff=[(2, 5)]))
    assert done.status_code == 302
    assert Session.objects.get(table=king).result["winner"] == 1


def test_bonkos_worth_more_than_the_score_are_refused_naming_the_team(table2):
    response = client_for().post(
        url(table2), post((10, 17), bonkos=(1, 0, 0, 0)), HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert response.status_code == 400
    assert "Eva Mulder" in response.content.decode()


def test_the_kings_table_rings_the_bell_and_every_table_sees_it(king, table2):
    client = client_for()
    assert client.get(url(table2, "bell/")).json()["rung"] is False
    page = client.get(url(king), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "the King's table" in page and "Ring the bell" in page
    # Another table's link may not ring it.
    client.post(url(table2, "bell/"))
    assert client.get(url(king, "bell/")).json()["rung"] is False
    # The first tap asks first (the page's script asks in place); nothing rings yet.
    asked = client.post(url(king, "bell/"), HTTP_ACCEPT_LANGUAGE="en")
    assert asked.status_code == 200 and "Ring the bell for every table?" in asked.content.decode()
    assert client.get(url(king, "bell/")).json()["rung"] is False
    assert client.post(url(king, "bell/"), {"confirm": "yes"}).status_code == 302
    state = client.get(url(table2, "bell/")).json()
    assert state["rung"] is True and state["at"]
    assert client.post(url(king, "bell/")).status_code == 302  # again: nothing changes
    # The King's table's winners need the bell score.
    low = client.post(url(king), post((20, 17), winner=0), HTTP_ACCEPT_LANGUAGE="en")
    assert low.status_code == 400 and "at least 21" in low.content.decode()
    assert client.post(url(king), post((21, 17), winner=0)).status_code == 302
    assert Session.objects.get(table=king).document["bell"] is True
    # Other tables score anything once the bell rang.
    assert client.post(url(table2), post((5, 3))).status_code == 302


def test_the_organizer_pairs_teams_by_hand_and_at_random(event):
    from clubs.models import Role
    from tests.factories import user_with_role
    from tournaments.models import EventPlayer, EventTeam

    players = [PlayerFactory(name=name) for name in NAMES + OTHERS[:3]]
    for player in players:
        EventPlayer.objects.create(event=event, player=player)
    organizer = client_for(user_with_role(event.club, Role.ORGANIZER))
    page_url = f"/manage/events/{event.pk}/teams/"
    assert client_for().get(page_url).status_code == 302  # sign in first
    page = organizer.get(page_url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Pair the 7 present players without a partner at random" in page
    paired = organizer.post(
        page_url, {"action": "pair", "first": players[0].pk, "second": players[2].pk, "name": ""}
    )
    assert paired.status_code == 302
    team = EventTeam.objects.get(event=event)
    assert team.name == "Anna de Vries & Cor Bakker"
    again = organizer.post(
        page_url,
        {"action": "pair", "first": players[1].pk, "second": players[1].pk},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert again.status_code == 400 and "two different players" in again.content.decode()
    assert organizer.post(page_url, {"action": "random"}).status_code == 302
    assert EventTeam.objects.filter(event=event).count() == 3  # one player left over
    page = organizer.get(page_url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "is here without a partner" in page


def test_the_public_sheet_the_paper_page_and_the_blank_sheets_of_a_bonko_table(event, table2):
    from clubs.models import Role
    from tests.factories import user_with_role

    client_for().post(url(table2), post((23, 17), winner=0))
    organizer = client_for(user_with_role(event.club, Role.ORGANIZER))
    sheet = organizer.get(f"/events/{event.pk}/tables/{table2.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert sheet.status_code == 200
    html = sheet.content.decode()
    assert "Eva Mulder &amp; Gijs Visser" in html and "<strong>won</strong>" in html
    # The paper page is the table's page: the result entered whole, shown as saved.
    paper = organizer.get(url(table2, "paper/"), HTTP_ACCEPT_LANGUAGE="en")
    assert paper.status_code == 200
    html = paper.content.decode()
    assert "Saved: Eva Mulder &amp; Gijs Visser beat Fenna Bos &amp; Hans Dijk, 23 to 17." in html
    assert "Save the correction" in html
    # The round's blank sheets: each table sends the organizer to the score cards, once.
    sheets = organizer.get(f"/manage/rounds/{table2.round_id}/sheets/", HTTP_ACCEPT_LANGUAGE="en")
    assert sheets.status_code == 200
    html = sheets.content.decode()
    assert "Round 1 · Table 1" in html and "Round 1 · Table 2" in html
    kept = "A Bonko table keeps its score on the teams' score cards and the table tally."
    assert html.count(kept) == 2
    assert html.count(f"/manage/events/{event.pk}/teams/cards/?round={table2.round_id}") == 1


def test_the_dashboard_seats_a_bonko_round_by_the_teams(event):
    from clubs.models import Role
    from tests.factories import user_with_role
    from tournaments.models import EventPlayer, Round
    from tournaments.teams.services import teams_pair_at_random

    user = user_with_role(event.club, Role.ORGANIZER)
    for player in [PlayerFactory(name=name) for name in NAMES + OTHERS]:
        EventPlayer.objects.create(event=event, player=player)
    organizer = client_for(user)
    dashboard = organizer.get(f"/manage/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Seat the next round by the results" in dashboard.content.decode()
    refused = organizer.post(
        f"/manage/events/{event.pk}/rounds/new/", {}, follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "Pair the players who are here into teams first" in refused.content.decode()
    teams_pair_at_random(event=event, actor=user, seed=1)
    seated = organizer.post(f"/manage/events/{event.pk}/rounds/new/", {})
    assert seated.status_code == 302
    round_ = Round.objects.get(event=event)
    assert (round_.seating_method, round_.status) == ("bonko", Round.Status.PLANNED)
    assert round_.tables.count() == 2
    # Seated again from its page, the round stays seated by the results unless another way
    # is picked: the select starts on the game's own seating, not on another method.
    page = organizer.get(f"/manage/rounds/{round_.pk}/", HTTP_ACCEPT_LANGUAGE="en").content
    assert b'<option value="bonko" selected>As the game seats it</option>' in page
    again = organizer.post(f"/manage/rounds/{round_.pk}/regenerate/", {"method": "bonko"})
    assert again.status_code == 302
    assert Round.objects.get(event=event).seating_method == "bonko"


def test_a_saved_result_is_said_once_and_the_round_page_says_when_the_bell_rang(table2):
    from django.utils import timezone

    from clubs.models import Role
    from tests.factories import user_with_role
    from tournaments.models import Round

    saved = client_for().post(
        url(table2), post((23, 17), winner=0), follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    page = saved.content.decode()
    assert page.count("Saved: Eva Mulder &amp; Gijs Visser beat Fenna Bos &amp; Hans Dijk") == 1
    Round.objects.filter(pk=table2.round_id).update(
        bell_rung_at=timezone.now(), status=Round.Status.PLAYING
    )
    again = client_for().get(url(table2), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The bell has rung.</strong>" in again  # the result is in: no "enter your scores"
    organizer = client_for(user_with_role(table2.round.event.club, Role.ORGANIZER))
    round_page = organizer.get(f"/manage/rounds/{table2.round_id}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "The bell rang at " in round_page.content.decode()
