"""What the pages say of a Bonko table, without a database: where a table's teams go after the
round (the same rule as the movement), a result in one sentence with the roll-off that decided
a tie, who rolls first, in English and Dutch."""

from __future__ import annotations

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from games.bonko.plugin import words
from games.bonko.rules import Moves, moves_after, next_tables, summary

NAMES = ["Anna", "Bram", "Cor", "Dewi"]


def result(scores, winner, rolloff=((), ())):
    return {
        "valid": True,
        "teams": [[0, 2], [1, 3]],
        "winner": winner,
        "scores": list(scores),
        "rolloff": [list(rolloff[0]), list(rolloff[1])],
    }


@given(count=st.integers(1, 40), rng=st.randoms(use_true_random=False))
def test_each_table_is_told_where_the_movement_sends_its_teams(count, rng):
    teams = list(range(2 * count))
    rng.shuffle(teams)
    played = [(teams[2 * i], teams[2 * i + 1]) for i in range(count)]
    seated = {team: place for place, pair in enumerate(next_tables(played), 1) for team in pair}
    for table, (winners, losers) in enumerate(played, 1):
        assert moves_after(table, count) == Moves(winners=seated[winners], losers=seated[losers])


def test_moves_of_the_kings_table_and_the_others():
    assert moves_after(1, 4) == Moves(winners=1, losers=4)
    assert moves_after(2, 4) == Moves(winners=1, losers=2)
    assert moves_after(4, 4) == Moves(winners=3, losers=4)
    assert moves_after(1, 1) == Moves(winners=1, losers=1)
    for table, tables in ((0, 3), (4, 3), (1, 0)):
        with pytest.raises(ValueError):
            moves_after(table, tables)


def test_a_summary_reads_the_winner_first_and_each_roll_off():
    plain = summary(result((23, 17), 0))
    assert plain is not None and (plain.won, plain.lost, plain.rolloffs) == (23, 17, ())
    assert plain.winners == (0, 2) and plain.losers == (1, 3)
    tied = summary(result((15, 15), 1, rolloff=((3, 0), (3, 4))))
    assert tied is not None and tied.winners == (1, 3)
    assert tied.rolloffs == ((3, 3), (4, 0))  # the winners' points first
    assert summary(None) is None
    assert summary({"valid": False, "winner": 0}) is None
    assert summary({"winner": None, "teams": [[0, 2], [1, 3]], "scores": [1, 2]}) is None
    assert summary({"winner": 0, "teams": [[0, 2]], "scores": [1, 2]}) is None


def test_the_result_in_one_sentence_in_english_and_dutch():
    with translation.override("en"):
        assert words.result_sentence(result((23, 17), 0), NAMES) == (
            "Anna & Cor beat Bram & Dewi, 23 to 17"
        )
        assert words.result_sentence(result((15, 15), 0, ((6,), (3,))), NAMES) == (
            "Anna & Cor beat Bram & Dewi, 15 to 15 after a roll-off of 6 to 3"
        )
        assert words.result_sentence(result((15, 15), 1, ((3, 0), (3, 4))), NAMES) == (
            "Bram & Dewi beat Anna & Cor, 15 to 15 after 2 roll-offs: 3 to 3 and 4 to 0"
        )
        assert words.result_sentence(None, NAMES) == ""
    with translation.override("nl"):
        assert words.result_sentence(result((23, 17), 0), NAMES) == (
            "Anna & Cor won van Bram & Dewi, 23 tegen 17"
        )
        assert words.result_sentence(result((15, 15), 0, ((6,), (3,))), NAMES) == (
            "Anna & Cor won van Bram & Dewi, 15 tegen 15 na uitgooien met 6 tegen 3"
        )
        assert words.result_sentence(result((15, 15), 1, ((3, 0), (3, 4))), NAMES) == (
            "Bram & Dewi won van Anna & Cor, 15 tegen 15 na 2 keer uitgooien: 3 tegen 3 en "
            "4 tegen 0"
        )


def test_where_the_teams_go_after_the_round():
    with translation.override("en"):
        assert words.after_round(1, [1, 2, 3]) == (
            "After the round the winners stay at the King's table; the losers go to the "
            "lowest table, table 3."
        )
        assert words.after_round(2, [1, 2, 3]) == (
            "After the round the winners move up to the King's table; the losers stay at table 2."
        )
        assert words.after_round(3, [3, 1, 2]) == (
            "After the round the winners move up to table 2; the losers stay at table 3."
        )
        # Tables numbered with a gap: the movement goes by the tables there are.
        assert words.after_round(5, [1, 2, 5]) == (
            "After the round the winners move up to table 2; the losers stay at table 5."
        )
        assert words.after_round(1, [1]) == (
            "After the round both teams stay at this table; the winners roll first."
        )
        assert words.after_round(4, [1, 2, 3]) == ""
    with translation.override("nl"):
        assert words.after_round(1, [1, 2]) == (
            "Na de ronde blijven de winnaars aan de koningstafel; de verliezers gaan naar de "
            "laagste tafel, tafel 2."
        )
        assert words.after_round(2, [1, 2]) == (
            "Na de ronde gaan de winnaars een tafel omhoog, naar de koningstafel; de "
            "verliezers blijven aan tafel 2."
        )


def test_who_rolls_first_says_moved_only_when_a_team_moved():
    with translation.override("en"):
        assert words.roll_order(True, moved=True) == "rolls first"
        assert words.roll_order(False, moved=True) == "moved here, rolls second"
        assert words.roll_order(False, moved=False) == "rolls second"
        assert words.order_note(False, first_round=True) == (
            "The night's first round: the team named first rolls first."
        )
        assert "not seated by the last round's results" in words.order_note(
            False, first_round=False
        )
        assert "the team that moved here rolls second" in words.order_note(True, False)
    with translation.override("nl"):
        assert words.roll_order(False, moved=True) == "doorgeschoven, gooit als tweede"
        assert words.roll_order(False, moved=False) == "gooit als tweede"
        assert "doorgeschoven" not in words.order_note(False, first_round=True)
