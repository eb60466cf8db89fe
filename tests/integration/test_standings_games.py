"""Standings that answer right for every game: a Bonko event ranks by the order its organizer
set (even the order other games use); a roll-off's losers lose in the standings as in their
session; a Bonanza or Jonkler table's fifth and sixth places count, and points per place take
as many places as the game's largest table."""

from __future__ import annotations

import datetime
import random

import pytest

from clubs.models import Membership, Role
from games.bonanza.rules.sample import random_session as bonanza_session
from games.registry import get_game
from ranking.standings.services import standings_recompute
from results.services import session_submit
from tests.factories import ClubFactory, EventFactory, PlayerFactory, api_client, user_with_role
from tournaments.models import Event, Round, Seat, Standing, Table

pytestmark = pytest.mark.django_db


def bonko(scores, rolloff=((), ())) -> dict:
    return {
        "game": "bonko",
        "set": 1,
        "round": 1,
        "bonkos": [0, 0, 0, 0],
        "teams": [
            {"seats": [0, 2], "score": scores[0], "rolloff": list(rolloff[0])},
            {"seats": [1, 3], "score": scores[1], "rolloff": list(rolloff[1])},
        ],
    }


def table_of(event: Event, names: list[str], number: int) -> Table:
    round_, _ = Round.objects.get_or_create(
        event=event, number=1, defaults={"status": Round.Status.PLAYING}
    )
    table = Table.objects.create(round=round_, number=number)
    for position, name in enumerate(names):
        player = PlayerFactory(name=name)
        Membership.objects.create(club=event.club, player=player)
        Seat.objects.create(table=table, round=round_, player=player, position=position)
    return table


def lines(event: Event) -> dict[str, Standing]:
    standings_recompute(event_id=event.pk, force=True)
    return {
        line.player.name: line
        for line in Standing.objects.filter(event=event).select_related("player")
    }


@pytest.fixture
def bonko_night():
    """Three Bonko tables: the King's 21 to 20, a 15-15 tie whose roll-off Fenna and Hans
    won, and 9 to 5."""
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    event = EventFactory(club=club, game="bonko", ruleset="bonko", date=datetime.date(2026, 11, 25))
    king = table_of(event, ["Anna", "Bram", "Cor", "Dewi"], 1)
    tied = table_of(event, ["Eva", "Fenna", "Gijs", "Hans"], 2)
    low = table_of(event, ["Ilse", "Joost", "Kees", "Lotte"], 3)
    session_submit(table=king, submitted_by=organizer, document=bonko((21, 20)))
    session_submit(
        table=tied, submitted_by=organizer, document=bonko((15, 15), rolloff=([3, 2], [3, 5]))
    )
    session_submit(table=low, submitted_by=organizer, document=bonko((9, 5)))
    return event, organizer


