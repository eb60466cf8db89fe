"""Accuracy benchmark: which rating method predicts Bonken tables best?

Run ``python -m bench.ratings_accuracy`` (``--help`` for options).

Simulated clubs (``simulate.py``: seeded, hidden player strengths, classic sessions played
game by game) are split in time: every method learns from the first 80 % of a club's sessions,
then its frozen ratings predict the last 20 %. Two figures per method:

* **winner**: how often the player rated highest at a table finished first. A tie in the
  prediction or in the result earns the matching fraction (two predicted co-favourites of
  whom one won count 1/2).
* **pairwise**: over the pairs of seats with different totals, how often the higher rated
  player of the pair scored more (a predicted tie counts 1/2).

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
from dataclasses import dataclass
from functools import partial

from openskill.models import BradleyTerryFull, PlackettLuce, ThurstoneMostellerFull

from bench import parse_args
from bench.league_accuracy import LEAGUE, LEAGUE_SEEDS, judged_tables, league_verdict, leagues
from ranking.arithmetic.ratings.config import RatingConfig
from ranking.arithmetic.ratings.predictors import (
    AveragePointsPredictor,
    EloPredictor,
    EnginePredictor,
    LeastSquaresPredictor,
    LibraryPredictor,
    Predictor,
)
from ranking.arithmetic.ratings.simulate import SimulatedClub, simulate_club

DEFAULT_METHOD = "points against expectation, Kalman (default)"
RANKS_METHOD = "OpenSkill Plackett-Luce, ranks, tie fix (default before)"
ORACLE = "oracle: hidden strength"
LEAST_SQUARES = "least squares, all sessions at once (reference)"
MARGINS: tuple[float, ...] = (10.0, 25.0, 50.0, 100.0, 400.0)
AVERAGE_POINTS = "average points per session"


@dataclass(frozen=True, slots=True)
class ClubSpec:
    name: str
    players: int
    evenings: int
    rounds_per_evening: int
    skill: float
    drift: float
    by_level: bool = False
    league: bool = False  # players: of the whole league; evenings: its weeks


CLUB_SPECS: tuple[ClubSpec, ...] = (
    ClubSpec("small, luck-heavy", 24, 160, 2, 0.15, 0.0),
    ClubSpec("medium", 40, 120, 2, 0.25, 0.0),
    ClubSpec("large, one round", 80, 100, 1, 0.25, 0.0),
    ClubSpec("skilled", 36, 120, 2, 0.4, 0.0),
    ClubSpec("drifting strengths", 40, 160, 2, 0.3, 0.04),
    ClubSpec("one season", 32, 30, 2, 0.25, 0.0),
    ClubSpec("big and sparse", 160, 40, 1, 0.25, 0.0),
    ClubSpec("very luck-heavy", 24, 160, 2, 0.08, 0.0),
    # Every other kind seats at random, where the opponents' strength averages out over a
    # player's sessions; here it does not (see ``simulate.py``).
    ClubSpec("seated by level", 40, 120, 2, 0.25, 0.0, by_level=True),
    # Six clubs of 14, their levels spread over two standard deviations, at home every week
    # and at a league day every fourth (``simulate_league``): judged on the mixed tables.
    ClubSpec(LEAGUE, 84, 60, 2, 0.3, 0.0, league=True),
)


def _by_scores(
    name: str, model_class: type[PlackettLuce | BradleyTerryFull], margin: float
) -> Callable[[], Predictor]:
    """A fresh ``openskill`` model ranking by score with ``margin``, for every run."""
    return lambda: LibraryPredictor(name, model_class(margin=margin), use_scores=True)


def method_factories() -> list[tuple[str, Callable[[], Predictor]]]:
    """Every compared method, as (name, fresh predictor)."""
    factories: list[tuple[str, Callable[[], Predictor]]] = [
        (DEFAULT_METHOD, lambda: EnginePredictor(DEFAULT_METHOD, RatingConfig())),
        (
            RANKS_METHOD,
            lambda: EnginePredictor(RANKS_METHOD, RatingConfig(model="plackett_luce")),
        ),
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
    for margin in MARGINS:
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
    factories.append((LEAST_SQUARES, LeastSquaresPredictor))
    return factories


def winner_credit(predicted: Sequence[float], totals: Sequence[int]) -> float:
    """Share of the predicted favourites (highest score) who finished first."""
    best = max(predicted)
    favourites = [seat for seat, value in enumerate(predicted) if value == best]
    top = max(totals)
    return sum(1 for seat in favourites if totals[seat] == top) / len(favourites)


def pairwise_credit(predicted: Sequence[float], totals: Sequence[int]) -> float | None:
    """Share of decided pairs ordered correctly; None when every pair was tied."""
    credit = 0.0
    pairs = 0
    for i in range(len(totals)):
        for j in range(i + 1, len(totals)):
            if totals[i] == totals[j]:
                continue
            pairs += 1
            if predicted[i] == predicted[j]:
                credit += 0.5
            elif (predicted[i] > predicted[j]) == (totals[i] > totals[j]):
                credit += 1.0
    return credit / pairs if pairs else None


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
        winners.append(winner_credit(predicted, session.totals))
        pair_credit = pairwise_credit(predicted, session.totals)
        pairwise.append(pair_credit if pair_credit is not None else math.nan)
    return winners, pairwise


def _mean(values: Sequence[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan


def _paired_interval(values: Sequence[float], baseline: Sequence[float]) -> tuple[float, float]:
    """Mean difference and its 95 % half-width (normal approximation)."""
    diffs = [
        v - b for v, b in zip(values, baseline, strict=True) if not (math.isnan(v) or math.isnan(b))
    ]
    if len(diffs) < 2:
        return math.nan, math.nan
    mean = sum(diffs) / len(diffs)
    variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean, 1.96 * math.sqrt(variance / len(diffs))


def build_clubs(
    seeds: int, *, seed_offset: int = 0, evenings_factor: float = 1.0
) -> list[SimulatedClub]:
    """``seeds`` clubs of every kind; ``seed_offset`` picks other clubs of the same kinds and
    ``evenings_factor`` lengthens (or shortens) every club's history."""
    clubs: list[SimulatedClub] = []
    for spec_index, spec in enumerate(CLUB_SPECS):
        if spec.league:
            clubs.extend(
                leagues(
                    base=1000 * spec_index,
                    name=spec.name,
                    players=spec.players,
                    weeks=max(1, round(spec.evenings * evenings_factor)),
                    rounds=spec.rounds_per_evening,
                    skill=spec.skill,
                    seeds=range(seed_offset, seed_offset + seeds),
                )
            )
            continue
        for repeat in range(seed_offset, seed_offset + seeds):
            clubs.append(
                simulate_club(
                    seed=1000 * spec_index + repeat,
                    name=spec.name,
                    players=spec.players,
                    evenings=max(1, round(spec.evenings * evenings_factor)),
                    rounds_per_evening=spec.rounds_per_evening,
                    skill=spec.skill,
                    drift=spec.drift,
                    by_level=spec.by_level,
                )
            )
    return clubs


