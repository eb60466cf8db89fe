"""The outcome of a valid session as the fast path keeps it: the chip ledger, compactly.

``Ledger`` satisfies ``gamekit.seam.Outcome`` as Bonken's and Jonkler's results do: totals,
placements and each hand's nets and board are computed when the session is scored; the result
document (``to_dict``) and the parts (``parts``) are built from them when asked, exactly as
``scoring.score_read`` builds them (the unit tests compare the two).
"""

from __future__ import annotations

from typing import Any

from bonanza.rules.rulesets import SECTIONS
from gamekit.seam import Part, RuleError

# One hand of the ledger (a plain tuple: the fast path makes one per hand): its number, dealer
# and going-out seat, each seat's net, the board after it (chips per section, in ``SECTIONS``
# order), the board's total and change, and the hand as the document has it.
HandRow = tuple[int, int, int, list[int], list[int], int, int, dict[str, Any]]


class Ledger:
    """A valid Bonanza Rummy session's outcome (see the module docstring)."""

    __slots__ = (
        "valid",
        "errors",
        "totals",
        "complete",
        "placements",
        "ruleset",
        "seats",
        "first_dealer",
        "hands",
        "board",
        "end",
        "outs",
    )

    def __init__(
        self,
        *,
        ruleset: str,
        seats: int,
        first_dealer: int,
        hands: list[HandRow],
        board: list[int],
        end: dict[str, Any] | None,
        totals: list[int],
        placements: list[int] | None,
        outs: list[int],
    ) -> None:
        self.valid = True
        self.errors: list[RuleError] = []
        self.totals: list[int] | None = totals
        self.complete = end is not None
        self.placements = placements
        self.ruleset = ruleset
        self.seats = seats
        self.first_dealer = first_dealer
        self.hands = hands
        self.board = board
        self.end = end
        self.outs = outs

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": True,
            "ruleset": self.ruleset,
            "seats": self.seats,
            "first_dealer": self.first_dealer,
            "hands": [
                {
                    "number": number,
                    "dealer": dealer,
                    "out": out,
                    "nets": nets,
                    "board": dict(zip(SECTIONS, board, strict=True)),
                    "board_total": total,
                    "board_change": change,
                }
                for number, dealer, out, nets, board, total, change, _ in self.hands
            ],
            "board": dict(zip(SECTIONS, self.board, strict=True)),
            "end": self.end,
            "totals": self.totals,
            "complete": self.complete,
            "placements": self.placements,
            "next": self.hint() or None,
        }

    def parts(self) -> list[Part]:
        """One part per hand: kind ``hand``, the dealer as actor, a copy of the hand as
        recorded, the hand's nets as points."""
        return [
            Part(number, "hand", dealer, "", dict(raw), nets)
            for number, dealer, _, nets, _, _, _, raw in self.hands
        ]

    def hint(self) -> dict[str, Any]:
        """The next hand's number and dealer while the session goes on."""
        if self.complete:
            return {}
        played = len(self.hands)
        return {"next_hand": played + 1, "dealer": (self.first_dealer + played) % self.seats}

    def stats(self) -> dict[str, list[int]]:
        return {"outs": self.outs}

    def teams(self) -> list[list[int]] | None:
        return None
