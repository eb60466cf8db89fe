"""Score sheets for display: a session's games as rows, and the blank sheet to print.

Only presentation: the points come from the engine's stored result, the contracts and their
names from the ruleset.
"""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.view_helpers import dutch, short_names  # noqa: F401 (the sheet's short names)
from games.bonken.rules import Ruleset, get_ruleset
from games.bonken.rules.rulesets import Contract
from tournaments.house_rules import event_ruleset

# Short marks for the first column of a paper score sheet, as on the club's own sheet.
SYMBOLS = {
    "hearts": "♥P",
    "kings_jacks": "HB",
    "men": "HB",
    "king_of_hearts": "♥H",
    "queens": "V",
    "duck": "B",
    "domino": "D",
    "seventh_thirteenth": "7/13",
    "last_trick": "LS",
    "trumps_spades": "♠",
    "trumps_hearts": "♥",
    "trumps_diamonds": "♦",
    "trumps_clubs": "♣",
    "no_trumps": "ZT",
}


def ruleset_or_none(code: str) -> Ruleset | None:
    try:
        return get_ruleset(code)
    except KeyError:
        return None


def event_ruleset_or_none(event: Any) -> Ruleset | None:
    """The Bonken ruleset an event plays: a built-in one, or the club's house ruleset."""
    try:
        house = event_ruleset(event.club_id, event.game, event.ruleset)
    except ServiceError:
        return None
    return house if house is not None else ruleset_or_none(event.ruleset)


def contract_name(contract: Contract) -> str:
    return contract.name_nl if dutch() else contract.name


def contract_label(ruleset: Ruleset | None, code: str) -> str:
    if ruleset is None or code not in ruleset.by_code:
        return code
    return contract_name(ruleset.by_code[code])


def value_text(contract: Contract) -> str:
    """What one unit is worth: "-10", or "-20/-10" for card kinds."""
    if contract.card_kinds:
        return "/".join(f"{kind.value:+d}" for kind in contract.card_kinds)
    return f"{contract.value:+d}"


@dataclass
class SheetRow:
    number: int
    code: str
    contract: str
    symbol: str
    chooser: int | None  # None for a paper sheet's row: the sheet does not say
    chooser_name: str
    points: list[int]
    doubles: list[str]
    level: str


def session_rows(
    result: dict[str, Any], ruleset: Ruleset | None, names: list[str]
) -> list[SheetRow]:
    """One row per game of an engine result (``result.to_dict()`` as stored)."""
    rows = []
    for game in result.get("games") or []:
        rows.append(
            SheetRow(
                number=game["number"],
                code=game["contract"],
                contract=contract_label(ruleset, game["contract"]),
                symbol=SYMBOLS.get(game["contract"], ""),
                chooser=game["chooser"],
                chooser_name="" if game["chooser"] is None else _short(names, game["chooser"]),
                points=game["points"],
                doubles=_doubles_text(game.get("doubles") or [], game["chooser"], names),
                level=game.get("level", ""),
            )
        )
    return rows


def _doubles_text(doubles: list[list[int]], chooser: int, names: list[str]) -> list[str]:
    """Who doubled whom, as players say it: "Anna zaalt", "Bram ruitenwist", "Cees → Daan"."""
    targets: dict[int, list[int]] = {}
    for doubler, target in doubles:
        targets.setdefault(doubler, []).append(target)
    texts = []
    for doubler in sorted(targets):
        others = {seat for seat in range(4) if seat != doubler}
        doubled = set(targets[doubler])
        name = _short(names, doubler)
        if doubled == others:
            texts.append(_("%(name)s doubles all three (zalen)") % {"name": name})
        elif doubler != chooser and doubled == others - {chooser}:
            texts.append(_("%(name)s doubles both others (ruitenwissen)") % {"name": name})
        else:
            whom = ", ".join(_short(names, t) for t in sorted(doubled))
            texts.append(f"{name} → {whom}")
    return texts


def _short(names: list[str], seat: int) -> str:
    if 0 <= seat < len(names):
        return names[seat]
    return str(seat + 1)


def blank_sheet(ruleset: Ruleset) -> dict[str, list[dict[str, Any]]]:
    """The rows of an empty paper score sheet: minus contracts, then plus contracts."""

    def row(contract: Contract) -> dict[str, Any]:
        return {
            "code": contract.code,
            "symbol": SYMBOLS.get(contract.code, ""),
            "name": contract_name(contract),
            "value": value_text(contract),
        }

    return {
        "minus": [row(c) for c in ruleset.minus_contracts],
        "plus": [row(c) for c in ruleset.plus_contracts],
    }
