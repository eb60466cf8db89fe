"""Bonken's part of the statistics: the games of a stored result as the statistics read them
(``ranking.stats.figures.Deal``: contract, chooser, base points, doubles) and the contracts'
names."""

from __future__ import annotations

from typing import Any

from games.bonken.rules.builtin import RULESETS
from ranking.stats.figures import Deal


def deals(result: Any) -> tuple[Deal, ...]:
    """The games of a stored Bonken result (``games.bonken.rules.results.GameResult.to_dict``)."""
    found = []
    for game in (result or {}).get("games") or []:
        base = game.get("base")
        found.append(
            Deal(
                contract=game["contract"],
                chooser=game["chooser"],
                base=tuple(base) if base is not None else None,
                points=tuple(game["points"]),
                doubles=tuple((a, b) for a, b in game.get("doubles") or []),
            )
        )
    return tuple(found)


def contract_names() -> dict[str, tuple[str, str]]:
    """Every built-in contract's (English, Dutch) name by code, classic's first."""
    names: dict[str, tuple[str, str]] = {}
    for ruleset in RULESETS.values():
        for contract in ruleset.contracts:
            names.setdefault(contract.code, (contract.name, contract.name_nl))
    return names
