"""The benchmark's clubs of every game: tables of the game's sizes, sessions scored by its rules,
team games judged by team, and each game's methods with its default first."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from bench import ratings_accuracy as bench_accuracy
from bench.ratings_games import GAME_CLUBS, GAMES, build_clubs
from ranking.arithmetic.ratings import ScoredSession
from ranking.arithmetic.ratings.simulate import NightTable, PlayedTable, simulate_club

WHEN = datetime(2024, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize("game", [g for g in GAMES if g != "bonken"])
def test_every_game_has_clubs_of_its_own_tables(game: str) -> None:
    clubs = build_clubs(1, game=game, evenings_factor=0.05)
    kinds = GAME_CLUBS[game].kinds
    assert [club.name for club in clubs] == [spec.name for spec in kinds]
    rules = bench_accuracy.game_rules(game)
    sizes = Counter(len(s.player_ids) for club in clubs for s in club.sessions)
    assert set(sizes) <= set(rules.table_sizes)
    for club in clubs:
        assert [s.played_at for s in club.sessions] == sorted(s.played_at for s in club.sessions)
        for session in club.sessions:
            assert session.ranks is not None
            assert (session.teams is not None) == GAME_CLUBS[game].team_game
    if game != "bonko":
        assert len(sizes) > 1  # a mix of the game's sizes, as the service seats them


def test_other_clubs_of_the_same_kinds() -> None:
    standard = build_clubs(1, game="jonkler", evenings_factor=0.05)
    other = build_clubs(1, game="jonkler", seed_offset=7, evenings_factor=0.05)
    assert all(a.sessions != b.sessions for a, b in zip(standard, other, strict=True))


def test_a_game_night_of_its_own() -> None:
    def night(present: list[int], strength: object, rng: random.Random) -> list[NightTable]:
        seated = sorted(present)[:4]
        return [
            NightTable(
                0, 0, tuple(seated), PlayedTable((3, 1, 3, 1), (1, 2, 1, 2), ((0, 2), (1, 3)))
            )
        ]

    club = simulate_club(seed=1, players=6, evenings=3, late_joiners=0.0, night=night)
    assert club.sessions and all(s.teams == ((0, 2), (1, 3)) for s in club.sessions)
    assert len(club.strengths) == len(club.sessions)


def test_tables_of_a_layout_played_by_a_game() -> None:
    def layout(present: int) -> Sequence[int]:
        return [3] * (present // 3)

    def play(strengths: Sequence[float], rng: random.Random) -> PlayedTable:
        return PlayedTable(tuple(rng.randrange(10) for _ in strengths))

    club = simulate_club(seed=2, players=12, evenings=4, layout=layout, play=play)
    assert club.sessions and all(len(s.player_ids) == 3 for s in club.sessions)


def test_a_team_game_is_judged_by_team() -> None:
    session = ScoredSession(1, WHEN, (1, 2, 3, 4), (10, 30, 10, 30), (2, 1, 2, 1), ((0, 2), (1, 3)))
    assert bench_accuracy.by_team([5.0, 1.0, -1.0, 2.0], session) == [4.0, 3.0, 4.0, 3.0]
    # Equal scores, the roll-off's winner first: the game's ranks order the table.
    tied = ScoredSession(2, WHEN, (1, 2, 3, 4), (20, 20, 20, 20), (2, 1, 2, 1), ((0, 2), (1, 3)))
    assert bench_accuracy.random_winner([session, tied]) == 0.5
    single = ScoredSession(3, WHEN, (1, 2, 3), (5, 0, -5))
    assert bench_accuracy.random_winner([single]) == pytest.approx(1 / 3)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_lists_its_default_first(game: str) -> None:
    names = [name for name, _ in bench_accuracy.method_factories(game)]
    assert names[0] == bench_accuracy.default_method(game)
    assert (bench_accuracy.LEAST_SQUARES in names) == (not GAME_CLUBS[game].team_game)
    assert any(name.startswith("points against expectation") for name in names)
    assert any(name.startswith("OpenSkill Plackett-Luce, ranks, tie fix") for name in names)


def test_a_team_club_is_predicted_better_than_chance_by_its_oracle() -> None:
    club = build_clubs(1, game="bonko", evenings_factor=0.3)[3]  # skilled
    winners, pairwise = bench_accuracy.evaluate(club, None, 0.5)
    assert sum(winners) / len(winners) > 0.5 and winners == pairwise


@pytest.mark.parametrize("game", GAMES)
def test_ranks_as_the_default_for_a_second_look(game: str) -> None:
    names = [name for name, _ in bench_accuracy.method_factories(game, ranks=True)]
    assert (
        names[0] == bench_accuracy.RANKS_DEFAULT == bench_accuracy.default_method(game, ranks=True)
    )
    points = [name for name in names if name.startswith("points against expectation")]
    assert points == [f"points against expectation, Kalman ({GAME_CLUBS[game].points_scale:g})"]
