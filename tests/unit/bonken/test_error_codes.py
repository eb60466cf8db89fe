"""Every error code, at least once: a document that triggers it, and where it points."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games.bonken.rules import SessionResult, score_session
from games.bonken.rules.messages import MESSAGES

README = Path(__file__).resolve().parents[3] / "games" / "bonken" / "rules" / "README.md"


def hearts(chooser: int = 0, **extra: Any) -> dict[str, Any]:
    return {"contract": "hearts", "chooser": chooser, "counts": [3, 4, 5, 1], **extra}


def game(contract: str, chooser: int, counts: Any, **extra: Any) -> dict[str, Any]:
    return {"contract": contract, "chooser": chooser, "counts": counts, **extra}


# A complete classic session (passing rotation, seat 3 passed for game 11).
CLASSIC = [
    game("hearts", 0, [3, 4, 5, 1]),
    game("trumps_spades", 1, [2, 4, 2, 5]),
    game("no_trumps", 2, [3, 2, 6, 2]),
    game("kings_jacks", 3, [2, 3, 1, 2]),
    game("queens", 0, [1, 0, 2, 1]),
    game("duck", 1, [4, 2, 3, 4]),
    game("domino", 2, [0, 0, 0, 1]),
    game("king_of_hearts", 3, [0, 1, 0, 0]),
    game("seventh_thirteenth", 0, [1, 0, 1, 0]),
    game("last_trick", 1, [0, 0, 1, 0]),
    game("trumps_clubs", 3, [3, 3, 3, 4]),
    game("trumps_hearts", 0, [5, 3, 2, 3]),
]


def replaced(number: int, new: dict[str, Any]) -> list[dict[str, Any]]:
    return [new if index == number - 1 else g for index, g in enumerate(CLASSIC)]


# code -> (document, expected game, expected field)
CASES: dict[str, tuple[Any, int | None, str | None]] = {
    "document_type": ([1, 2], None, None),
    "unknown_field": ({"games": [], "players": []}, None, "players"),
    "unknown_ruleset": ({"ruleset": "whist"}, None, "ruleset"),
    "wrong_game": ({"game": "jonkler"}, None, "game"),
    "seats_type": ({"seats": ["Anna", "Bram", ""]}, None, "seats"),
    "games_type": ({"games": {"1": hearts()}}, None, "games"),
    "too_many_games": ({"games": [*CLASSIC, hearts(1)]}, 13, "games"),
    "totals_type": ({"totals": "0,0,0,0"}, None, "totals"),
    "totals_mismatch": ({"games": [hearts()], "totals": [0, 0, 0, 0]}, None, "totals"),
    "totals_out_of_range": ({"totals": [100_000, -100_000, 0, 0]}, None, "totals"),
    "not_zero_sum": ({"totals": [100, 0, 0, 0]}, None, "totals"),
    "too_many_errors": ({"games": [{f"x{i}": 0 for i in range(300)}]}, None, None),
    "game_type": ({"games": [hearts(), "trumps_spades"]}, 2, None),
    "contract_missing": ({"games": [{"chooser": 0, "counts": [3, 4, 5, 1]}]}, 1, "contract"),
    "unknown_contract": ({"games": [game("whist", 0, [3, 4, 5, 1])]}, 1, "contract"),
    "contract_repeated": ({"games": [hearts(0), hearts(1)]}, 2, "contract"),
    "chooser_missing": ({"games": [{"contract": "hearts", "counts": [3, 4, 5, 1]}]}, 1, "chooser"),
    "chooser_type": ({"games": [hearts("0")]}, 1, "chooser"),  # type: ignore[arg-type]
    "chooser_out_of_range": ({"games": [hearts(4)]}, 1, "chooser"),
    "wrong_chooser": ({"games": [hearts(0), game("queens", 2, [1, 1, 1, 1])]}, 2, "chooser"),
    "plus_contract_twice": (
        {
            "games": [
                game("trumps_spades", 0, [4, 3, 3, 3]),
                game("queens", 1, [1, 1, 1, 1]),
                game("duck", 2, [4, 3, 3, 3]),
                game("domino", 3, [1, 0, 0, 0]),
                game("no_trumps", 0, [4, 3, 3, 3]),
            ]
        },
        5,
        "contract",
    ),
    "minus_quota_exceeded": ("quota", 9, "contract"),
    "missing_plus_contract": (
        {"games": replaced(12, game("trumps_hearts", 1, [5, 3, 2, 3]))},
        None,
        "games",
    ),
    "level_missing": ({"games": [{"contract": "hearts", "chooser": 0}]}, 1, "counts"),
    "level_ambiguous": ({"games": [hearts(points=[-30, -40, -50, -10])]}, 1, "points"),
    "counts_type": ({"games": [game("hearts", 0, [3, 4, 5])]}, 1, "counts"),
    "counts_negative": ({"games": [game("hearts", 0, [-1, 4, 5, 5])]}, 1, "counts"),
    "counts_sum": ({"games": [game("hearts", 0, [3, 4, 5, 2])]}, 1, "counts"),
    "counts_kind_unknown": (
        {
            "ruleset": "eleven",
            "games": [game("men", 0, {"kings": [1, 1, 1, 1], "jacks": [1, 1, 1, 1], "aces": []})],
        },
        1,
        "counts.aces",
    ),
    "counts_kind_missing": (
        {"ruleset": "eleven", "games": [game("men", 0, {"kings": [1, 1, 1, 1]})]},
        1,
        "counts.jacks",
    ),
    "points_type": (
        {"games": [{"contract": "hearts", "chooser": 0, "points": "-130"}]},
        1,
        "points",
    ),
    "net_type": (
        {"games": [{"contract": "hearts", "chooser": 0, "net": [1.5, 0, 0, 0]}]},
        1,
        "net",
    ),
    "points_out_of_range": (
        {"games": [{"contract": "hearts", "chooser": 0, "points": [-140, 10, 0, 0]}]},
        1,
        "points",
    ),
    "sheet_type": ({"sheet": {"hearts": [0, 0, 0, -130]}}, None, "sheet"),
    "sheet_row_type": ({"sheet": ["hearts"]}, 1, "sheet"),
    "sheet_and_games": (
        {"sheet": [], "games": [{"contract": "hearts", "chooser": 0, "counts": [13, 0, 0, 0]}]},
        None,
        "sheet",
    ),
    "sheet_plus_contracts": (
        {
            "sheet": [
                {"contract": code, "net": [260, 0, 0, 0]}
                for code in (
                    "trumps_spades",
                    "trumps_hearts",
                    "trumps_diamonds",
                    "trumps_clubs",
                    "no_trumps",
                )
            ]
        },
        None,
        "sheet",
    ),
    "net_impossible": (  # the example: no one gains 400 from a King of hearts
        {"games": [{"contract": "king_of_hearts", "chooser": 0, "net": [-500, 400, 0, 0]}]},
        1,
        "net",
    ),
    "net_out_of_range": (
        {"games": [{"contract": "hearts", "chooser": 0, "net": [-1000, 870, 0, 0]}]},
        1,
        "net",
    ),
    "game_total": (
        {"games": [{"contract": "hearts", "chooser": 0, "net": [-30, -40, -50, 0]}]},
        1,
        "net",
    ),
    "not_multiple_of_unit": (
        {"games": [{"contract": "queens", "chooser": 0, "points": [-90, -80, -10, 0]}]},
        1,
        "points",
    ),
    "doubles_type": ({"games": [hearts(doubles={"1": 0})]}, 1, "doubles"),
    "too_many_doubles": ({"games": [hearts(doubles=[[1, 2]] * 13)]}, 1, "doubles"),
    "double_seat_out_of_range": ({"games": [hearts(doubles=[[1, 2], [1, 4]])]}, 1, "doubles[1]"),
    "self_double": ({"games": [hearts(doubles=[[2, 2]])]}, 1, "doubles[0]"),
    "double_repeated": ({"games": [hearts(doubles=[[1, 2], [3, 0], [1, 2]])]}, 1, "doubles[2]"),
    "chooser_may_only_double_back": (
        {"games": [hearts(doubles=[[1, 0], [0, 1], [0, 2]])]},
        1,
        "doubles[2]",
    ),
}

QUOTA_GAMES = [
    game("hearts", 0, [4, 3, 3, 3]),
    game("duck", 1, [4, 3, 3, 3]),
    game("queens", 2, [1, 1, 1, 1]),
    game("domino", 3, [1, 0, 0, 0]),
    game("last_trick", 0, [1, 0, 0, 0]),
    game("kings_jacks", 1, [2, 2, 2, 2]),
    game("seventh_thirteenth", 2, [1, 1, 0, 0]),
    game("king_of_hearts", 3, [1, 0, 0, 0]),
    # Seat 0 already chose hearts and last_trick: a third minus contract is one too many.
    game("king_of_hearts", 0, [1, 0, 0, 0]),
]


def _result(code: str) -> SessionResult:
    document, _, _ = CASES[code]
    if document == "quota":
        from tests.unit.bonken.strategies import HOUSE_RULESETS

        quota = next(r for r in HOUSE_RULESETS if r.code == "house_quota")
        return score_session({"games": QUOTA_GAMES}, ruleset=quota)
    return score_session(document)


@pytest.mark.parametrize("code", sorted(CASES))
def test_error_code(code: str) -> None:
    _, number, field = CASES[code]
    result = _result(code)
    assert not result.valid
    matching = [error for error in result.errors if error.code == code]
    assert matching, [error.code for error in result.errors]
    error = matching[0]
    if code != "too_many_errors":
        assert (error.game, error.field) == (number, field)
    assert error.message and error.message_nl and error.message != error.message_nl
    assert "{" not in error.message + error.message_nl
    assert result.to_dict()["errors"][result.errors.index(error)] == {
        "code": code,
        "message": error.message,
        "message_nl": error.message_nl,
        "game": error.game,
        "field": error.field,
    }


def test_not_multiple_of_unit_for_games_and_totals() -> None:
    queens = {"contract": "queens", "chooser": 0, "points": [-90, -80, -10, 0]}
    errors = score_session({"games": [queens]}).errors
    assert [(e.code, e.game, e.field) for e in errors] == [("not_multiple_of_unit", 1, "points")]
    assert "(seats 2 and 3)" in errors[0].message  # seats counted from 1 for a person
    assert "(stoelen 2 en 3)" in errors[0].message_nl
    totals = score_session({"totals": [12, -12, 0, 0]}).errors
    assert [(e.code, e.game, e.field) for e in totals] == [("not_multiple_of_unit", None, "totals")]


def test_every_code_is_covered_and_documented() -> None:
    codes = {key.split("/")[0] for key in MESSAGES}
    assert codes == set(CASES)
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", README.read_text(), flags=re.MULTILINE))
    assert documented == codes


def test_the_codes_named_by_the_rules_exist() -> None:
    named = {
        "contract_repeated",
        "counts_sum",
        "wrong_chooser",
        "plus_contract_twice",
        "chooser_may_only_double_back",
        "double_repeated",
        "not_zero_sum",
    }
    assert named <= set(CASES)


def test_all_problems_are_reported_at_once() -> None:
    games = [
        game("hearts", 0, [3, 4, 5, 2], doubles=[[0, 1]]),
        game("hearts", 1, [1, 4, 4, 4], doubles=[[2, 2]]),
    ]
    result = score_session({"ruleset": "classic", "seats": [1, 2, 3, 0], "games": games})
    assert [(e.code, e.game) for e in result.errors] == [
        ("seats_type", None),
        ("counts_sum", 1),
        ("chooser_may_only_double_back", 1),
        ("contract_repeated", 2),
        ("self_double", 2),
    ]


def test_messages_name_the_players_or_count_seats_from_one() -> None:
    """A person reads the messages: players by name when the document (or the table) names
    them, else seats counted from 1; never a seat counted from 0."""
    games = [
        {"contract": "hearts", "chooser": 0, "counts": [3, 4, 5, 1]},
        {"contract": "queens", "chooser": 2, "counts": [1, 1, 1, 1], "doubles": [[2, 3]]},
    ]
    plain = score_session({"games": games}).errors
    assert [e.code for e in plain] == ["wrong_chooser", "chooser_may_only_double_back"]
    assert plain[0].message == "Seat 2 chooses this game, not seat 3."
    assert plain[0].message_nl == "Stoel 2 kiest dit spel, niet stoel 3."
    named = score_session({"seats": ["Anna", "Bram", "Cees", "Daan"], "games": games}).errors
    assert named[0].message == "Bram chooses this game, not Cees."
    assert named[1].message_nl == (
        "Cees koos dit spel en mag alleen terugdubbelen, maar Daan heeft Cees niet gedubbeld."
    )
    table = score_session({"games": games}, names=["A", "B", "C", "D"]).errors
    assert table[0].message == "B chooses this game, not C."
    for error in plain + named:
        assert "seat 0" not in error.message.lower() and "stoel 0" not in error.message_nl


def test_seats_name_the_players_by_name_or_by_id() -> None:
    """A seat is a player's name or their id (which a table tells apart; the service holds
    the list to the table's players). Ids name nobody in a message: seats are counted."""
    games = [
        {"contract": "hearts", "chooser": 0, "counts": [3, 4, 5, 1]},
        {"contract": "queens", "chooser": 2, "counts": [1, 1, 1, 1]},
    ]
    for seats in ([12, 7, 31, 4], ["Anna", 7, "Cees", 4]):
        result = score_session({"seats": seats, "games": games})
        assert [e.code for e in result.errors] == ["wrong_chooser"], seats
        assert result.errors[0].message == "Seat 2 chooses this game, not seat 3."
    for seats in ([12, 7, 31, 0], [12, 7, 31, True], ["Anna", " ", "Cees", "Daan"], [1.5] * 4):
        result = score_session({"seats": seats, "games": []})
        assert [e.code for e in result.errors] == ["seats_type"], seats
