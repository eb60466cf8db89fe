"""A Bonko night's tables say the same everywhere: the round's plan, the printed table cards and
tallies, the event's page, the public table sheet and the room's screen name the teams (their
names and players) and the King's table, and give a result in one sentence, with the roll-off
that decided a tie; the table page says where its teams go after the round as the rules do, and
says "moved here" only when a team moved there. A round that never started (a preview the
event's close put away) is not listed as played."""

import pytest

from clubs.models import Membership, Role
from games.bonko.plugin.seating import bonko_round_generate
from ranking.standings.event_standings import computed_standing_lines
from results.services import session_submit
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tournaments.models import Bye, EventPlayer, EventTeam, Round, Table
from tournaments.rounds.lifecycle import event_close, round_close
from tournaments.rounds.services import round_accept

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bram", "Cor", "Dewi", "Eva", "Fenna", "Gijs", "Hans"]
TEAM_NAMES = {("Anna", "Bram"): "De Dobbelaars"}


def document(scores, rolloff=((), ())):
    return {
        "game": "bonko",
        "bonkos": [0, 0, 0, 0],
        "teams": [
            {"seats": [0, 2], "score": scores[0], "rolloff": list(rolloff[0])},
            {"seats": [1, 3], "score": scores[1], "rolloff": list(rolloff[1])},
        ],
    }


@pytest.fixture
def night():
    event = EventFactory(game="bonko", ruleset="bonko", name="Bonko-avond")
    organizer = user_with_role(event.club, Role.ORGANIZER)
    players = {name: PlayerFactory(name=name) for name in NAMES}
    for player in players.values():
        Membership.objects.create(club=event.club, player=player)
        EventPlayer.objects.create(event=event, player=player, present=True)
    for first, second in zip(NAMES[0::2], NAMES[1::2], strict=True):
        EventTeam.objects.create(
            event=event,
            first=players[first],
            second=players[second],
            name=TEAM_NAMES.get((first, second), f"{first} & {second}"),
        )
    round_ = bonko_round_generate(event=event, actor=organizer, seed=7)
    round_accept(round_=round_, actor=organizer)
    tables = list(Table.objects.filter(round=round_).order_by("number"))
    return {"event": event, "organizer": organizer, "round": round_, "tables": tables}


def names_at(table) -> list[str]:
    return [seat.player.name for seat in table.seats.order_by("position")]


def team_at(table, seats) -> str:
    names = names_at(table)
    return " & ".join(names[seat] for seat in seats)


def play_round_1(night):
    """Table 1: the team already there wins 23 to 17; table 2: level at 15, the team that sits
    second wins the roll-off 6 to 3."""
    king, second = night["tables"]
    scorer = night["organizer"]
    session_submit(table=king, submitted_by=scorer, document=document((23, 17)))
    session_submit(table=second, submitted_by=scorer, document=document((15, 15), ((3,), (6,))))


