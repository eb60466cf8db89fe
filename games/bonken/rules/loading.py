"""Rulesets to and from JSON-able dicts (house rules are stored and exchanged this way).

The dict form::

    {"code": "house", "name": "...", "name_nl": "...", "rotation": "passing",
     "plus_per_player": 1,                      # optional, default 1
     "minus_per_player": 2,                     # quota rotation only, default 2
     "games_per_session": 12,                   # optional; checked if given
     "contracts": [
        {"code": "hearts", "name": "Points of Hearts", "name_nl": "Hartenjagen",
         "sign": "minus", "value": -10, "units": 13,
         "unit_name": "hearts", "unit_name_nl": "harten"},          # unit names optional
        {"code": "men", "name": "No Men", "name_nl": "Heren en boeren", "sign": "minus",
         "card_kinds": [{"code": "kings", "name": "Kings", "name_nl": "Heren",
                         "value": -20, "units": 4}, ...]}]}

``value`` is signed (negative for minus contracts). ``sign`` may be left out, it then follows
from the values. Unknown keys are refused, so a misspelt key never silently changes scoring.
"""

from __future__ import annotations

from typing import Any, cast

from games.bonken.rules.errors import RulesetError
from games.bonken.rules.rulesets import CardKind, Contract, Ruleset, show

_RULESET_KEYS = {
    "code",
    "name",
    "name_nl",
    "rotation",
    "contracts",
    "plus_per_player",
    "minus_per_player",
    "games_per_session",
}
_CONTRACT_KEYS = {
    "code",
    "name",
    "name_nl",
    "sign",
    "value",
    "units",
    "card_kinds",
    "unit_name",
    "unit_name_nl",
}
_KIND_KEYS = {"code", "name", "name_nl", "value", "units"}


def _mapping(
    data: object, what: str, allowed: set[str], required: tuple[str, ...]
) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise RulesetError(f"{what} must be an object")
    unknown = [key for key in data if key not in allowed]
    if unknown:
        names = ", ".join(show(key) for key in unknown[:5])
        keys = "unknown key" if len(unknown) == 1 else "unknown keys"
        raise RulesetError(f"{what}: {keys} {names}")
    missing = [key for key in required if key not in data]
    if missing:
        raise RulesetError(f"{what}: missing {', '.join(missing)}")
    return data


def _label(data: dict[str, Any], what: str) -> str:
    code = data.get("code")
    return f"{what} {show(code)}" if isinstance(code, str) else what


def _card_kind(data: object, owner: str) -> CardKind:
    what = f"{owner}: card kind"
    data = _mapping(data, what, _KIND_KEYS, ("code", "name", "name_nl", "value", "units"))
    return CardKind(
        code=data["code"],
        name=data["name"],
        name_nl=data["name_nl"],
        value=data["value"],
        units=data["units"],
    )


def _contract(data: object) -> Contract:
    data = _mapping(data, "contract", _CONTRACT_KEYS, ("code", "name", "name_nl"))
    what = _label(data, "contract")
    raw_kinds = data.get("card_kinds")
    if raw_kinds is not None:
        if not isinstance(raw_kinds, list) or not 1 <= len(raw_kinds) <= 8:
            raise RulesetError(f"{what}: card_kinds must be a list of 1 to 8 card kinds")
        if "value" in data or "units" in data:
            raise RulesetError(f"{what}: give either value and units or card_kinds, not both")
        kinds = tuple(_card_kind(kind, what) for kind in raw_kinds)
        value = None
        units = sum(kind.units for kind in kinds)
        first = kinds[0].value
    else:
        if "value" not in data or "units" not in data:
            raise RulesetError(f"{what}: needs value and units (or card_kinds)")
        kinds = ()
        value = data["value"]
        units = data["units"]
        first = value
    sign = data.get("sign")
    if sign is None and isinstance(first, int) and not isinstance(first, bool):
        sign = "minus" if first < 0 else "plus"
    return Contract(
        code=data["code"],
        name=data["name"],
        name_nl=data["name_nl"],
        sign=cast(str, sign),  # the Contract refuses a sign that is not "plus" or "minus"
        value=value,
        units=units,
        card_kinds=kinds,
        unit_name=data.get("unit_name", ""),
        unit_name_nl=data.get("unit_name_nl", ""),
    )


def ruleset_from_dict(data: object) -> Ruleset:
    """Build a ruleset from its dict form; RulesetError says what is wrong if it cannot."""
    data = _mapping(
        data, "ruleset", _RULESET_KEYS, ("code", "name", "name_nl", "rotation", "contracts")
    )
    raw_contracts = data["contracts"]
    if not isinstance(raw_contracts, list):
        raise RulesetError("contracts must be a list of contracts")
    if len(raw_contracts) > 64:
        raise RulesetError("a ruleset has 1 to 64 contracts")
    rotation = data["rotation"]
    minus_each = data.get("minus_per_player")
    if rotation == "quota" and minus_each is None:
        minus_each = 2
    ruleset = Ruleset(
        code=data["code"],
        name=data["name"],
        name_nl=data["name_nl"],
        rotation=rotation,
        contracts=tuple(_contract(contract) for contract in raw_contracts),
        plus_per_player=data.get("plus_per_player", 1),
        minus_per_player=minus_each,
    )
    expected = data.get("games_per_session")
    if expected is not None and expected != ruleset.games_per_session:
        raise RulesetError(
            f"games_per_session is {show(expected)}, but these contracts and this rotation "
            f"make a session of {ruleset.games_per_session} games"
        )
    return ruleset


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """The dict form of a ruleset (see the module docstring)."""
    contracts = []
    for contract in ruleset.contracts:
        item: dict[str, Any] = {
            "code": contract.code,
            "name": contract.name,
            "name_nl": contract.name_nl,
            "sign": contract.sign,
        }
        if contract.card_kinds:
            item["card_kinds"] = [
                {
                    "code": kind.code,
                    "name": kind.name,
                    "name_nl": kind.name_nl,
                    "value": kind.value,
                    "units": kind.units,
                }
                for kind in contract.card_kinds
            ]
        else:
            item["value"] = contract.value
            item["units"] = contract.units
        if contract.unit_name:
            item["unit_name"] = contract.unit_name
        if contract.unit_name_nl:
            item["unit_name_nl"] = contract.unit_name_nl
        contracts.append(item)
    data: dict[str, Any] = {
        "code": ruleset.code,
        "name": ruleset.name,
        "name_nl": ruleset.name_nl,
        "rotation": ruleset.rotation,
        "plus_per_player": ruleset.plus_per_player,
    }
    if ruleset.minus_per_player is not None:
        data["minus_per_player"] = ruleset.minus_per_player
    data["games_per_session"] = ruleset.games_per_session
    data["contracts"] = contracts
    return data
