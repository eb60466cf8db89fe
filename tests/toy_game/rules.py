"""The toy game's rules (pure, no Django): two or three players each write down a score, the
highest total wins. ``Duel`` is entered whole (``{"totals": [...]}``), ``DuelRounds`` round by
round (``{"rounds": [[a, b], ...]}``, complete after three)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from games.seam import COMMON, Catalogue, RulesetError, Scored, invalid, is_int, placements

MESSAGES = Catalogue(
    {
        "totals": ("totals must be {n} whole numbers.", "totals moet {n} gehele getallen zijn."),
    }
)


@dataclass(frozen=True)
class Rules:
    code: str
    name: str
    name_nl: str


class Duel:
    """Two or three players; each writes down a score; the highest total wins."""

    code = "duel"
    name = "Duel"
    name_nl = "Duel"
    catalogue = MESSAGES
    table_sizes = (2, 3)
    preferred_size = 2
    teams = None
    zero_sum = False
    higher_is_better = True
    default_ruleset = "duel"
    rulesets: dict[str, Any] = {"duel": Rules("duel", "Duel", "Duel")}
    document_schema = {"type": "object"}
    stats = ()
    standings_order = ("total",)
    parts_key: str | None = None

    def ruleset_from_dict(self, data: object) -> Any:
        raise RulesetError("a duel has no house rules")

    def ruleset_to_dict(self, ruleset: Any) -> dict[str, Any]:
        return asdict(ruleset)

    def score(
        self, document: object, *, ruleset: Any = None, names: Sequence[str] | None = None
    ) -> Scored:
        if not isinstance(document, dict):
            return invalid([COMMON.error("document_type")])
        seats = len(names) if names is not None else len(document.get("seats") or [])
        totals = document.get("totals")
        if totals is None:
            return Scored(valid=True, complete=False)
        if not (isinstance(totals, list) and len(totals) == seats and all(map(is_int, totals))):
            return invalid([MESSAGES.error("totals", None, "totals", n=seats)])
        return Scored(valid=True, totals=totals, complete=True, placements=placements(totals))

    def table_document(
        self, document: dict[str, Any], *, ruleset: str, names: Sequence[str]
    ) -> dict[str, Any]:
        return {**document, "ruleset": ruleset, "seats": list(names)}

    def example(self, seats: int) -> dict[str, Any]:
        names = [f"Player {n}" for n in range(1, seats + 1)]
        return {"game": self.code, "seats": names, "totals": list(range(seats, 0, -1))}


class DuelRounds(Duel):
    """The duel played round by round: ``{"rounds": [[a, b], ...]}``, complete after three."""

    code = "duelrounds"
    name = "Duel in rounds"
    name_nl = "Duel in rondes"
    rulesets: dict[str, Any] = {"duelrounds": Rules("duelrounds", "Three rounds", "Drie rondes")}
    default_ruleset = "duelrounds"
    parts_key = "rounds"
    ROUNDS = 3

    def score(
        self, document: object, *, ruleset: Any = None, names: Sequence[str] | None = None
    ) -> Scored:
        if not isinstance(document, dict):
            return invalid([COMMON.error("document_type")])
        rounds = document.get("rounds") or []
        seats = len(names or [])
        if not all(isinstance(r, list) and len(r) == seats and all(map(is_int, r)) for r in rounds):
            return invalid([MESSAGES.error("totals", None, "rounds", n=seats)])
        totals = [sum(r[seat] for r in rounds) for seat in range(seats)]
        return Scored(
            valid=True,
            totals=totals,
            complete=len(rounds) == self.ROUNDS,
            placements=placements(totals),
        )

    def example(self, seats: int) -> dict[str, Any]:
        return {"game": self.code, "rounds": [list(range(seats))] * self.ROUNDS}


DUEL = Duel()
DUEL_ROUNDS = DuelRounds()
