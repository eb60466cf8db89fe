"""What a table's phone needs to add the hands that wait to be sent to the chips it shows
(``bonanza/forecast.js``): the ante and the poker stake of the event's ruleset, the board's
sections and what the saved hands left on them, and who dealt first. The server stays the
judge: the page marks those totals as not yet sent, every hand is scored by ``games.bonanza.rules``
when it arrives, and a browser test checks that the script's sums equal the rules' on every
sample session."""

from __future__ import annotations

from typing import Any

from games.bonanza.rules.rulesets import SECTIONS, SHOWN, Ruleset


def forecast_data(ruleset: Ruleset, result: dict[str, Any]) -> dict[str, Any]:
    """The saved chips, the ruleset's stakes, the board as the saved hands left it and who
    dealt first (None before the first hand: the table picks the dealer with it)."""
    board = result.get("board") or {}
    return {
        "saved": result.get("totals") or [],
        "ante": ruleset.ante,
        "stake": ruleset.poker_stake,
        "sections": list(SECTIONS),
        "shown": list(SHOWN),
        "board": {code: board.get(code, 0) for code in SECTIONS},
        "firstDealer": result.get("first_dealer") if result.get("hands") else None,
    }
