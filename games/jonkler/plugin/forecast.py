"""What a table's phone needs to add the rounds that wait to be sent to the totals it shows
(``jonkler/forecast.js``): what a met bid and a missed one score under the event's ruleset. The
server stays the judge: the page marks those totals as not yet sent, every round is scored by
``games.jonkler.rules`` when it arrives, and a browser test checks that the script's sums equal the
rules' on every sample session."""

from __future__ import annotations

from typing import Any

from games.jonkler.rules.rulesets import Ruleset


def forecast_data(ruleset: Ruleset, saved: list[int]) -> dict[str, Any]:
    """The saved totals and what a round scores."""
    return {
        "saved": saved,
        "metRound": ruleset.met_round_factor,
        "metBid": ruleset.met_bid_factor,
        "missTrick": ruleset.miss_trick_points,
    }