def test_the_round_plan_the_cards_and_the_public_pages_name_the_teams_and_the_result(night):
    play_round_1(night)
    king, second = night["tables"]
    organizer = client_for(night["organizer"])
    tie = (
        f"{team_at(second, (1, 3))} beat {team_at(second, (0, 2))}, 15 to 15 after a roll-off "
        "of 6 to 3"
    )
    won = f"{team_at(king, (0, 2))} beat {team_at(king, (1, 3))}, 23 to 17"

    plan = organizer.get(f"/manage/rounds/{night['round'].pk}/", HTTP_ACCEPT_LANGUAGE="en")
    html = plan.content.decode()
    assert "Table 1: the King&#x27;s table" in html
    assert "Table 2: the King" not in html
    assert 'De Dobbelaars</strong> <span class="team-players">(Anna &amp; Bram)' in html
    assert '<strong class="team-name">Cor &amp; Dewi</strong>' in html  # no name of its own
    assert html.count("· rolls first") == 2 and html.count("· rolls second") == 2
    assert "moved here" not in html  # the night's first round: nobody moved
    assert tie.replace("&", "&amp;") in html and won.replace("&", "&amp;") in html

    dutch = organizer.get(f"/manage/rounds/{night['round'].pk}/", HTTP_ACCEPT_LANGUAGE="nl")
    html = dutch.content.decode()
    assert "Tafel 1: de koningstafel" in html and "gooit als tweede" in html
    assert "15 tegen 15 na uitgooien met 6 tegen 3" in html
    assert "doorgeschoven" not in html

    cards = organizer.get(f"/manage/rounds/{night['round'].pk}/cards/", HTTP_ACCEPT_LANGUAGE="en")
    html = cards.content.decode()
    assert "Table 1: the King&#x27;s table" in html and "De Dobbelaars" in html
    assert (
        "After the round the winners stay at the King&#x27;s table; the losers go to the "
        "lowest table, table 2." in html
    )
    assert "After the round the winners move up to the King&#x27;s table" in html

    event_id = night["event"].pk
    tallies = organizer.get(
        f"/manage/events/{event_id}/teams/cards/?round={night['round'].pk}",
        HTTP_ACCEPT_LANGUAGE="nl",
    ).content.decode()
    assert "Tafel 1: de koningstafel" in tallies and "De Dobbelaars" in tallies
    assert "gooit eerst" in tallies and "doorgeschoven" not in tallies
    assert "de verliezers gaan naar de laagste tafel, tafel 2." in tallies

    public = client_for().get(f"/events/{event_id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "(the King&#x27;s table)" in public
    assert tie.replace("&", "&amp;") in public and won.replace("&", "&amp;") in public
    sheet = client_for().get(f"/events/{event_id}/tables/{second.pk}/", HTTP_ACCEPT_LANGUAGE="nl")
    assert "15 tegen 15 na uitgooien met 6 tegen 3" in sheet.content.decode()

    screen = client_for().get(f"/events/{event_id}/screen.json", HTTP_ACCEPT_LANGUAGE="en")
    tables = screen.json()["round"]["tables"]
    assert tables[0]["title"] == "the King's table" and tables[1]["title"] == ""
    assert tables[1]["result"] == tie and tables[0]["result"] == won
    shown = client_for().get(f"/events/{event_id}/screen/", HTTP_ACCEPT_LANGUAGE="nl")
    assert "de koningstafel" in shown.content.decode()


def test_the_table_page_says_moved_only_when_a_team_moved(night):
    king, second = night["tables"]
    page = client_for().get(f"/t/{second.scoring_token}/", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert "moved here" not in html and "rolls second" in html
    assert "The night&#x27;s first round: the team named first rolls first." in html
    assert "After the round the winners move up to the King&#x27;s table; the losers stay" in html
    king_page = client_for().get(f"/t/{king.scoring_token}/", HTTP_ACCEPT_LANGUAGE="nl")
    html = king_page.content.decode()
    assert "doorgeschoven" not in html
    # The King's table's header and its result fields say the same thing, as the rules do.
    assert "deze tafel; de winnaars blijven, de verliezers gaan naar de laagste tafel." in html
    assert (
        "Na de ronde blijven de winnaars aan de koningstafel; de verliezers gaan naar de "
        "laagste tafel, tafel 2." in html
    )
    assert "De winnaars gaan een tafel omhoog; de verliezers blijven." not in html

    play_round_1(night)
    round_close(round_=night["round"], actor=night["organizer"])
    second_round = bonko_round_generate(event=night["event"], actor=night["organizer"], seed=1)
    round_accept(round_=second_round, actor=night["organizer"])
    table = second_round.tables.get(number=2)
    html = client_for().get(f"/t/{table.scoring_token}/", HTTP_ACCEPT_LANGUAGE="en").content
    html = html.decode()
    assert "moved here, rolls second" in html
    assert "The team already at this table rolls first; the team that moved here rolls second." in (
        html
    )
    dutch = client_for().get(f"/t/{table.scoring_token}/", HTTP_ACCEPT_LANGUAGE="nl")
    assert "doorgeschoven, gooit als tweede" in dutch.content.decode()


def test_a_round_that_never_started_is_not_listed_as_played(night):
    play_round_1(night)
    event, organizer = night["event"], night["organizer"]
    round_close(round_=night["round"], actor=organizer)
    # Round 7 (set 2) seated as a preview, one player sitting it out, then the night closes.
    ghost = Round.objects.create(event=event, number=7, status=Round.Status.PLANNED)
    king = night["tables"][0]
    player = king.seats.get(position=0).player
    ghost_table = seated_table(
        event, round_number=7, players=[seat.player for seat in king.seats.order_by("position")]
    )
    sitting_out = PlayerFactory(name="Zoë Zitbank")
    Membership.objects.create(club=event.club, player=sitting_out)
    Bye.objects.create(round=ghost, player=sitting_out)
    event_close(event=event, actor=organizer)
    ghost.refresh_from_db()
    assert ghost.status == Round.Status.CLOSED

    public = client_for().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Round 1" in public and "Round 7" not in public
    assert "?set=2" not in public  # its set never began
    managing = client_for(organizer).get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Round 7" not in managing.content.decode()
    dashboard = client_for(organizer).get(f"/manage/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="nl")
    html = dashboard.content.decode()
    assert "Ronde 7" in html and "(niet gespeeld)" in html and "data-not-played" in html
    evening = client_for().get(f"/events/{event.pk}/players/{player.pk}/").content.decode()
    assert f"/tables/{king.pk}/" in evening and f"/tables/{ghost_table.pk}/" not in evening
    screen = client_for().get(f"/events/{event.pk}/screen.json").json()
    assert screen["round"]["number"] == 1
    assert sitting_out.pk not in {line["player_id"] for line in computed_standing_lines(event)}
