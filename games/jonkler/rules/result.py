"""What scoring a Jonkler document gives: a :class:`games.seam.Outcome`.

A valid result keeps the rounds as checked (bids, tricks, the jonkled counts when recorded,
each seat's points) and works out the rest (the result document, parts, hint, stats) when it is
asked for, so that scoring many sessions stays cheap. An invalid result carries only its errors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.jonkler.rules.rules import bidding_order, dealer
from games.jonkler.rules.rulesets import Ruleset
from games.seam import Part, RuleError


@dataclass(frozen=True, slots=True)
class JonklerRound:
    """One round as played (``number`` is R, 1-based) with each seat's points for it."""

    number: int
    dealer: int
    bids: list[int]
    tricks: list[int]
    jonkled: list[int] | None
    points: list[int]

    def met(self) -> list[bool]:
        return [bid == took for bid, took in zip(self.bids, self.tricks, strict=True)]


@dataclass(slots=True)
class JonklerResult:
    """The outcome of one document. ``placements`` are given once the session is complete."""

    valid: bool
    errors: list[RuleError] = field(default_factory=list)
    totals: list[int] | None = None
    complete: bool = False
    placements: list[int] | None = None
    ruleset: Ruleset | None = None
    seats: int = 0
    first_dealer: int = 0
    rounds: list[JonklerRound] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The JSON result document."""
        if not self.valid:
            return {"valid": False, "errors": [error.to_dict() for error in self.errors]}
        running = [0] * self.seats
        rounds = []
        for played in self.rounds:
            running = [total + points for total, points in zip(running, played.points, strict=True)]
            item: dict[str, Any] = {
                "round": played.number,
                "dealer": played.dealer,
                "bids": list(played.bids),
                "tricks": list(played.tricks),
                "points": list(played.points),
                "met": played.met(),
                "totals": running,
            }
            if played.jonkled is not None:
                item["jonkled"] = list(played.jonkled)
            rounds.append(item)
        return {
            "valid": True,
            "ruleset": self.ruleset.code if self.ruleset is not None else None,
            "seats": self.seats,
            "first_dealer": self.first_dealer,
            "rounds": rounds,
            "totals": self.totals,
            "complete": self.complete,
            "placements": self.placements,
            "stats": self.stats(),
            "next": self.hint() or None,
        }

    def parts(self) -> list[Part]:
        """One part per round: kind ``round``, the dealer as actor, what was recorded."""
        parts = []
        for played in self.rounds:
            data: dict[str, Any] = {"bids": list(played.bids), "tricks": list(played.tricks)}
            if played.jonkled is not None:
                data["jonkled"] = list(played.jonkled)
            parts.append(Part(played.number, "round", played.dealer, "", data, list(played.points)))
        return parts

    def hint(self) -> dict[str, Any]:
        """The next round: its number (and so the cards each player gets), who deals, the
        order of bidding (the dealer last) and the hook: when ``hook_rule`` is on, the bids may
        not add up to ``hook_total`` (``rules.forbidden_bid`` gives the dealer's forbidden bid
        once the others have bid). Empty when complete or invalid."""
        if not self.valid or self.complete or self.ruleset is None:
            return {}
        number = len(self.rounds) + 1
        deals = dealer(self.first_dealer, number, self.seats)
        return {
            "round": number,
            "rounds": self.ruleset.rounds,
            "cards": number,
            "dealer": deals,
            "bidding_order": bidding_order(deals, self.seats),
            "last_bidder": deals,
            "hook_rule": self.ruleset.hook_rule,
            "hook_total": number if self.ruleset.hook_rule else None,
        }

    def stats(self) -> dict[str, list[int]]:
        """Per seat: the bids met, and the kings jonkled (0 where none were recorded)."""
        if not self.valid:
            return {}
        met = [0] * self.seats
        jonkled = [0] * self.seats
        for played in self.rounds:
            for seat in range(self.seats):
                if played.bids[seat] == played.tricks[seat]:
                    met[seat] += 1
                if played.jonkled is not None:
                    jonkled[seat] += played.jonkled[seat]
        return {"bids_met": met, "jonkled": jonkled}

    def teams(self) -> list[list[int]] | None:
        return None
