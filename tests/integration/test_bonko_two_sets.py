"""A whole Bonko night of two sets through the API: 24 players paired into 12 teams at six
tables, twelve rounds seated by the movement, the King's table ringing every round's bell (once
late, after the other tables had finished), a tie broken by a roll-off, the set and the target
of every round said by the service, and the standings of each set and of the night."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from games.bonko.rules import next_tables
from ranking.standings.services import standings_recompute
from results.models import Session
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tests.web.conftest import client_for
from tournaments.models import Table

pytestmark = pytest.mark.django_db

PLAYERS = 24
TABLES = 6
ROUNDS = 12  # two sets of six
TIE_ROUND, TIE_TABLE = 3, 2
LATE_BELL_ROUND = 8


def document(scores, rolloff=((), ())):
    return {
        "game": "bonko",
        "bonkos": [0, 0, 0, 0],
        "teams": [
            {"seats": [0, 2], "score": scores[0], "rolloff": list(rolloff[0])},
            {"seats": [1, 3], "score": scores[1], "rolloff": list(rolloff[1])},
        ],
    }


def seated(round_id: int) -> list[list[int]]:
    return [
        [seat.player_id for seat in table.seats.order_by("position")]
        for table in Table.objects.filter(round_id=round_id).order_by("number")
    ]


def result_for(number: int, table: int) -> tuple[int, int]:
    """The scores at a table: the team already there wins at odd tables in odd rounds, and so
    on; the King's table's winners always reach the bell score."""
    there_wins = (number + table) % 2 == 0
    won = 21 + table if table == 1 else 10 + number + table
    lost = 5 + table
    return (won, lost) if there_wins else (lost, won)


@pytest.fixture
def night():
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    api = APIClient()
    api.force_authenticate(organizer)
    players = [PlayerFactory(name=f"Speler {n:02d}") for n in range(1, PLAYERS + 1)]
    for player in players:
        Membership.objects.create(club=club, player=player)
    event = api.post(
        "/api/v1/events/",
        {"club": club.pk, "name": "Bonko in twee sets", "date": "2026-11-25", "game": "bonko"},
        format="json",
    ).json()
    for player in players:
        entered = api.post(
            "/api/v1/entries/", {"event": event["id"], "player": player.pk}, format="json"
        )
        assert entered.status_code == 201, entered.json()
    made = api.post(f"/api/v1/events/{event['id']}/teams/random/", {"seed": 4}, format="json")
    assert made.status_code == 201 and len(made.json()) == PLAYERS // 2
    return {"api": api, "event": event, "teams": made.json(), "organizer": organizer}


def test_a_night_of_two_sets(night):
    api, event = night["api"], night["event"]
    team_of = {}
    for team in night["teams"]:
        team_of[team["first"]] = team_of[team["second"]] = team["id"]
    last: list[tuple[int, int]] | None = None  # (winners, losers) by table of the last round
    for number in range(1, ROUNDS + 1):
        made = api.post(f"/api/v1/events/{event['id']}/seating/", {}, format="json")
        assert made.status_code == 201, made.json()
        round_ = made.json()
        tables = seated(round_["id"])
        assert len(tables) == TABLES
        # Every team seated exactly once, partners opposite each other.
        pairs = [(team_of[t[0]], team_of[t[1]]) for t in tables]
        for table in tables:
            assert team_of[table[0]] == team_of[table[2]] and team_of[table[1]] == team_of[table[3]]
        assert sorted(team for pair in pairs for team in pair) == sorted(set(team_of.values()))
        if last is not None:
            assert pairs == next_tables(last)  # the seed's movement
            assert pairs[0][0] == last[0][0]  # the King's winners stay and roll first
        accepted = api.post(f"/api/v1/rounds/{round_['id']}/accept/")
        assert accepted.status_code == 200, accepted.json()
        last = play_round(api, round_["id"], number, pairs)
        closed = api.post(f"/api/v1/rounds/{round_['id']}/close/", {}, format="json")
        assert closed.status_code == 200, closed.json()
        if number == ROUNDS:
            # A closed round's bell rings no more.
            late = api.post(f"/api/v1/rounds/{round_['id']}/bell/")
            assert late.status_code == 400
            assert late.json()["errors"][0]["code"] == "round_not_playing"

    # The service said which set and round every table played (round r of a set: target r).
    sets = {
        (s.table.round.number, s.document["set"], s.document["round"])
        for s in Session.objects.filter(event_id=event["id"]).select_related("table__round")
    }
    assert sets == {(n, (n - 1) // 6 + 1, (n - 1) % 6 + 1) for n in range(1, ROUNDS + 1)}

    standings_recompute(event_id=event["id"])
    url = f"/api/v1/events/{event['id']}/standings/"
    whole = {row["player"]: row for row in api.get(url).json()["results"]}
    per_set = []
    for number in (1, 2):
        answer = api.get(url, {"set": number})
        assert answer.status_code == 200 and answer.json()["meta"]["set"] == number
        per_set.append({row["player"]: row for row in answer.json()["results"]})
    for player, row in whole.items():
        assert row["sessions"] == ROUNDS
        assert [per_set[i][player]["sessions"] for i in (0, 1)] == [6, 6]
        for stat in ("wins", "losses", "bonkos"):
            assert row["stats"][stat] == sum(s[player]["stats"][stat] for s in per_set)
        assert row["total"] == sum(s[player]["total"] for s in per_set)
    ranked = sorted(whole.values(), key=lambda row: row["rank"])
    wins = [row["stats"]["wins"] for row in ranked]
    assert wins == sorted(wins, reverse=True)  # wins first
    unknown = api.get(url, {"set": 3})
    assert unknown.status_code == 400 and unknown.json()["errors"][0]["code"] == "unknown_set"
    assert api.get(url, {"set": "x"}).json()["errors"][0]["field"] == "set"

    page = (
        client_for(night["organizer"])
        .get(f"/events/{event['id']}/?set=2", HTTP_ACCEPT_LANGUAGE="en")
        .content.decode()
    )
    assert "Standings of set 2" in page and 'data-prize-set="2"' in page


def play_round(api, round_id: int, number: int, pairs) -> list[tuple[int, int]]:
    """Enter every table's result (the King's table after its bell); the (winners, losers) by
    table."""
    tables = list(Table.objects.filter(round_id=round_id).order_by("number"))
    king = tables[0]
    bell = f"/api/v1/rounds/{round_id}/bell/"
    linked = APIClient()
    linked.credentials(HTTP_X_TABLE_TOKEN=king.scoring_token)
    late = number == LATE_BELL_ROUND
    if not late:
        assert linked.post(bell).json()["rung"] is True
    results = []
    for index, table in enumerate(tables):
        if index == 0:
            continue
        scores = result_for(number, table.number)
        url = f"/api/v1/tables/{table.pk}/session/"
        if (number, table.number) == (TIE_ROUND, TIE_TABLE):
            tied = api.put(url, {"document": document((14, 14))}, format="json")
            assert tied.json()["errors"][0]["code"] == "rolloff_needed"
            level = api.put(url, {"document": document((14, 14), ([2], [2]))}, format="json")
            assert level.json()["errors"][0]["code"] == "rolloff_tied"
            answer = api.put(url, {"document": document((14, 14), ([2, 1], [2, 4]))}, format="json")
            scores = (14, 15)  # the team that moved here won the roll-off
        else:
            answer = api.put(url, {"document": document(scores)}, format="json")
        assert answer.status_code == 201, answer.json()
        if late:  # the other tables finish before the King's table rings the bell
            assert client_for().get(f"/t/{table.scoring_token}/bell/").json()["rung"] is False
        results.append((table.number, scores))
    if late:
        early = api.put(
            f"/api/v1/tables/{king.pk}/session/", {"document": document((18, 9))}, format="json"
        )
        assert early.json()["errors"][0]["code"] == "king_below_bell"
        assert linked.post(bell).json()["rung"] is True
        other = tables[-1].scoring_token
        assert client_for().get(f"/t/{other}/bell/").json()["rung"] is True
    king_scores = result_for(number, 1)
    answer = api.put(
        f"/api/v1/tables/{king.pk}/session/", {"document": document(king_scores)}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    results.insert(0, (1, king_scores))
    out = []
    for (_, scores), (there, moved) in zip(results, pairs, strict=True):
        out.append((there, moved) if scores[0] > scores[1] else (moved, there))
    return out


def test_a_lone_player_through_the_api(night):
    api, event = night["api"], night["event"]
    url = f"/api/v1/events/{event['id']}/teams/"
    club = Membership.objects.filter(player_id=night["teams"][0]["first"]).first().club
    lone, late, away = (PlayerFactory(name=name) for name in ("Lone", "Laat", "Afwezig"))
    for player in (lone, late, away):
        Membership.objects.create(club=club, player=player)
    for player in (lone, late):
        api.post("/api/v1/entries/", {"event": event["id"], "player": player.pk}, format="json")
    both = api.post(
        f"{url}substitute/",
        {"player": lone.pk, "substitute": away.pk, "walk_in": "Wim"},
        format="json",
    )
    assert both.status_code == 400 and both.json()["errors"][0]["code"] == "substitute_one"
    here = api.post(f"{url}substitute/", {"player": lone.pk, "substitute": late.pk}, format="json")
    assert here.json()["errors"][0]["code"] == "substitute_present"
    paired = api.post(
        f"{url}substitute/", {"player": lone.pk, "substitute": away.pk}, format="json"
    )
    assert paired.status_code == 201 and paired.json()["second"] == away.pk
    taken = api.post(f"{url}sit-out/", {"player": lone.pk}, format="json")
    assert taken.json()["errors"][0]["code"] == "team_player_taken"
    assert api.post(f"{url}sit-out/", {"player": late.pk}, format="json").status_code == 204
    again = api.post(f"{url}sit-out/", {"player": late.pk}, format="json")
    assert again.json()["errors"][0]["code"] == "team_not_present"
