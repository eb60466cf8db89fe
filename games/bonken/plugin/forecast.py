"""What a table's phone needs to add the games that wait to be sent to the totals it shows
(``bonken/forecast.js``): each contract's points per unit, or per card kind, as the event's
ruleset gives them. The server stays the judge: the page marks those totals as not yet sent,
every game is scored by ``games.bonken.rules`` when it arrives, and a browser test checks that the
script's sums equal the rules' on every sample session."""

from __future__ import annotations

from typing import Any

from games.bonken.plugin.forms import taken_one_by_one
from games.bonken.rules.rulesets import Ruleset


def forecast_data(ruleset: Ruleset, saved: list[int]) -> dict[str, Any]:
    """The saved totals, and per contract code: its units, its value per unit or its card
    kinds' values, and whether the table taps who took each unit."""
    return {
        "saved": saved,
        "contracts": {
            contract.code: {
                "units": contract.units,
                "value": contract.value,
                "kinds": {kind.code: kind.value for kind in contract.card_kinds},
                "oneByOne": taken_one_by_one(contract),
            }
            for contract in ruleset.contracts
        },
    }
