"""Event standings by a game's own per-seat figures (Bonko: wins, then Bonkos, then points)."""

from datetime import date

import pytest

from ranking.arithmetic.standings import EventRules, seat_results, standings_from_results

DAY = date(2026, 11, 25)


def table(session: int, players, totals, wins, bonkos):
    return seat_results(
        session_id=session,
        round_id=session,
        played_on=DAY,
        player_ids=players,
        totals=totals,
        stats={"wins": wins, "bonkos": bonkos},
    )


def test_wins_then_bonkos_then_total():
    results = [
        *table(1, [1, 2, 3, 4], [21, 9, 21, 9], [1, 0, 1, 0], [0, 0, 1, 0]),
        # A roll-off: equal totals, one team won.
        *table(2, [5, 6, 7, 8], [15, 15, 15, 15], [0, 1, 0, 1], [0, 0, 0, 0]),
    ]
    rules = EventRules(order=("wins", "bonkos", "total"), stats=("wins", "bonkos"))
    rows = standings_from_results(results, rules)
    assert [row.player_id for row in rows[:4]] == [3, 1, 6, 8]
    assert rows[0].stats == {"wins": 1, "bonkos": 1}
    assert (rows[2].rank, rows[3].rank) == (3, 3)  # same wins, Bonkos and total: tied


def test_a_figure_the_game_does_not_report_is_refused():
    with pytest.raises(ValueError):
        EventRules(order=("wins",))
