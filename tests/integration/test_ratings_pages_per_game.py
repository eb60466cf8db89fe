"""Every game is rated by its points, and the player's page explains each game's rating change
as it does Bonken's: Jonkler and Bonanza Rummy by the player's points against expectation,
Bonko by the team's, with the partner apart from the opponents; in English and Dutch."""

from __future__ import annotations

import datetime
import random

import pytest
from django.test import Client
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from games.bonanza.rules.simulation import played_session as bonanza_session
from games.bonko.rules.simulation import played_night
from games.jonkler.rules.simulation import played_session as jonkler_session
from games.registry import get_game
from ranking.ratings.models import RatingHistory
from ranking.ratings.services import ratings_update
from results.services import session_submit
from tests.factories import ClubFactory, EventFactory, PlayerFactory, user_with_role
from tournaments.models import Round, Seat, Table

pytestmark = pytest.mark.django_db


def _event(club, game, day):
    return EventFactory(
        club=club, game=game, ruleset=game, published=True, date=datetime.date(2026, 11, day)
    )


def _table(event, players, number, round_number=1) -> Table:
    round_, _ = Round.objects.get_or_create(event=event, number=round_number)
    table = Table.objects.create(round=round_, number=number)
    for position, player in enumerate(players):
        Membership.objects.get_or_create(club=event.club, player=player)
        Seat.objects.create(table=table, round=round_, player=player, position=position)
    return table


def _page(player, game, language="en") -> str:
    client = Client()
    client.cookies["django_language"] = language
    response = client.get(f"/players/{player.pk}/ratings/?game={game}")
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def club():
    club = ClubFactory()
    return club, user_with_role(club, Role.ORGANIZER), PlayerFactory.create_batch(8)


@pytest.mark.parametrize(
    ("game", "play"), [("jonkler", jonkler_session), ("bonanza", bonanza_session)]
)
def test_a_game_of_individuals_is_explained_by_the_players_points(club, game, play):
    club, organizer, people = club
    rng = random.Random(4)
    for day in (3, 10):
        event = _event(club, game, day)
        # Two rounds: five at one table, then four (player 0 at both).
        for number, seated in enumerate((people[:5], people[5:] + people[:1]), start=1):
            document = play(rng, [0.0] * len(seated), skill=0.3)
            table = _table(event, seated, 1, round_number=number)
            session_submit(table=table, submitted_by=organizer, document=document)
    ratings_update(club_id=club.pk)
    rows = RatingHistory.objects.filter(pool__club=club, pool__game=game)
    assert rows.count() == 2 * (5 + 4)
    player = people[0]  # at both tables: four sessions
    html = _page(player, game)
    assert "Expected points" in html
    assert html.count("points against expectation; opponents rated") == 2 * 4
    assert "for your team" not in html and "Partner" not in html
    dutch = _page(player, game, "nl")
    assert "Verwachte punten" in dutch and "t.o.v. de verwachting" in dutch
    item = APIClient().get(f"/api/v1/players/{player.pk}/rating-history/?game={game}").json()
    first = item["results"][0]
    assert first["rated_by"] == "points" and first["partners"] == []
    assert first["points_gain"] == pytest.approx(first["total"] - first["expected_total"])


def test_a_team_game_rates_the_players_by_their_teams_points(club):
    club, organizer, people = club
    rng = random.Random(6)
    strength = {person.pk: 0.0 for person in people}
    event = _event(club, "bonko", 5)
    players = {person.pk: person for person in people}
    round_number = 0
    for played in played_night(rng, list(strength), strength, skill=0.3, sets=1):
        round_number += played.table == 1  # every round starts at the King's table
        table = _table(event, [players[p] for p in played.players], played.table, round_number)
        session_submit(table=table, submitted_by=organizer, document=played.document)
    ratings_update(club_id=club.pk)
    bonko = get_game("bonko")
    for row in RatingHistory.objects.filter(pool__club=club, pool__game="bonko")[:8]:
        assert row.mu_after != row.mu_before or row.total == 0
    player = people[0]
    html = _page(player, "bonko")
    played = RatingHistory.objects.filter(pool__club=club, pool__game="bonko", player=player)
    assert played.count() == bonko.rulesets["bonko"].rounds_per_set
    assert html.count("points against expectation for your team; opponents rated") == 2 * 6
    assert "Partner and opponents (rating before)" in html and "Partner (rating before)" in html
    assert "points each team will score" in html
    dutch = _page(player, "bonko", "nl")
    assert "t.o.v. de verwachting voor je team" in dutch and "Partner en tegenstanders" in dutch
    body = APIClient().get(f"/api/v1/players/{player.pk}/rating-history/?game=bonko").json()
    for item in body["results"]:
        assert item["rated_by"] == "points"
        assert len(item["partners"]) == 1 and len(item["opponents"]) == 2
        partner = item["partners"][0]
        assert partner["total"] == item["total"] and partner["placement"] == item["placement"]
        assert all(o["placement"] != item["placement"] for o in item["opponents"])
