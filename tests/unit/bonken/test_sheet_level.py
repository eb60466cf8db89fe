"""A paper score sheet as seed 000's: contracts as rows with each player's score, no order,
chooser or doubles (the document's ``sheet``)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bonken.rules import GAME, RULESETS, score_session
from tests.documents import classic_document
from tests.unit.bonken.strategies import sessions


def sheet_of(document: dict[str, Any]) -> list[dict[str, Any]]:
    result = score_session(document)
    assert result.valid, result.errors
    return [{"contract": game.contract, "net": game.points} for game in result.games]


def codes(document: dict[str, Any]) -> list[tuple[str, int | None, str | None]]:
    return [(e.code, e.game, e.field) for e in score_session(document).errors]


def test_a_complete_sheet_in_any_order_gives_the_sessions_totals_and_no_choosers():
    played = score_session(classic_document())
    rows = sheet_of(classic_document())[::-1]
    result = GAME.score({"sheet": rows, "totals": played.totals})
    assert result.valid and result.complete
    assert result.totals == played.totals and result.placements == played.placements
    assert {game.level for game in result.games} == {"sheet"}
    assert [game.chooser for game in result.games] == [None] * 12  # none invented
    assert result.hint() == {}
    parts = result.parts()
    assert [part.actor for part in parts] == [None] * 12
    assert parts[0].kind == rows[0]["contract"] and parts[0].data == {"net": rows[0]["net"]}


def test_a_partial_sheet_is_valid_and_offers_the_contracts_not_on_it():
    rows = sheet_of(classic_document())[:5]
    result = score_session({"sheet": rows})
    assert result.valid and not result.complete and result.next_chooser is None
    # The first five games are the four plus contracts and hearts: only minus ones are left.
    assert set(result.available_contracts) == {
        c.code for c in RULESETS["classic"].minus_contracts
    } - {"hearts"}


def test_what_can_be_checked_is_checked():
    rows = sheet_of(classic_document())
    # A row no deal and doubling could give; a contract twice; a row without scores.
    king = next(r for r in rows if r["contract"] == "king_of_hearts")
    sheet = [
        {"contract": "king_of_hearts", "net": [-500, 400, 0, 0]},
        king,
        {"contract": "hearts"},
        {"contract": "nope", "net": [0, 0, 0, 0]},
    ]
    assert codes({"sheet": sheet}) == [
        ("net_impossible", 1, "net"),
        ("contract_repeated", 2, "contract"),
        ("level_missing", 3, "net"),
        ("unknown_contract", 4, "contract"),
    ]
    # Five plus contracts: the four players choose four.
    plus = [{"contract": c.code, "net": [260, 0, 0, 0]} for c in RULESETS["classic"].plus_contracts]
    assert codes({"sheet": plus}) == [("sheet_plus_contracts", None, "sheet")]
    # A complete sheet with totals that do not match.
    assert codes({"sheet": rows, "totals": [0, 0, 0, 0]}) == [("totals_mismatch", None, "totals")]
    # Not with games, not a list, not too long.
    assert codes({"sheet": rows, "games": classic_document()["games"]}) == [
        ("sheet_and_games", None, "sheet")
    ]
    assert codes({"sheet": {"hearts": [0, 0, 0, -130]}}) == [("sheet_type", None, "sheet")]
    assert codes({"sheet": ["hearts"]}) == [("sheet_row_type", 1, "sheet")]
    thirteen = [*rows, {"contract": "no_trumps", "net": [0, 0, 0, 260]}]
    assert codes({"sheet": thirteen})[0] == ("too_many_games", 13, "sheet")


def test_the_plus_contracts_on_a_sheet_are_counted():
    rows = sheet_of(classic_document())
    minus = [
        row
        for row in rows
        if row["contract"] not in {c.code for c in RULESETS["classic"].plus_contracts}
    ]
    # The eight minus contracts alone are a partial sheet; twelve rows with five plus
    # contracts are one plus contract too many.
    assert score_session({"sheet": minus}).valid
    five_plus = [
        *minus[:7],
        *[{"contract": c.code, "net": [260, 0, 0, 0]} for c in RULESETS["classic"].plus_contracts],
    ]
    assert ("sheet_plus_contracts", None, "sheet") in codes({"sheet": five_plus})


@pytest.mark.parametrize("code", ["classic", "eleven"])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_any_played_session_copied_as_a_sheet_validates_to_the_same_totals(code, data):
    """The invariant: the rows of any valid complete session, in any order, make a valid
    complete sheet with the same totals."""
    ruleset = RULESETS[code]
    document, _ = data.draw(sessions(ruleset, levels=("counts", "points", "net")))
    played = score_session(document)
    assert played.valid
    rows = data.draw(
        st.permutations([{"contract": g.contract, "net": g.points} for g in played.games])
    )
    sheet = score_session({"ruleset": code, "sheet": rows, "totals": played.totals})
    assert sheet.valid and sheet.complete, sheet.errors
    assert sheet.totals == played.totals
