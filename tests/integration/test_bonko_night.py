"""A Bonko night through the API and the pages: three tables of two teams, the King's table
rings the bell (its winners need the bell score; a bell rung by mistake is taken back until a
result comes in), a tie broken by a roll-off, the standings by
wins, then Bonkos, then points, with the booby prize for the most losses; the teams paired for
the night and the next round seated by the movement."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from ranking.standings.services import standings_recompute
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tests.web.conftest import client_for
from tournaments.models import Round, Standing

pytestmark = pytest.mark.django_db

NAMES = [
    "Anna",
    "Bram",
    "Cor",
    "Dewi",
    "Eva",
    "Fenna",
    "Gijs",
    "Hans",
    "Ilse",
    "Joost",
    "Kees",
    "Lotte",
]


def document(scores, rolloff=((), ()), bonkos=(0, 0, 0, 0), round_number=1):
    return {
        "game": "bonko",
        "set": 1,
        "round": round_number,
        "bonkos": list(bonkos),
        "teams": [
            {"seats": [0, 2], "score": scores[0], "rolloff": list(rolloff[0])},
            {"seats": [1, 3], "score": scores[1], "rolloff": list(rolloff[1])},
        ],
    }


@pytest.fixture
def night():
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    api = APIClient()
    api.force_authenticate(organizer)
    players = [PlayerFactory(name=name) for name in NAMES]
    for player in players:
        Membership.objects.create(club=club, player=player)
    event = api.post(
        "/api/v1/events/",
        {"club": club.pk, "name": "Bonko-avond", "date": "2026-11-25", "game": "bonko"},
        format="json",
    ).json()
    assert (event["game"], event["ruleset"]) == ("bonko", "bonko")
    round_ = api.post("/api/v1/rounds/", {"event": event["id"]}, format="json").json()
    tables = []
    for number in (1, 2, 3):
        table = api.post(
            "/api/v1/tables/", {"round": round_["id"], "number": number}, format="json"
        ).json()
        for position, player in enumerate(players[(number - 1) * 4 : number * 4]):
            answer = api.post(
                "/api/v1/seats/",
                {"table": table["id"], "position": position, "player": player.pk},
                format="json",
            )
            assert answer.status_code == 201, answer.json()
        tables.append(table)
    return {
        "api": api,
        "event": event,
        "round": round_,
        "tables": tables,
        "players": players,
        "club": club,
        "organizer": organizer,
    }


def put(api, table, doc):
    return api.put(f"/api/v1/tables/{table['id']}/session/", {"document": doc}, format="json")


def test_a_round_of_three_tables_the_bell_a_roll_off_and_standings_by_wins(night):
    api, (king, second, third) = night["api"], night["tables"]
    round_id = night["round"]["id"]
    assert api.get(f"/api/v1/rounds/{round_id}/bell/").json()["rung"] is False
    # The King's table's winners need the bell score (21), bell or not.
    low = put(api, king, document((18, 10)))
    assert low.status_code == 400
    assert [e["code"] for e in low.json()["errors"]] == ["king_below_bell"]
    # A table's link may ring only at the King's table.
    other = APIClient()
    other.credentials(HTTP_X_TABLE_TOKEN=_token(second))
    assert other.post(f"/api/v1/rounds/{round_id}/bell/").status_code == 401
    linked = APIClient()
    linked.credentials(HTTP_X_TABLE_TOKEN=_token(king))
    rung = linked.post(f"/api/v1/rounds/{round_id}/bell/")
    assert rung.status_code == 200 and rung.json()["rung"] is True
    at = Round.objects.get(pk=round_id).bell_rung_at
    assert api.post(f"/api/v1/rounds/{round_id}/bell/").json()["at"] == rung.json()["at"]
    assert Round.objects.get(pk=round_id).bell_rung_at == at  # idempotent
    # Every table's page sees it.
    state = client_for().get(f"/t/{_token(third)}/bell/").json()
    assert state["rung"] is True
    # Rung by mistake: taken back at once (not by another table's link), and rung again.
    assert other.delete(f"/api/v1/rounds/{round_id}/bell/").status_code == 401
    undone = linked.delete(f"/api/v1/rounds/{round_id}/bell/")
    assert undone.status_code == 200 and undone.json()["rung"] is False
    assert client_for().get(f"/t/{_token(third)}/bell/").json()["rung"] is False
    again = api.delete(f"/api/v1/rounds/{round_id}/bell/")
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "bell_not_rung"
    assert linked.post(f"/api/v1/rounds/{round_id}/bell/").json()["rung"] is True

    assert put(api, king, document((21, 10))).status_code == 201
    # A result came in after the bell: it stands.
    stands = api.delete(f"/api/v1/rounds/{round_id}/bell/")
    assert stands.status_code == 409
    assert stands.json()["errors"][0]["code"] == "bell_result_since"
    assert "Table 1 saved a result after the bell rang" in stands.json()["errors"][0]["message"]
    tied = put(api, second, document((15, 15)))
    assert tied.status_code == 400
    assert [e["code"] for e in tied.json()["errors"]] == ["rolloff_needed"]
    still = put(api, second, document((15, 15), rolloff=([3], [3])))
    assert [e["code"] for e in still.json()["errors"]] == ["rolloff_tied"]
    assert put(api, second, document((15, 15), rolloff=([3, 2], [3, 5]))).status_code == 201
    assert put(api, third, document((30, 4), bonkos=(1, 0, 0, 0))).status_code == 201

    standings_recompute(event_id=night["event"]["id"])
    lines = list(
        Standing.objects.filter(event_id=night["event"]["id"])
        .select_related("player")
        .order_by("rank", "player__name")
    )
    ranked = [(line.rank, line.player.name) for line in lines]
    # Wins first: Anna (a called Bonko, 30 points) leads the winners; Bram & Dewi (table 2)
    # won their roll-off with 15 points, below the King's 21.
    assert ranked[:6] == [
        (1, "Ilse"),
        (2, "Kees"),
        (3, "Anna"),
        (3, "Cor"),
        (5, "Fenna"),
        (5, "Hans"),
    ]
    winners = {line.player.name for line in lines if line.stats["wins"] == 1}
    assert winners == {"Anna", "Cor", "Fenna", "Hans", "Ilse", "Kees"}
    ilse = next(line for line in lines if line.player.name == "Ilse")
    assert ilse.stats == {"wins": 1, "bonkos": 1, "losses": 0}
    page = client_for(night["organizer"]).get(
        f"/events/{night['event']['id']}/", HTTP_ACCEPT_LANGUAGE="en"
    )
    html = page.content.decode()
    # Ranked by wins: the first figure beside the names.
    assert '<th class="num ranking" scope="col" data-figure="wins">Wins</th>' in html
    assert "Bonkos" in html
    assert "The booby prize, for the most losses (1)" in html


def _token(table) -> str:
    from tournaments.models import Table

    return Table.objects.get(pk=table["id"]).scoring_token


def seated(round_id: int) -> list[list[int]]:
    """Player ids by table (the King's first), in seat order."""
    from tournaments.models import Table

    return [
        [seat.player_id for seat in table.seats.order_by("position")]
        for table in Table.objects.filter(round_id=round_id).order_by("number")
    ]


def test_teams_are_paired_seated_together_and_move_by_their_results():
    club = ClubFactory()
    api = APIClient()
    api.force_authenticate(user_with_role(club, Role.ORGANIZER))
    players = [PlayerFactory(name=name) for name in NAMES + ["Mies"]]
    for player in players:
        Membership.objects.create(club=club, player=player)
    event = api.post(
        "/api/v1/events/",
        {"club": club.pk, "name": "Bonko", "game": "bonko", "date": "2026-11-25"},
        format="json",
    ).json()
    for player in players:
        assert (
            api.post(
                "/api/v1/entries/", {"event": event["id"], "player": player.pk}, format="json"
            ).status_code
            == 201
        )
    teams_url = f"/api/v1/events/{event['id']}/teams/"
    assert (
        api.post(
            teams_url, {"first": players[0].pk, "second": players[1].pk}, format="json"
        ).status_code
        == 201
    )
    taken = api.post(teams_url, {"first": players[1].pk, "second": players[2].pk}, format="json")
    assert taken.status_code == 400 and taken.json()["errors"][0]["field"] == "first"
    made = api.post(f"{teams_url}random/", {"seed": 7}, format="json")
    assert made.status_code == 201 and len(made.json()) == 5  # Mies makes 13: one left over
    listed = api.get(teams_url).json()["results"]
    teams = {frozenset((t["first"], t["second"])): t["id"] for t in listed}
    assert len(teams) == 6
    names = {player.pk: player.name for player in players}
    assert all(  # each member as the API names a player, first then second
        team["players"]
        == [
            {"player": team["first"], "player_name": names[team["first"]]},
            {"player": team["second"], "player_name": names[team["second"]]},
        ]
        for team in listed
    )

    first = api.post(f"/api/v1/events/{event['id']}/seating/", {}, format="json")
    assert first.status_code == 201, first.json()
    round1 = first.json()
    assert round1["seating_method"] == "bonko" and round1["status"] == "planned"
    tables = seated(round1["id"])
    assert len(tables) == 3
    for table in tables:  # partners opposite each other
        assert frozenset(table[0::2]) in teams and frozenset(table[1::2]) in teams
    assert api.post(f"/api/v1/rounds/{round1['id']}/accept/").status_code == 200

    from tournaments.models import Table

    table_ids = list(
        Table.objects.filter(round_id=round1["id"]).order_by("number").values_list("pk", flat=True)
    )
    # Without every table's result the movement cannot seat the next round.
    early = api.post(f"/api/v1/events/{event['id']}/seating/", {}, format="json")
    assert early.status_code == 400
    assert early.json()["errors"][0]["code"] == "table_without_result"
    # The King's table: the team already there wins; table 2: the moved team wins after a
    # roll-off; table 3: the team already there wins.
    for table_id, doc in zip(
        table_ids,
        [
            document((21, 9)),
            document((12, 12), rolloff=([1], [6])),
            document((8, 3)),
        ],
        strict=True,
    ):
        answer = api.put(f"/api/v1/tables/{table_id}/session/", {"document": doc}, format="json")
        assert answer.status_code == 201, answer.json()
    second = api.post(f"/api/v1/events/{event['id']}/seating/", {}, format="json").json()
    moved = seated(second["id"])
    king, two, three = tables
    assert moved[0] == [king[0], two[1], king[2], two[3]]  # King's winners stay, roll first
    assert moved[1] == [two[0], three[0], two[2], three[2]]  # losers stay, winners move up
    assert moved[2] == [three[1], king[1], three[3], king[3]]  # King's losers to the bottom


def test_the_api_standings_show_wins_bonkos_and_losses(night):
    api, (king, second, third) = night["api"], night["tables"]
    api.post(f"/api/v1/rounds/{night['round']['id']}/bell/")
    for table, doc in (
        (king, document((25, 3))),
        (second, document((4, 9))),
        (third, document((21, 21), rolloff=([5], [0]), bonkos=(0, 1, 0, 0))),
    ):
        assert put(api, table, doc).status_code == 201
    standings_recompute(event_id=night["event"]["id"])
    answer = api.get(f"/api/v1/events/{night['event']['id']}/standings/")
    assert answer.status_code == 200, answer.content
    rows = answer.json()["results"]
    joost = next(row for row in rows if row["player_name"] == "Joost")
    assert joost["stats"] == {"wins": 0, "bonkos": 1, "losses": 1}
