"""Session documents for tests, written out by hand so a test shows what it sends."""

from typing import Any

PLUS = ["trumps_spades", "trumps_hearts", "trumps_diamonds", "trumps_clubs"]
MINUS_COUNTS = [
    ("hearts", [3, 4, 5, 1]),
    ("kings_jacks", [2, 2, 2, 2]),
    ("king_of_hearts", [1, 0, 0, 0]),
    ("queens", [1, 1, 1, 1]),
    ("duck", [4, 3, 3, 3]),
    ("domino", [0, 1, 0, 0]),
    ("seventh_thirteenth", [1, 1, 0, 0]),
    ("last_trick", [0, 0, 1, 0]),
]


def classic_games() -> list[dict[str, Any]]:
    """Twelve classic games: each seat chooses a plus contract first, then two minus ones."""
    games: list[dict[str, Any]] = []
    for seat, contract in enumerate(PLUS):
        counts = [3, 3, 3, 3]
        counts[seat] = 4
        games.append({"contract": contract, "chooser": seat, "counts": counts, "doubles": []})
    for index, (contract, counts) in enumerate(MINUS_COUNTS):
        games.append({"contract": contract, "chooser": index % 4, "counts": counts, "doubles": []})
    # Some doubling, as tables do: seat 1 doubles the chooser, who doubles back.
    games[4]["doubles"] = [[1, 0], [0, 1], [2, 3]]
    return games


def classic_document(games: int = 12) -> dict[str, Any]:
    return {"ruleset": "classic", "games": classic_games()[:games]}
