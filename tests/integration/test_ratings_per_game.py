"""Ratings per game: a club that plays Bonken, Jonkler, Bonanza and Bonko keeps one rating
pool per game; Jonkler tables of five and four, a Bonanza table of five and a Bonko table of two
teams are each one match; the API reads one game's pool; a correction's replay equals a fresh
computation; an unpublished event's sessions stay out."""

from __future__ import annotations

import datetime
import io
import random

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from games.bonanza.rules.sample import random_session as bonanza_session
from games.bonko.rules.sample import random_session as bonko_session
from games.jonkler.rules.sample import random_session as jonkler_session
from games.registry import get_game
from ranking.ratings.models import PlayerRating, RatingHistory, RatingPool
from ranking.ratings.services import ratings_rebuild, ratings_update
from results.models import Session, SessionSeat
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import ClubFactory, EventFactory, PlayerFactory, user_with_role
from tournaments.models import Round, Seat, Table

pytestmark = pytest.mark.django_db


def _table(event, players, number=1, round_number=1) -> Table:
    round_, _ = Round.objects.get_or_create(event=event, number=round_number)
    table = Table.objects.create(round=round_, number=number)
    for position, player in enumerate(players):
        Membership.objects.get_or_create(club=event.club, player=player)
        Seat.objects.create(table=table, round=round_, player=player, position=position)
    return table


def _event(club, game, day, *, published=True):
    ruleset = {"bonken": "classic"}.get(game, game)
    return EventFactory(
        club=club,
        game=game,
        ruleset=ruleset,
        published=published,
        date=datetime.date(2026, 11, day),
    )


def _document(game, seats, seed):
    rng = random.Random(seed)
    rules = get_game(game).rulesets[game]
    maker = {"jonkler": jonkler_session, "bonanza": bonanza_session, "bonko": bonko_session}
    return maker[game](rng, seats=seats, ruleset=rules)


def _ratings(club, game) -> dict[int, tuple[float, float, int]]:
    return {
        r.player_id: (r.mu, r.sigma, r.sessions_played)
        for r in PlayerRating.objects.filter(pool__club=club, pool__game=game)
    }


def _history(club, game) -> list[tuple]:
    return list(
        RatingHistory.objects.filter(pool__club=club, pool__game=game)
        .order_by("position", "seat")
        .values_list(
            "session_id",
            "position",
            "player_id",
            "seat",
            "place",
            "mu_after",
            "sigma_after",
            "expected_placement",
        )
    )


@pytest.fixture
def club_night():
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    people = PlayerFactory.create_batch(13)
    bonken = _event(club, "bonken", 10)
    session_submit(
        table=_table(bonken, people[:4]), submitted_by=organizer, document=classic_document()
    )
    return club, organizer, people


def test_jonkler_results_do_not_move_bonken_ratings(club_night):
    club, organizer, people = club_night
    ratings_update(club_id=club.pk)
    bonken_before = _ratings(club, "bonken")
    assert len(bonken_before) == 4

    jonkler = _event(club, "jonkler", 12)
    five = _table(jonkler, people[:5], number=1)
    four = _table(jonkler, people[5:9], number=2)
    for table, seed in ((five, 1), (four, 2)):
        session_submit(
            table=table,
            submitted_by=organizer,
            document=_document("jonkler", len(table.seats.all()), seed),
        )
    sync = ratings_update(club_id=club.pk)
    assert sync.sessions_rated == 2

    assert set(RatingPool.objects.filter(club=club).values_list("game", flat=True)) == {
        "bonken",
        "jonkler",
    }
    assert _ratings(club, "bonken") == bonken_before  # not a bit moved
    jonkler_ratings = _ratings(club, "jonkler")
    assert set(jonkler_ratings) == {p.pk for p in people[:9]}
    assert all(played == 1 for _, _, played in jonkler_ratings.values())
    # Each table is one match ranked by the game's placements: five and four seats.
    for table in (five, four):
        session = Session.objects.get(table=table)
        stored = dict(
            SessionSeat.objects.filter(session=session).values_list("player_id", "placement")
        )
        rated = list(
            RatingHistory.objects.filter(session=session).values_list(
                "player_id", "place", "expected_placement"
            )
        )
        assert {player: place for player, place, _ in rated} == stored
        seats = len(stored)
        assert sum(expected for _, _, expected in rated) == pytest.approx(seats * (seats + 1) / 2)


def test_a_bonanza_table_of_five_is_one_match_by_net_chips(club_night):
    club, organizer, people = club_night
    bonanza = _event(club, "bonanza", 13)
    table = _table(bonanza, people[4:9])
    session = session_submit(
        table=table, submitted_by=organizer, document=_document("bonanza", 5, 5)
    )
    ratings_update(club_id=club.pk)
    seats = list(SessionSeat.objects.filter(session=session).order_by("position"))
    rated = {row.player_id: row for row in RatingHistory.objects.filter(session=session)}
    assert len(rated) == 5
    best = max(seat.total for seat in seats)
    for seat in seats:
        row = rated[seat.player_id]
        assert row.place == 1 + sum(1 for other in seats if other.total > seat.total)
        if seat.total == best and [s.total for s in seats].count(best) == 1:
            assert row.mu_after > row.mu_before
    assert len(_ratings(club, "bonanza")) == 5 and len(_ratings(club, "bonken")) == 4


