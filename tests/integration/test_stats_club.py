"""A small club's statistics against figures worked out by hand.

Anna plays two published evenings and one the club keeps to itself:

* evening 1 (published): Anna, Bram, Cees, Daan in seats 0..3 play the classic session of
  ``tests.documents``: totals [-35, -75, -55, 165], places [2, 4, 3, 1]; in its hearts game
  (chooser 0, base [-30, -40, -50, -10]) Bram doubles Anna, Anna doubles back and Cees doubles
  Daan: Anna -30 + 10 + 10 = -10. A second table there stops after three games (not counted).
* evening 2 (published): Bram, Anna, Eva, Cees in seats 0..3, the same session but in its
  hearts game Anna doubles Eva (+10 to Anna) and Cees doubles Anna (base -10 against -40: -30
  to Anna): Anna -40 + 10 - 30 = -60; totals [-55, -75, -25, 155], places [3, 4, 2, 1].
* evening 3 (not published): Anna, Bram, Cees, Daan with totals only [100, 0, -50, -50].
* a Bonko evening (published): Anna and Cees (seats 0 and 2) beat Bram and Daan 23 to 17,
  Anna threw one Bonko.
"""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Membership, Role
from ranking.ratings.services import ratings_update
from ranking.stats import figures
from ranking.stats.selectors import (
    contracts_played,
    player_stats,
    rating_leaders,
    season_events,
    sessions_per_evening,
)
from results.services import session_submit
from tests.documents import classic_document, classic_games
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    api_client,
    seated_table,
    user_with_role,
)

pytestmark = pytest.mark.django_db

D1, D2, D3 = datetime.date(2026, 3, 5), datetime.date(2026, 4, 2), datetime.date(2026, 5, 7)


@pytest.fixture
def club_world():
    club = ClubFactory(name="De Troefkaart")
    names = ["Anna", "Bram", "Cees", "Daan", "Eva"]
    anna, bram, cees, daan, eva = (PlayerFactory(name=name) for name in names)
    for player in (anna, bram, cees, daan, eva):
        Membership.objects.create(club=club, player=player)
    first = EventFactory(club=club, date=D1, name="Maart", published=True)
    table = seated_table(first, players=[anna, bram, cees, daan])
    session_submit(
        table=table, submitted_by=None, document=classic_document(), table_token=table.scoring_token
    )
    unfinished = seated_table(first, table_number=2, players=PlayerFactory.create_batch(4))
    session_submit(
        table=unfinished,
        submitted_by=None,
        document=classic_document(3),
        table_token=unfinished.scoring_token,
    )
    second = EventFactory(club=club, date=D2, name="April", published=True)
    games = classic_games()
    games[4]["doubles"] = [[1, 2], [3, 1]]
    table = seated_table(second, players=[bram, anna, eva, cees])
    session_submit(
        table=table,
        submitted_by=None,
        document={"ruleset": "classic", "games": games},
        table_token=table.scoring_token,
    )
    third = EventFactory(club=club, date=D3, name="Mei", published=False)
    table = seated_table(third, players=[anna, bram, cees, daan])
    session_submit(
        table=table,
        submitted_by=None,
        document={"ruleset": "classic", "totals": [100, 0, -50, -50]},
        table_token=table.scoring_token,
    )
    bonko = EventFactory(
        club=club, date=D1, name="Bonko-avond", published=True, game="bonko", ruleset="bonko"
    )
    table = seated_table(bonko, players=[anna, bram, cees, daan])
    session_submit(
        table=table,
        submitted_by=None,
        table_token=table.scoring_token,
        document={
            "game": "bonko",
            "ruleset": "bonko",
            "set": 1,
            "round": 1,
            "bonkos": [1, 0, 0, 0],
            "teams": [
                {"seats": [0, 2], "score": 23, "rolloff": []},
                {"seats": [1, 3], "score": 17, "rolloff": []},
            ],
        },
    )
    ratings_update(club_id=club.pk)
    return {"club": club, "anna": anna, "bram": bram, "cees": cees, "daan": daan, "eva": eva}


def test_the_summary_places_and_form_of_the_published_evenings(club_world):
    stats = player_stats(club_world["anna"], None, "bonken")
    assert stats.summary == figures.Summary(
        sessions=2, total=-110, average=-55.0, best=-35, worst=-75, places=((2, 1), (4, 1)), wins=0
    )
    assert [(e.event_name, e.sessions, e.total, e.places) for e in stats.evenings] == [
        ("Maart", 1, -35, [2]),
        ("April", 1, -75, [4]),
    ]


