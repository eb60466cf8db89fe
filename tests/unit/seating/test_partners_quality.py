"""A team game's partners sit together every round by rule: the quality line does not count
them as a pair meeting again (Bonko's two teams of two at every table)."""

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from seating import SeatingRound, quality_report

TEAMS = [(1, 2), (3, 4), (5, 6), (7, 8)]


def bonko_round(order: list[tuple[int, int]]) -> SeatingRound:
    """Two teams a table, partners opposite (seats 0 and 2, 1 and 3)."""
    tables = [
        [there[0], moved[0], there[1], moved[1]]
        for there, moved in zip(order[0::2], order[1::2], strict=True)
    ]
    return SeatingRound(tables=tables)


def test_two_rounds_of_new_opponents_have_no_repeats() -> None:
    # Round 1: 1&2 against 3&4, 5&6 against 7&8; round 2: 1&2 against 5&6, 3&4 against 7&8.
    rounds = [bonko_round(TEAMS), bonko_round([TEAMS[0], TEAMS[2], TEAMS[1], TEAMS[3]])]
    report = quality_report(rounds, TEAMS)
    assert report.repeated_pairs == 0
    assert report.max_meetings == 1
    assert report.consecutive_repeats == 0
    assert report.lower_bound == 0
    # Counted as single players, the four teams would be four pairs meeting again.
    assert quality_report(rounds).repeated_pairs == 4


def test_the_same_opponents_again_are_repeats_of_the_opponents_only() -> None:
    rounds = [bonko_round(TEAMS), bonko_round(TEAMS)]
    report = quality_report(rounds, TEAMS)
    # Each table: four opponent pairs meet again; the partners are not counted.
    assert report.repeated_pairs == 8
    assert report.max_meetings == 2
    assert report.consecutive_repeats == 8
    assert report.lower_bound <= report.repeated_pairs


@settings(max_examples=80, deadline=None)
@given(
    teams_count=st.sampled_from([2, 4, 6, 8]),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_partners_are_never_repeats(teams_count: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    ids = rng.sample(range(1, 1000), 2 * teams_count)
    teams = [(ids[2 * i], ids[2 * i + 1]) for i in range(teams_count)]
    schedule = []
    for _ in range(rounds):
        order = teams[:]
        rng.shuffle(order)
        schedule.append(bonko_round(order))
    report = quality_report(schedule, teams)

    # Count by hand: only players of different teams meeting again are repeats.
    team_of = {player: n for n, team in enumerate(teams) for player in team}
    met: Counter[tuple[int, int]] = Counter()
    for round_ in schedule:
        for table in round_.tables:
            for a, b in combinations(sorted(table), 2):
                if team_of[a] != team_of[b]:
                    met[(a, b)] += 1
    assert report.repeated_pairs == sum(times - 1 for times in met.values())
    assert report.max_meetings == max(met.values(), default=0)
    # Partners meet every round: with them counted there would be (rounds - 1) more per team.
    assert quality_report(schedule).repeated_pairs == report.repeated_pairs + teams_count * (
        rounds - 1
    )
    # No schedule does better than the bound, this one included.
    assert 0 <= report.lower_bound <= report.repeated_pairs
