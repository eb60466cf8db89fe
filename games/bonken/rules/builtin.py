"""The built-in rulesets, as data: ``classic`` (the club rules) and ``eleven``.

classic: 13 contracts, 8 minus (together -1040) and 5 plus (+260 each); a session plays all
minus contracts and one plus contract per seat, 12 games, with the ``passing`` rotation.

eleven: 7 minus contracts (together -520) and 5 trump options (+130 each); a session plays all
minus contracts and one trump option per seat, 11 rounds, with the ``strict`` rotation. ``men``
counts kings (-20) and jacks (-10) separately.
"""

from __future__ import annotations

from typing import Any

from games.bonken.rules.errors import RulesetError
from games.bonken.rules.loading import ruleset_from_dict
from games.bonken.rules.rulesets import Ruleset, show


def _simple(
    code: str, name: str, name_nl: str, value: int, units: int, unit: str, unit_nl: str
) -> dict[str, Any]:
    return {
        "code": code,
        "name": name,
        "name_nl": name_nl,
        "sign": "minus" if value < 0 else "plus",
        "value": value,
        "units": units,
        "unit_name": unit,
        "unit_name_nl": unit_nl,
    }


def _trumps(value: int) -> list[dict[str, Any]]:
    return [
        _simple("trumps_spades", "Spades trumps", "Schoppen troef", value, 13, "tricks", "slagen"),
        _simple("trumps_hearts", "Hearts trumps", "Harten troef", value, 13, "tricks", "slagen"),
        _simple(
            "trumps_diamonds", "Diamonds trumps", "Ruiten troef", value, 13, "tricks", "slagen"
        ),
        _simple("trumps_clubs", "Clubs trumps", "Klaveren troef", value, 13, "tricks", "slagen"),
        _simple("no_trumps", "No trumps", "Zonder troef", value, 13, "tricks", "slagen"),
    ]


CLASSIC: dict[str, Any] = {
    "code": "classic",
    "name": "Classic (club rules)",
    "name_nl": "Klassiek (clubregels)",
    "rotation": "passing",
    "plus_per_player": 1,
    "contracts": [
        _simple("hearts", "Points of Hearts", "Hartenjagen", -10, 13, "hearts", "harten"),
        _simple(
            "kings_jacks",
            "Kings/Jacks",
            "Heren en boeren",
            -25,
            8,
            "kings and jacks",
            "heren en boeren",
        ),
        _simple("king_of_hearts", "King of Hearts", "Hartenheer", -100, 1, "king", "heer"),
        _simple("queens", "Queens", "Vrouwen", -45, 4, "queens", "vrouwen"),
        _simple("duck", "Duck", "Bukken", -10, 13, "tricks", "slagen"),
        _simple("domino", "Domino", "Domino", -100, 1, "last card", "laatste kaart"),
        _simple("seventh_thirteenth", "7th/13th trick", "7e/13e slag", -50, 2, "tricks", "slagen"),
        _simple("last_trick", "Last trick", "Laatste slag", -100, 1, "trick", "slag"),
        *_trumps(20),
    ],
}

ELEVEN: dict[str, Any] = {
    "code": "eleven",
    "name": "Eleven rounds",
    "name_nl": "Elf rondes",
    "rotation": "strict",
    "plus_per_player": 1,
    "contracts": [
        _simple("duck", "Ducking", "Bukken", -5, 13, "tricks", "slagen"),
        _simple("hearts", "No Hearts", "Hartenjagen", -5, 13, "hearts", "harten"),
        {
            "code": "men",
            "name": "No Men",
            "name_nl": "Heren en boeren",
            "sign": "minus",
            "card_kinds": [
                {"code": "kings", "name": "Kings", "name_nl": "Heren", "value": -20, "units": 4},
                {"code": "jacks", "name": "Jacks", "name_nl": "Boeren", "value": -10, "units": 4},
            ],
            "unit_name": "kings and jacks",
            "unit_name_nl": "heren en boeren",
        },
        _simple("queens", "No Queens", "Vrouwen", -30, 4, "queens", "vrouwen"),
        _simple("king_of_hearts", "No King of Hearts", "Hartenheer", -50, 1, "king", "heer"),
        _simple("last_trick", "No Last", "Laatste slag", -50, 1, "trick", "slag"),
        _simple("domino", "Domino", "Domino", -50, 1, "last card", "laatste kaart"),
        *_trumps(10),
    ],
}

RULESETS: dict[str, Ruleset] = {data["code"]: ruleset_from_dict(data) for data in (CLASSIC, ELEVEN)}


def get_ruleset(code: str) -> Ruleset:
    """The built-in ruleset ``code``; RulesetError (a KeyError) if there is none."""
    ruleset = RULESETS.get(code) if isinstance(code, str) else None
    if ruleset is None:
        raise RulesetError(
            f"unknown ruleset {show(code)}; built-in rulesets: {', '.join(RULESETS)}"
        )
    return ruleset