def test_per_contract_chosen_average_and_doubling(club_world):
    lines = {
        line.contract: line for line in player_stats(club_world["anna"], None, "bonken").contracts
    }
    hearts = lines["hearts"]
    assert (hearts.games, hearts.chosen, hearts.points, hearts.average) == (2, 1, -70, -35.0)
    # Her own doubles: +10 (of Bram, evening 1) and +10 (of Eva, evening 2); doubled by Bram
    # (+10: his -40 against her -30) and by Cees (-30: her -40 against his -10).
    assert (hearts.doubles_made, hearts.doubled) == (2, 2)
    assert (hearts.doubling_won, hearts.doubled_cost, hearts.doubling_net) == (20, -20, 0)
    assert (lines["trumps_spades"].chosen, lines["trumps_spades"].points) == (1, 140)
    assert (lines["trumps_hearts"].chosen, lines["trumps_hearts"].points) == (1, 140)
    assert (lines["trumps_clubs"].chosen, lines["trumps_clubs"].points) == (0, 120)
    assert (lines["domino"].chosen, lines["domino"].points) == (1, -100)
    assert (lines["king_of_hearts"].points, lines["king_of_hearts"].average) == (-100, -50.0)
    assert (lines["last_trick"].games, lines["last_trick"].points) == (2, 0)
    assert "no_trumps" not in lines
    assert sum(line.points for line in lines.values()) == -110
    assert sum(line.chosen for line in lines.values()) == 6  # three choices a session


def test_head_to_head(club_world):
    w = club_world
    met = {
        name: (o.sessions, o.ahead, o.behind, o.level, o.difference)
        for o, name in player_stats(w["anna"], None, "bonken").opponents
    }
    assert met == {
        "Bram": (2, 1, 1, 0, 40 - 20),  # -35 vs -75 ahead; -75 vs -55 behind
        "Cees": (2, 1, 1, 0, 20 - 230),  # -35 vs -55 ahead; -75 vs 155 behind
        "Daan": (1, 0, 1, 0, -200),
        "Eva": (1, 0, 1, 0, -50),
    }


def test_a_member_sees_the_unpublished_evening_too(club_world):
    member = user_with_role(club_world["club"], Role.MEMBER)
    stats = player_stats(club_world["anna"], member, "bonken")
    assert (stats.summary.sessions, stats.summary.total, stats.summary.wins) == (3, -10, 1)
    assert [e.event_name for e in stats.evenings] == ["Maart", "April", "Mei"]
    outsider = user_with_role(ClubFactory(), Role.MEMBER)
    assert player_stats(club_world["anna"], outsider, "bonken").summary.sessions == 2


def test_a_team_game_partner_is_no_opponent_and_its_own_figures_add_up(club_world):
    stats = player_stats(club_world["anna"], None, "bonko")
    assert stats.games == ["bonken", "bonko"]
    assert (stats.summary.sessions, stats.summary.total, stats.summary.wins) == (1, 23, 1)
    assert {(f.code, f.total) for f in stats.figures} == {("bonkos", 1), ("wins", 1)}
    assert stats.contracts == []
    met = {name: (o.sessions, o.ahead, o.difference) for o, name in stats.opponents}
    assert met == {"Bram": (1, 1, 6), "Daan": (1, 1, 6)}  # Cees is her partner


def test_the_season_in_figures(club_world):
    club = club_world["club"]
    events = season_events(club, None, "bonken", 2026)
    assert [(day, n) for day, _, n in sessions_per_evening(events)] == [(D1, 1), (D2, 1)]
    played = contracts_played(events)
    assert len(played) == 12 and {n for _, n in played} == {2}
    assert played[0] == ("domino", 2)  # equal counts: by code
    leaders = rating_leaders(club, "bonken", 2026)
    assert leaders.days == [D1, D2]  # only published evenings are rated
    assert {name for name, _, _ in leaders.lines} <= {"Anna", "Bram", "Cees", "Daan", "Eva"}
    assert len(leaders.lines) == 5
    for _, rating, points in leaders.lines:
        assert points and points[-1][1] == pytest.approx(rating)


def test_the_api_gives_the_same_figures(club_world):
    w = club_world
    answer = api_client().get(f"/api/v1/players/{w['anna'].pk}/stats/?game=bonken")
    assert answer.status_code == 200
    data = answer.json()
    assert data["summary"] == {
        "sessions": 2,
        "total": -110,
        "average": -55.0,
        "best": -35,
        "worst": -75,
        "wins": 0,
        "placements": [{"placement": 2, "count": 1}, {"placement": 4, "count": 1}],
    }
    hearts = next(c for c in data["contracts"] if c["contract"] == "hearts")
    assert hearts["name_nl"] == "Hartenjagen" and hearts["doubling_won"] == 20
    assert [o["player_name"] for o in data["opponents"]][:2] == ["Bram", "Cees"]
    assert [e["date"] for e in data["form"]] == ["2026-03-05", "2026-04-02"]
    assert [e["average_placement"] for e in data["form"]] == [2.0, 4.0]
    bad = api_client().get(f"/api/v1/players/{w['anna'].pk}/stats/?game=chess")
    assert bad.status_code == 400 and "chess" in bad.content.decode()


def test_the_reads_take_a_fixed_number_of_queries(club_world, django_assert_max_num_queries):
    anna = club_world["anna"]
    with django_assert_max_num_queries(12):
        assert api_client().get(f"/api/v1/players/{anna.pk}/stats/").status_code == 200
    with django_assert_max_num_queries(16):
        page = api_client().get(f"/clubs/{club_world['club'].slug}/season/picture/")
        assert page.status_code == 200
