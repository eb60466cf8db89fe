"""The statistics' arithmetic (``ranking.stats.figures``), without a database: examples worked out
by hand, and properties over random sessions scored by the Bonken engine."""

from __future__ import annotations

import random
from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bonken.rules import get_ruleset
from games.bonken.rules.engine import score_session
from games.bonken.rules.results import placements
from games.bonken.rules.sample import random_session
from ranking.stats import figures
from ranking.stats.figures import Deal, Table

CLASSIC = get_ruleset("classic")


def table(
    session_id: int,
    players: tuple[int, ...],
    totals: tuple[int, ...],
    day: int = 1,
    deals: tuple[Deal, ...] = (),
) -> Table:
    return Table(
        session_id=session_id,
        event_id=day,
        event_name=f"evening {day}",
        played_on=date(2026, 1, day),
        players=players,
        totals=totals,
        places=tuple(placements(list(totals))),
        deals=deals,
    )


def test_summary_by_hand():
    tables = [
        table(1, (1, 2, 3, 4), (100, 0, -50, -50)),
        table(2, (2, 1, 3, 4), (60, 60, -20, -100), day=2),
        table(3, (5, 6, 7, 8), (0, 0, 0, 0)),
    ]
    s = figures.summary(1, tables)
    assert s == figures.Summary(
        sessions=2, total=160, average=80.0, best=100, worst=60, places=((1, 2),), wins=2
    )
    assert figures.summary(9, tables).average is None


def test_shared_places_are_level_and_totals_decide_without_places():
    shared = table(1, (1, 2, 3, 4), (60, 60, -20, -100))
    unplaced = Table(
        2, 2, "e", date(2026, 1, 2), (1, 2, 3, 4), (10, 20, -10, -20), (None, None, None, None)
    )
    bram = {o.player_id: o for o in figures.opponents(1, [shared, unplaced])}[2]
    assert (bram.sessions, bram.ahead, bram.behind, bram.level, bram.difference) == (
        2,
        0,
        1,
        1,
        -10,
    )
    assert figures.summary(1, [unplaced]).places == ()


def test_doubling_by_hand():
    # The seed's hearts example: chooser 0, base [-30, -40, -50, -10], doubles
    # (1,0) (1,2) (1,3) (3,2) (0,1) give [-10, -80, -100, 60].
    deal = Deal(
        "hearts",
        0,
        (-30, -40, -50, -10),
        (-10, -80, -100, 60),
        ((1, 0), (1, 2), (1, 3), (3, 2), (0, 1)),
    )
    t = table(1, (11, 12, 13, 14), (-10, -80, -100, 60), deals=(deal,))
    seat1 = figures.contracts(12, [t])[0]
    # Bram doubled all three: -10 + 10 - 30; doubled back by Anna: -10.
    assert (seat1.doubles_made, seat1.doubled) == (3, 1)
    assert (seat1.doubling_won, seat1.doubled_cost, seat1.doubling_net) == (-30, -10, -40)
    assert seat1.points == -80 and seat1.chosen == 0
    assert figures.contracts(11, [t])[0].chosen == 1


def test_net_level_counts_doubles_but_moves_nothing():
    deal = Deal("queens", 0, None, (-90, 0, -90, 0), ((1, 0),))
    line = figures.contracts(2, [table(1, (1, 2, 3, 4), (-90, 0, -90, 0), deals=(deal,))])[0]
    assert (line.doubles_made, line.doubling_won, line.doubling_net) == (1, 0, 0)


def test_contracts_follow_the_order_given_then_by_code():
    deals = tuple(Deal(code, 0, (0, 0, 0, 0), (0, 0, 0, 0)) for code in ("zz", "duck", "aa"))
    t = table(1, (1, 2, 3, 4), (0, 0, 0, 0), deals=deals)
    assert [c.contract for c in figures.contracts(1, [t], order=["duck"])] == ["duck", "aa", "zz"]


