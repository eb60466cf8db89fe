"""Accuracy benchmark: which rating method predicts a game's tables best?

Run ``python -m bench.ratings_accuracy [--game bonken]`` (``--help`` for options).

Simulated clubs (``simulate.py``: seeded, hidden player strengths, sessions played by the
game's rules at its own tables, ``bench.ratings_games``) are split in time: every method
learns from the first 80 % of a club's sessions, then its frozen ratings predict the last
20 %. Two figures per method:

* **winner**: how often the player rated highest at a table finished first. A tie in the
  prediction or in the result earns the matching fraction (two predicted co-favourites of
  whom one won count 1/2).
* **pairwise**: over the pairs of seats with different totals, how often the higher rated
  player of the pair scored more (a predicted tie counts 1/2).

Tables are ordered by the game's ranks (Bonko's roll-off decides between equal scores); in a
team game a seat's prediction is its team's (the sum over its partners), so partners never
form a pair.

``diff`` columns give the difference from the default method with a 95 % interval from the
per-session paired differences, so a gap inside the noise shows as such; the last table gives
the same paired difference in pairwise accuracy for every club kind. Differences between the
good methods are mostly within those intervals: check a gap on other clubs with
``--seed-offset`` (the clubs of the standard run are the offsets 0 to ``seeds - 1``), and see
how the distance to the oracle shrinks with more sessions per player with ``--evenings``.

One kind is a league, not a club (``simulate_league``): clubs of different strengths that
mostly play at home and meet on league days. It is judged on its held-out *mixed* tables only,
where players of different clubs meet, and ``LEAGUE_SEEDS`` times as many of them are
simulated (a league's mixed tables are fewer). The league rating is the default method over
every club's sessions in one pool (as ``leagues.computing`` replays them); the last lines say
whether it is within ``LEAGUE_MARGIN`` points of the least-squares reference there, and ahead
of the average points per session, which cannot see that a club is strong.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence
from functools import partial
from importlib import import_module
from typing import Any

from openskill.models import BradleyTerryFull, PlackettLuce, ThurstoneMostellerFull

from bench import parse_args
from bench.league_accuracy import LEAGUE_SEEDS, judged_tables, league_verdict
from bench.prediction_credit import mean_of, paired_interval, pairwise_credit, winner_credit
from bench.ratings_games import (
    CLUB_SPECS,
    GAME_CLUBS,
    GAMES,
    GameClubs,
    build_clubs,
    by_team,
    random_winner,
)
from ranking.arithmetic.ratings.config import DEFAULT_SCORE_SCALE as CLUBS_SCALE
from ranking.arithmetic.ratings.config import RatingConfig
from ranking.arithmetic.ratings.predictors import (
    AveragePointsPredictor,
    EloPredictor,
    EnginePredictor,
    LeastSquaresPredictor,
    LibraryPredictor,
    Predictor,
)
from ranking.arithmetic.ratings.simulate import SimulatedClub
from ranking.arithmetic.ratings.table import rank_key

__all__ = ["CLUB_SPECS", "build_clubs", "main", "run"]  # the clubs, for the tests too

DEFAULT_METHOD = "points against expectation, Kalman (default)"
RANKS_METHOD = "OpenSkill Plackett-Luce, ranks, tie fix (default before)"
RANKS_DEFAULT = "OpenSkill Plackett-Luce, ranks, tie fix (default)"
ORACLE = "oracle: hidden strength"
LEAST_SQUARES = "least squares, all sessions at once (reference)"
MARGINS: tuple[float, ...] = (10.0, 25.0, 50.0, 100.0, 400.0)  # of Bonken's scale, 250
AVERAGE_POINTS = "average points per session"


def _by_scores(
    name: str, model_class: type[PlackettLuce | BradleyTerryFull], margin: float
) -> Callable[[], Predictor]:
    """A fresh ``openskill`` model ranking by score with ``margin``, for every run."""
    return lambda: LibraryPredictor(name, model_class(margin=margin), use_scores=True)


def game_rules(game: str) -> Any:
    """The game behind the seam (``games.<code>.rules.GAME``), read without Django."""
    return import_module(f"games.{game}.rules").GAME


def declared_scale(game: str) -> float:
    """The spread the game declares for its points on the seam (``rating_scale``), or 0: the
    game is rated by ranks."""
    return float(getattr(game_rules(game), "rating_scale", 0.0))


def default_method(game: str = "bonken", *, ranks: bool = False) -> str:
    """The name of the method the service rates ``game`` with (``ranks``: as if the game
    declared no spread, so rated by ranks)."""
    return DEFAULT_METHOD if declared_scale(game) and not ranks else RANKS_DEFAULT


def _engine(name: str, config: RatingConfig) -> Callable[[], Predictor]:
    return lambda: EnginePredictor(name, config)


def method_factories(
    game: str = "bonken", *, ranks: bool = False
) -> list[tuple[str, Callable[[], Predictor]]]:
    """Every compared method for ``game``, as (name, fresh predictor), the default first
    (``ranks``: ranks as the default, as for a game that declares no spread).

    The points model reads the game's declared spread, or (for a game rated by ranks) the
    spread its simulated tables show (``GameClubs.points_scale``); score margins are the same
    shares of the game's spread as of Bonken's."""
    clubs: GameClubs = GAME_CLUBS[game]
    declared = 0.0 if ranks else declared_scale(game)
    scale = declared or clubs.points_scale
    points = RatingConfig(score_scale=scale)
    by_ranks = RatingConfig(model="plackett_luce", score_scale=scale)
    if declared:
        engine = [(DEFAULT_METHOD, points), (RANKS_METHOD, by_ranks)]
    else:
        engine = [
            (RANKS_DEFAULT, by_ranks),
            (f"points against expectation, Kalman ({scale:g})", points),
        ]
    factories: list[tuple[str, Callable[[], Predictor]]] = [
        (name, _engine(name, config)) for name, config in engine
    ]
    factories += [
        (
            "OpenSkill Plackett-Luce, ranks, library ties",
            lambda: LibraryPredictor("PL library", PlackettLuce()),
        ),
        (
            "OpenSkill Bradley-Terry full, ranks",
            lambda: LibraryPredictor("BT", BradleyTerryFull()),
        ),
        (
            "OpenSkill Thurstone-Mosteller full, ranks",
            lambda: LibraryPredictor("TM", ThurstoneMostellerFull()),
        ),
    ]
    for share in MARGINS:
        margin = share * scale / CLUBS_SCALE
        for label, model_class in (
            ("Plackett-Luce", PlackettLuce),
            ("Bradley-Terry", BradleyTerryFull),
        ):
            name = f"OpenSkill {label}, scores, margin {margin:g}"
            factories.append((name, _by_scores(name, model_class, margin)))
    for k in (8.0, 16.0, 32.0):
        name = f"pairwise Elo, k={k:g} per pair"
        factories.append((name, partial(EloPredictor, name, k)))
    factories.append((AVERAGE_POINTS, AveragePointsPredictor))
    if not clubs.team_game:  # the reference fits players of one, not teams
        factories.append((LEAST_SQUARES, partial(LeastSquaresPredictor, scale=scale)))
    return factories


def evaluate(
    club: SimulatedClub,
    make: Callable[[], Predictor] | None,
    train_fraction: float,
    unrated: list[int] | None = None,
) -> tuple[list[float], list[float]]:
    """Per test session: winner credit and pairwise credit. ``make=None`` is the oracle.

    ``unrated`` gets the number of training sessions the method could not rate (the
    library's overflow in long clubs, see ``LibraryPredictor``)."""
    split = int(len(club.sessions) * train_fraction)
    predictor = make() if make is not None else None
    if predictor is not None:
        for session in club.sessions[:split]:
            predictor.learn(session)
        if unrated is not None:
            unrated.append(getattr(predictor, "overflows", 0))
    winners: list[float] = []
    pairwise: list[float] = []
    for index in judged_tables(club, split):
        session = club.sessions[index]
        if predictor is None:
            predicted: Sequence[float] = club.strengths[index]
        else:
            predicted = predictor.scores(session.player_ids)
        predicted = by_team(predicted, session)
        order = rank_key(session.totals, session.ranks)
        winners.append(winner_credit(predicted, order))
        pair_credit = pairwise_credit(predicted, order)
        pairwise.append(pair_credit if pair_credit is not None else math.nan)
    return winners, pairwise


def run(
    *,
    seeds: int = 4,
    train_fraction: float = 0.8,
    seed_offset: int = 0,
    evenings_factor: float = 1.0,
    game: str = "bonken",
    ranks: bool = False,
) -> dict[str, tuple[float, float]]:
    """Print the accuracy tables of ``game`` and return {method: (winner, pairwise)};
    ``ranks`` compares every method with ranks as the default."""
    started = time.perf_counter()
    kinds = GAME_CLUBS[game].kinds
    clubs = build_clubs(seeds, seed_offset=seed_offset, evenings_factor=evenings_factor, game=game)
    sessions = sum(len(club.sessions) for club in clubs)
    tested = [club.sessions[int(len(club.sessions) * train_fraction) :] for club in clubs]
    judged = sum(
        len(judged_tables(club, int(len(club.sessions) * train_fraction))) for club in clubs
    )
    variant = f", seed offset {seed_offset}" if seed_offset else ""
    if evenings_factor != 1.0:
        variant += f", {evenings_factor:g} x the evenings"
    of = f" of {game_rules(game).name}" if game != "bonken" else ""
    league = any(spec.league for spec in kinds)
    leagues_note = f", {LEAGUE_SEEDS} leagues a seed" if league else ""
    print(
        f"{len(clubs)} simulated clubs{of} ({', '.join(s.name for s in kinds)}; "
        f"{seeds} seed{'' if seeds == 1 else 's'} each{leagues_note}{variant}), "
        f"{sessions} sessions: train on the first {train_fraction:.0%}, predict {judged} sessions"
    )
    methods: list[tuple[str, Callable[[], Predictor] | None]] = [(ORACLE, None)]
    methods.extend(method_factories(game, ranks=ranks))
    results, by_kind = _evaluate_all(methods, clubs, train_fraction)
    default = default_method(game, ranks=ranks)
    width = max(len(name) for name in results)
    summary = _print_overall(results, default, width)
    chance = random_winner([s for part in tested for s in part])
    print(f"random guessing: winner {chance:.1%}, pairwise 50.0%")
    print()
    print("pairwise by club kind:")
    kind_names = [spec.name for spec in kinds]
    print(f"{'method':<{width}}" + "".join(f"  {kind:>{max(len(kind), 6)}}" for kind in kind_names))
    for name, kind_pairwise in by_kind.items():
        cells = "".join(
            f"  {mean_of(kind_pairwise[kind]):>{max(len(kind), 6)}.1%}" for kind in kind_names
        )
        print(f"{name:<{width}}{cells}")
    print()
    print("pairwise by club kind, difference from the default with its 95 % interval:")
    _print_kind_differences(by_kind, kind_names, width, default)
    if league:
        print()
        for line in league_verdict(
            by_kind, default, LEAST_SQUARES, AVERAGE_POINTS, paired_interval
        ):
            print(line)
    print(f"({time.perf_counter() - started:.0f} s)")
    return summary


Scores = dict[str, tuple[list[float], list[float]]]


def _evaluate_all(
    methods: Sequence[tuple[str, Callable[[], Predictor] | None]],
    clubs: Sequence[SimulatedClub],
    train_fraction: float,
) -> tuple[Scores, dict[str, dict[str, list[float]]]]:
    """Every method's winner and pairwise credits over every club, and pairwise by kind."""
    results: Scores = {}
    by_kind: dict[str, dict[str, list[float]]] = {}
    for name, make in methods:
        winners: list[float] = []
        pairwise: list[float] = []
        kinds: dict[str, list[float]] = {}
        unrated: list[int] = []
        for club in clubs:
            club_winners, club_pairwise = evaluate(club, make, train_fraction, unrated)
            winners.extend(club_winners)
            pairwise.extend(club_pairwise)
            kinds.setdefault(club.name, []).extend(club_pairwise)
        results[name] = (winners, pairwise)
        by_kind[name] = kinds
        if sum(unrated):
            print(f"{name}: {sum(unrated)} training sessions left unrated (overflow)")
    return results, by_kind


def _print_overall(results: Scores, default: str, width: int) -> dict[str, tuple[float, float]]:
    """The overall table: every method's figures and its paired difference from the default."""
    base_winners, base_pairwise = results[default]
    header = f"{'method':<{width}}  winner  pairwise   diff winner      diff pairwise"
    print(header)
    print("-" * len(header))
    summary: dict[str, tuple[float, float]] = {}
    for name, (winners, pairwise) in results.items():
        summary[name] = (mean_of(winners), mean_of(pairwise))
        line = f"{name:<{width}}  {mean_of(winners):6.1%}  {mean_of(pairwise):8.1%}"
        if name not in (default, ORACLE):
            dw, hw = paired_interval(winners, base_winners)
            dp, hp = paired_interval(pairwise, base_pairwise)
            line += f"  {dw:+6.1%} ±{hw:4.1%}  {dp:+6.1%} ±{hp:4.1%}"
        print(line)
    return summary


def _print_kind_differences(
    by_kind: dict[str, dict[str, list[float]]],
    kind_names: Sequence[str],
    width: int,
    default: str = DEFAULT_METHOD,
) -> None:
    """Every method's paired difference from the default in pairwise accuracy, per kind."""
    print(
        f"{'method':<{width}}" + "".join(f"  {kind:>{max(len(kind), 12)}}" for kind in kind_names)
    )
    base = by_kind[default]
    for name, kind_pairwise in by_kind.items():
        if name == default:
            continue
        cells = ""
        for kind in kind_names:
            diff, half = paired_interval(kind_pairwise[kind], base[kind])
            cell = f"{diff * 100:+.1f} ±{half * 100:.1f}"
            cells += f"  {cell:>{max(len(kind), 12)}}"
        print(f"{name:<{width}}{cells}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--seeds", type=int, default=4, help="simulated clubs per club kind (1 for a quick look)"
    )
    parser.add_argument("--train", type=float, default=0.8, help="training share of sessions")
    parser.add_argument(
        "--seed-offset",
        type=int,
        default=0,
        help="first seed of every kind (0: the standard clubs; other values: other clubs)",
    )
    parser.add_argument(
        "--evenings",
        type=float,
        default=1.0,
        help="multiply every club's evenings (more sessions per player)",
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="bonken",
        help="the game whose clubs are simulated (its tables, its scoring)",
    )
    parser.add_argument(
        "--default",
        choices=("game", "ranks"),
        default="game",
        help="the method the others are compared with: the game's (points where it declares "
        "their spread) or ranks (as if it did not)",
    )
    args = parse_args(parser, argv, seeds=1, evenings=0.1)
    run(
        seeds=args.seeds,
        train_fraction=args.train,
        seed_offset=args.seed_offset,
        evenings_factor=args.evenings,
        game=args.game,
        ranks=args.default == "ranks",
    )


if __name__ == "__main__":
    main()
