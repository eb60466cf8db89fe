"""Reading one game of the app's ``games.json``: its players, rounds, counts and doubles, as
seats of a Bonken table (the app's player order is the seating order, clockwise). Anything that
cannot be read raises ``Unreadable`` naming the game and round. Pure: no Django.

The app's contract names map to the classic codes in ``CONTRACTS``; mind the app's two
hearts: ``heartPoints`` is the minus contract ``hearts``, the app's ``hearts`` is
``trumps_hearts``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.bonken.sunmar.problems import Problem
from games.bonken.sunmar.times import RANGE, in_range, parse_local_time

# App contract -> (classic code, points per unit, slots: how many single-recipient slots the
# input has, or 0 for one map of counts per player).
CONTRACTS: dict[str, tuple[str, int, int]] = {
    "kingOfHearts": ("king_of_hearts", -100, 1),
    "kingsAndJacks": ("kings_jacks", -25, 0),
    "queens": ("queens", -45, 0),
    "duck": ("duck", -10, 0),
    "heartPoints": ("hearts", -10, 0),
    "seventhAndThirteenth": ("seventh_thirteenth", -50, 2),
    "finalTrick": ("last_trick", -100, 1),
    "dominoes": ("domino", -100, 1),
    "clubs": ("trumps_clubs", 20, 0),
    "diamonds": ("trumps_diamonds", 20, 0),
    "spades": ("trumps_spades", 20, 0),
    "hearts": ("trumps_hearts", 20, 0),
    "noTrump": ("no_trumps", 20, 0),
}
DOUBLE_STATES = {"doubled": 1, "redoubled": 2}
MAX_UNITS = 13  # the most units a contract has (tricks, hearts)


@dataclass(slots=True)
class SunmarRound:
    """One round read from the app: seats are the app game's player order."""

    number: int
    contract: str
    chooser: int
    unit: int
    counts: list[int]
    doubles: list[list[int]]
    stored: list[int]

    def computed(self) -> list[int]:
        """The scores after doubling, as the app's formula and the engine both compute them:
        every double (a, b) moves ``raw(a) - raw(b)`` from b to a."""
        raw = [count * self.unit for count in self.counts]
        points = list(raw)
        for doubler, target in self.doubles:
            difference = raw[doubler] - raw[target]
            points[doubler] += difference
            points[target] -= difference
        return points


class Unreadable(Exception):
    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


def unreadable(where: str, en: str, nl: str) -> Unreadable:
    return Unreadable(
        Problem("game_unreadable", f"Game {where} {en}.", f"Spel {where} {nl}.", where)
    )


def names_if_any(raw: Any) -> list[str]:
    players = raw.get("players") if isinstance(raw, dict) else None
    if not isinstance(players, list):
        return []
    return [p["name"] for p in players if isinstance(p, dict) and isinstance(p.get("name"), str)]


def read_players(raw: dict[str, Any], where: str) -> tuple[dict[str, int], list[str]]:
    """The players' seats by app id, and their names in seating order."""
    players = raw.get("players")
    if not (
        isinstance(players, list)
        and len(players) == 4
        and all(
            isinstance(p, dict)
            and isinstance(p.get("id"), str)
            and isinstance(p.get("name"), str)
            and p["name"].strip()
            for p in players
        )
    ):
        raise unreadable(
            where,
            "does not have four players with an id and a name",
            "heeft geen vier spelers met een id en een naam",
        )
    names = [p["name"].strip()[:100] for p in players]
    ids = {p["id"]: seat for seat, p in enumerate(players)}
    if len(ids) < 4 or len({n.casefold() for n in names}) < 4:
        raise unreadable(
            where,
            "has two players with the same id or name",
            "heeft twee spelers met hetzelfde id of dezelfde naam",
        )
    return ids, names


def read_local_time(value: Any, where: str) -> datetime:
    parsed = parse_local_time(value)
    if parsed is None or not in_range(parsed):
        raise unreadable(
            where,
            f"has no valid scoredAt time (a local time within {RANGE})",
            f"heeft geen geldige tijd scoredAt (een lokale tijd binnen {RANGE})",
        )
    return parsed


def read_round(raw: Any, number: int, ids: dict[str, int], where: str) -> SunmarRound:
    bad = unreadable(
        where,
        "cannot be read (contract, chooser, scores or counts)",
        "kan niet worden gelezen (contract, kiezer, scores of aantallen)",
    )
    if not isinstance(raw, dict) or type(raw.get("roundNumber")) is not int:
        raise bad
    game_id, chooser_id = raw.get("gameId"), raw.get("chooserId")
    contract = CONTRACTS.get(game_id) if isinstance(game_id, str) else None
    chooser = ids.get(chooser_id) if isinstance(chooser_id, str) else None
    scores = raw.get("scores")
    given = raw.get("input")
    counts_raw = given.get("counts") if isinstance(given, dict) else None
    if (
        raw["roundNumber"] != number
        or contract is None
        or chooser is None
        or not isinstance(scores, dict)
        or set(scores) != set(ids)
        or any(type(v) is not int for v in scores.values())
        or not isinstance(counts_raw, list)
        or not all(
            isinstance(m, dict)
            and set(m) <= set(ids)
            and all(type(v) is int and 0 <= v <= MAX_UNITS for v in m.values())
            for m in counts_raw
        )
    ):
        raise bad
    code, unit, slots = contract
    counts = [0, 0, 0, 0]
    if slots:
        if len(counts_raw) != slots:
            raise bad
        for slot in counts_raw:  # {} or {playerId: 1}: who took the card or trick
            for player_id in slot:
                counts[ids[player_id]] += 1
    else:
        if len(counts_raw) != 1:
            raise bad
        for player_id, count in counts_raw[0].items():
            counts[ids[player_id]] = count
    stored = [0, 0, 0, 0]
    for player_id, score in scores.items():
        stored[ids[player_id]] = score
    return SunmarRound(
        number,
        code,
        chooser,
        unit,
        counts,
        read_doubles(raw.get("doublesJson"), ids, where),
        stored,
    )


def read_doubles(raw: Any, ids: dict[str, int], where: str) -> list[list[int]]:
    """``{"<a>,<b>": {"state", "initiator"}}`` as directed pairs: doubled is
    [initiator, other], redoubled adds [other, initiator]."""
    if raw is None:
        return []
    bad = unreadable(
        f"{where}.doublesJson",
        "is not a valid set of doubles",
        "is geen geldige verzameling doublementen",
    )
    if not isinstance(raw, dict):
        raise bad
    pairs: list[list[int]] = []
    for key, value in sorted(raw.items()):
        first, _comma, second = key.partition(",")
        if (
            first not in ids
            or second not in ids
            or first >= second
            or not isinstance(value, dict)
            or not isinstance(value.get("state"), str)
            or value["state"] not in DOUBLE_STATES
            or value.get("initiator") not in (first, second)
        ):
            raise bad
        initiator = ids[value["initiator"]]
        other = ids[second] if value["initiator"] == first else ids[first]
        pairs.append([initiator, other])
        if value["state"] == "redoubled":
            pairs.append([other, initiator])
    return pairs