def test_a_bonko_table_is_a_match_of_two_teams(club_night):
    club, organizer, people = club_night
    bonko = _event(club, "bonko", 14)
    table = _table(bonko, people[:4])
    # The King's table's winners reach the bell score.
    document = next(
        doc
        for doc in (_document("bonko", 4, seed) for seed in range(9, 500))
        if get_game("bonko").score({**doc, "king": True, "bell": True}).valid
        and (doc["set"], doc["round"]) == (1, 1)
    )
    session = session_submit(table=table, submitted_by=organizer, document=document)
    ratings_update(club_id=club.pk)
    rows = {row.seat: row for row in RatingHistory.objects.filter(session=session)}
    outcome = get_game("bonko").score(document)
    teams = outcome.teams()
    assert teams is not None and len(teams) == 2
    for team in teams:
        moves = [rows[seat].mu_after - rows[seat].mu_before for seat in team]
        assert moves[0] * moves[1] > 0  # partners move together
        place = outcome.placements[team[0]]
        assert all(rows[seat].place == place for seat in team)
        assert (moves[0] > 0) == (place == 1)
    # Bonken ratings of the same four players are untouched by the Bonko round.
    assert all(played == 1 for _, _, played in _ratings(club, "bonken").values())


def test_the_api_filters_by_game_and_keeps_unpublished_results_out(club_night):
    club, organizer, people = club_night
    jonkler = _event(club, "jonkler", 12)
    session_submit(
        table=_table(jonkler, people[:5]),
        submitted_by=organizer,
        document=_document("jonkler", 5, 3),
    )
    hidden = _event(club, "jonkler", 15, published=False)
    secret = session_submit(
        table=_table(hidden, people[8:13]),
        submitted_by=organizer,
        document=_document("jonkler", 5, 4),
    )
    ratings_update(club_id=club.pk)
    assert not RatingHistory.objects.filter(session=secret).exists()

    api = APIClient()
    body = api.get(f"/api/v1/clubs/{club.pk}/ratings/?game=jonkler").json()
    assert body["meta"]["game"] == "jonkler"
    assert {row["player"] for row in body["results"]} == {p.pk for p in people[:5]}
    default = api.get(f"/api/v1/clubs/{club.pk}/ratings/").json()
    assert default["meta"]["game"] == "bonken" and len(default["results"]) == 4
    nothing = api.get(f"/api/v1/clubs/{club.pk}/ratings/?game=bonanza").json()
    assert nothing["results"] == []
    assert api.get(f"/api/v1/clubs/{club.pk}/ratings/?game=Not a game").status_code == 400
    refused = api.get(f"/api/v1/clubs/{club.pk}/ratings/?game=chess")
    assert refused.status_code == 400 and "chess" in str(refused.json())

    player = people[0]  # played Bonken and Jonkler
    every = api.get(f"/api/v1/players/{player.pk}/rating-history/").json()["results"]
    assert sorted(item["game"] for item in every) == ["bonken", "jonkler"]
    only = api.get(f"/api/v1/players/{player.pk}/rating-history/?game=jonkler").json()
    assert [item["game"] for item in only["results"]] == ["jonkler"]
    assert len(only["results"][0]["opponents"]) == 4

    # The pages show one game's ratings and a link per rated game.
    page = api.get(f"/clubs/{club.slug}/ratings/?game=jonkler")
    html = page.content.decode()
    assert page.status_code == 200
    assert "game=bonken" in html and people[4].name in html and people[12].name not in html
    page = api.get(f"/players/{player.pk}/ratings/?game=jonkler")
    html = page.content.decode()
    assert page.status_code == 200 and "game=bonken" in html and "Jonkler" in html
    assert api.get(f"/clubs/{club.slug}/ratings/?game=chess").status_code == 400


def test_a_correction_replays_to_what_a_fresh_computation_gives(club_night):
    club, organizer, people = club_night
    jonkler = _event(club, "jonkler", 12)
    tables = [_table(jonkler, people[:5], number=1), _table(jonkler, people[5:9], number=2)]
    later = _event(club, "jonkler", 20)
    tables.append(_table(later, [people[0], people[5], people[8], people[2]], number=1))
    sessions = [
        session_submit(
            table=table,
            submitted_by=organizer,
            document=_document("jonkler", table.seats.count(), 20 + n),
        )
        for n, table in enumerate(tables)
    ]
    ratings_update(club_id=club.pk)
    before = _history(club, "jonkler")

    first = sessions[0]
    corrected = _document("jonkler", 5, 99)
    session_submit(
        table=tables[0],
        submitted_by=organizer,
        document=corrected,
        expected_revision=first.revision,
        reason="copied the wrong sheet",
    )
    bonken = _ratings(club, "bonken")
    sync = ratings_update(club_id=club.pk)  # Bonken unchanged, Jonkler replayed
    assert sync.mode == "replayed" and sync.game == ""
    replayed = (_history(club, "jonkler"), _ratings(club, "jonkler"))
    assert replayed[0] != before
    assert _ratings(club, "bonken") == bonken

    rebuilt_sync = ratings_rebuild(club_id=club.pk, game="jonkler")
    assert rebuilt_sync.mode == "rebuilt" and rebuilt_sync.sessions_rated == 3
    assert (_history(club, "jonkler"), _ratings(club, "jonkler")) == replayed
    call_command("ratings_rebuild", "--club", str(club.pk), "--check", stdout=io.StringIO())
    call_command(
        "ratings_rebuild",
        "--club",
        str(club.pk),
        "--game",
        "jonkler",
        "--check",
        stdout=io.StringIO(),
    )