def run(
    *,
    seeds: int = 4,
    train_fraction: float = 0.8,
    seed_offset: int = 0,
    evenings_factor: float = 1.0,
) -> dict[str, tuple[float, float]]:
    """Print the accuracy tables and return {method: (winner, pairwise)}."""
    started = time.perf_counter()
    clubs = build_clubs(seeds, seed_offset=seed_offset, evenings_factor=evenings_factor)
    sessions = sum(len(club.sessions) for club in clubs)
    tested = sum(
        len(judged_tables(club, int(len(club.sessions) * train_fraction))) for club in clubs
    )
    variant = f", seed offset {seed_offset}" if seed_offset else ""
    if evenings_factor != 1.0:
        variant += f", {evenings_factor:g} x the evenings"
    print(
        f"{len(clubs)} simulated clubs and leagues ({', '.join(s.name for s in CLUB_SPECS)}; "
        f"{seeds} seed{'' if seeds == 1 else 's'} each, {LEAGUE_SEEDS} leagues a seed{variant}), "
        f"{sessions} sessions: train on the first {train_fraction:.0%}, predict {tested} sessions"
    )
    results: dict[str, tuple[list[float], list[float]]] = {}
    by_kind: dict[str, dict[str, list[float]]] = {}
    methods: list[tuple[str, Callable[[], Predictor] | None]] = [(ORACLE, None)]
    methods.extend(method_factories())
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

    base_winners, base_pairwise = results[DEFAULT_METHOD]
    width = max(len(name) for name in results)
    header = f"{'method':<{width}}  winner  pairwise   diff winner      diff pairwise"
    print(header)
    print("-" * len(header))
    summary: dict[str, tuple[float, float]] = {}
    for name, (winners, pairwise) in results.items():
        summary[name] = (_mean(winners), _mean(pairwise))
        line = f"{name:<{width}}  {_mean(winners):6.1%}  {_mean(pairwise):8.1%}"
        if name not in (DEFAULT_METHOD, ORACLE):
            dw, hw = _paired_interval(winners, base_winners)
            dp, hp = _paired_interval(pairwise, base_pairwise)
            line += f"  {dw:+6.1%} ±{hw:4.1%}  {dp:+6.1%} ±{hp:4.1%}"
        print(line)
    print("random guessing: winner 25.0%, pairwise 50.0%")
    print()
    print("pairwise by club kind:")
    kind_names = [spec.name for spec in CLUB_SPECS]
    print(f"{'method':<{width}}" + "".join(f"  {kind:>{max(len(kind), 6)}}" for kind in kind_names))
    for name, kind_pairwise in by_kind.items():
        cells = "".join(
            f"  {_mean(kind_pairwise[kind]):>{max(len(kind), 6)}.1%}" for kind in kind_names
        )
        print(f"{name:<{width}}{cells}")
    print()
    print("pairwise by club kind, difference from the default with its 95 % interval:")
    _print_kind_differences(by_kind, kind_names, width)
    if LEAGUE in kind_names:
        print()
        for line in league_verdict(
            by_kind, DEFAULT_METHOD, LEAST_SQUARES, AVERAGE_POINTS, _paired_interval
        ):
            print(line)
    print(f"({time.perf_counter() - started:.0f} s)")
    return summary


def _print_kind_differences(
    by_kind: dict[str, dict[str, list[float]]], kind_names: Sequence[str], width: int
) -> None:
    """Every method's paired difference from the default in pairwise accuracy, per kind."""
    print(
        f"{'method':<{width}}" + "".join(f"  {kind:>{max(len(kind), 12)}}" for kind in kind_names)
    )
    base = by_kind[DEFAULT_METHOD]
    for name, kind_pairwise in by_kind.items():
        if name == DEFAULT_METHOD:
            continue
        cells = ""
        for kind in kind_names:
            diff, half = _paired_interval(kind_pairwise[kind], base[kind])
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
    args = parse_args(parser, argv, seeds=1, evenings=0.1)
    run(
        seeds=args.seeds,
        train_fraction=args.train,
        seed_offset=args.seed_offset,
        evenings_factor=args.evenings,
    )


if __name__ == "__main__":
    main()