def test_partners_are_not_opponents_and_game_figures_add_up():
    teams = Table(
        1,
        1,
        "e",
        date(2026, 1, 1),
        (1, 2, 3, 4),
        (23, 17, 23, 17),
        (1, 2, 1, 2),
        teams=((0, 2), (1, 3)),
        figures=(("bonkos", (1, 0, 2, 0)), ("wins", (1, 0, 1, 0))),
    )
    again = Table(
        2,
        2,
        "f",
        date(2026, 1, 2),
        (3, 2, 1, 4),
        (30, 21, 30, 21),
        (1, 2, 1, 2),
        teams=((0, 2), (1, 3)),
        figures=(("bonkos", (0, 0, 1, 0)),),
    )
    assert [o.player_id for o in figures.opponents(1, [teams, again])] == [2, 4]
    assert figures.game_figures(1, [teams, again]) == {"bonkos": 2, "wins": 1}
    assert figures.game_figures(3, [teams, again]) == {"bonkos": 2, "wins": 1}


def test_the_last_evenings():
    tables = [table(n, (1, 2, 3, 4), (n, 0, 0, -n), day=n) for n in range(1, 6)]
    tables.append(table(9, (1, 5, 6, 7), (10, 0, 0, -10), day=5))
    last = figures.evenings(1, tables, last=2)
    assert [(e.played_on.day, e.sessions, e.total, e.average) for e in last] == [
        (4, 1, 4, 4.0),
        (5, 2, 15, 7.5),
    ]
    assert last[-1].average_place == 1.0


def _scored_tables(seed: int, count: int) -> list[Table]:
    """``count`` random classic sessions among six players, scored by the engine."""
    rng = random.Random(seed)
    tables = []
    for number in range(count):
        players = tuple(rng.sample(range(1, 7), 4))
        result = score_session(random_session(rng, ruleset=CLASSIC), ruleset=CLASSIC)
        assert result.valid and result.totals is not None
        deals = tuple(
            Deal(
                g.contract,
                g.chooser,
                tuple(g.base) if g.base else None,
                tuple(g.points),
                tuple(g.doubles),
            )
            for g in result.games
        )
        tables.append(
            table(number + 1, players, tuple(result.totals), day=1 + number % 5, deals=deals)
        )
    return tables


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 8))
def test_properties_over_random_sessions(seed, count):
    tables = _scored_tables(seed, count)
    players = {p for t in tables for p in t.players}
    for player in players:
        s = figures.summary(player, tables)
        assert sum(n for _, n in s.places) == s.sessions
        assert s.average is not None and abs(s.average * s.sessions - s.total) < 1e-6
        lines = figures.contracts(player, tables)
        # The contracts add up to the totals, and what doubling moved to the player is their
        # points after doubling less their points from the deals.
        assert sum(line.points for line in lines) == s.total
        moved = sum(
            d.points[t.seat_of(player)] - d.base[t.seat_of(player)]
            for t in tables
            if player in t.players
            for d in t.deals
            if d.base
        )
        assert sum(line.doubling_net for line in lines) == moved
        assert sum(e.sessions for e in figures.evenings(player, tables)) == s.sessions
        assert sum(e.total for e in figures.evenings(player, tables)) == s.total
        for record in figures.opponents(player, tables):
            assert record.ahead + record.behind + record.level == record.sessions
            mirror = {o.player_id: o for o in figures.opponents(record.player_id, tables)}
            back = mirror[player]
            assert (back.sessions, back.ahead, back.behind, back.level, back.difference) == (
                record.sessions,
                record.behind,
                record.ahead,
                record.level,
                -record.difference,
            )
    # Doubling is zero-sum, every game has one chooser, and every seat plays every game.
    assert sum(line.doubling_net for p in players for line in figures.contracts(p, tables)) == 0
    deals = sum(len(t.deals) for t in tables)
    assert sum(line.chosen for p in players for line in figures.contracts(p, tables)) == deals
    assert sum(line.games for p in players for line in figures.contracts(p, tables)) == 4 * deals