def test_a_bonko_event_ranks_by_the_order_its_organizer_set(bonko_night):
    event, organizer = bonko_night
    url = f"/api/v1/events/{event.pk}/standings-config/"
    api = api_client(organizer)
    # Never set: the game's order (wins, Bonkos, points), and the API says so.
    assert api.get(url).json()["standings_order"] == ["wins", "bonkos", "total"]
    assert api.get(f"/api/v1/events/{event.pk}/").json()["standings_order"] == [
        "wins",
        "bonkos",
        "total",
    ]
    by_wins = lines(event)
    assert by_wins["Ilse"].rank < by_wins["Bram"].rank  # 9 points and a win above 20 and a loss
    order = ["total", "table_wins", "placement_points"]
    response = api.put(url, {"standings_order": order}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["standings_order"] == order
    assert api.get(f"/api/v1/events/{event.pk}/").json()["standings_order"] == order
    by_total = lines(event)
    ranked = sorted(by_total.values(), key=lambda line: (line.rank, line.player.name))
    assert [(line.rank, line.player.name, line.total) for line in ranked] == [
        (1, "Anna", 21),
        (1, "Cor", 21),
        (3, "Bram", 20),
        (3, "Dewi", 20),
        (5, "Fenna", 15),
        (5, "Hans", 15),
        (7, "Eva", 15),
        (7, "Gijs", 15),
        (9, "Ilse", 9),
        (9, "Kees", 9),
        (11, "Joost", 5),
        (11, "Lotte", 5),
    ]
    # The game's own figures can be chosen again through the API.
    response = api.put(url, {"standings_order": ["wins", "total"]}, format="json")
    assert response.status_code == 200, response.content
    assert lines(event)["Ilse"].rank < lines(event)["Bram"].rank


def test_a_roll_offs_losers_lose_in_the_standings(bonko_night):
    event, _organizer = bonko_night
    rows = lines(event)
    for loser in ("Eva", "Gijs"):  # their session: place 2, a loss
        assert rows[loser].table_wins == 0
        assert rows[loser].stats == {"wins": 0, "bonkos": 0, "losses": 1}
        assert rows[loser].placements == rows["Bram"].placements == [0, 0, 1, 0]
    for winner in ("Fenna", "Hans"):
        assert rows[winner].table_wins == 1 and rows[winner].placements == [1, 0, 0, 0]
        assert rows[winner].stats["wins"] == 1
    assert rows["Fenna"].rank < rows["Eva"].rank


def test_the_fifth_place_of_a_bonanza_table_counts(bonko_night):
    club = bonko_night[0].club
    organizer = bonko_night[1]
    event = EventFactory(club=club, game="bonanza", ruleset="bonanza")
    table = table_of(event, ["P1", "P2", "P3", "P4", "P5", "P6"], 1)
    rules = get_game("bonanza").rulesets["bonanza"]
    session = session_submit(
        table=table,
        submitted_by=organizer,
        document=bonanza_session(random.Random(3), seats=6, ruleset=rules),
    )
    assert session.complete
    api = api_client(organizer)
    nine = [9, 8, 7, 6, 5, 4, 3, 2, 1]
    response = api.put(
        f"/api/v1/events/{event.pk}/standings-config/", {"points_per_place": nine}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["points_per_place"] == nine
    places = session.result["placements"]
    rows = lines(event)
    for seat in table.seats.select_related("player"):
        row = rows[seat.player.name]
        expected = [0] * 9
        expected[places[seat.position] - 1] = 1
        assert row.sessions == 1 and row.placements == expected
    assert sum(sum(row.placements) for row in rows.values()) == 6
    assert sorted(row.placement_points for row in rows.values()) != [0] * 6
    api_rows = api.get(f"/api/v1/events/{event.pk}/standings/").json()["results"]
    assert all(len(row["placements"]) == 9 and sum(row["placements"]) == 1 for row in api_rows)
    csv = api.get(f"/events/{event.pk}/standings.csv").content.decode()
    assert csv.splitlines()[0].endswith("sixth,seventh,eighth,ninth")
    # Ranked by placement points: the page says so and shows them as the column beside the names.
    order = {"standings_order": ["placement_points", "total"]}
    config = f"/api/v1/events/{event.pk}/standings-config/"
    assert api.put(config, order, format="json").status_code == 200
    html = api.get(f"/t/{table.scoring_token}/standings/", HTTP_ACCEPT_LANGUAGE="en").content
    page = html.decode()
    assert "Ranked by <strong>placement points</strong>" in page
    assert 'class="num ranking" scope="col" data-figure="placement_points"' in page


@pytest.mark.parametrize(
    ("game", "ruleset", "most"),
    [("bonken", "classic", 4), ("jonkler", "jonkler", 6), ("bonanza", "bonanza", 9)],
)
def test_points_per_place_take_the_places_of_the_games_largest_table(game, ruleset, most):
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    event = EventFactory(club=club, game=game, ruleset=ruleset)
    url = f"/api/v1/events/{event.pk}/standings-config/"
    api = api_client(organizer)
    fits = list(range(most, 0, -1))
    assert api.put(url, {"points_per_place": fits}, format="json").status_code == 200
    response = api.put(url, {"points_per_place": [*fits, 0]}, format="json")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "points_per_place" and str(most) in error["message"]
    assert Event.objects.get(pk=event.pk).points_per_place == fits


def test_a_figure_of_another_game_is_no_criterion():
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    event = EventFactory(club=club)  # Bonken: no wins or Bonkos of its own
    response = api_client(organizer).put(
        f"/api/v1/events/{event.pk}/standings-config/",
        {"standings_order": ["wins", "total"]},
        format="json",
    )
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "standings_order" and "wins" in error["message_nl"]
    assert Event.objects.get(pk=event.pk).standings_order == []


def test_events_that_kept_the_old_default_rank_by_their_games_order():
    """The migration empties the old default (which ranked by the game's order already) and
    leaves an order the organizer chose."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("tournaments.migrations.0016_event_order_of_the_game")
    kept = EventFactory(game="bonko", ruleset="bonko", standings_order=migration.OLD_DEFAULT)
    chosen = EventFactory(standings_order=["placement_points", "total"])
    migration.empty_the_old_default(apps, None)
    kept.refresh_from_db()
    chosen.refresh_from_db()
    assert kept.standings_order == [] and kept.ranked_by == ["wins", "bonkos", "total"]
    assert chosen.standings_order == ["placement_points", "total"]
