"""What Bonken gives the service besides its rules (``core.game_plugins.GamePlugin``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse

from core.game_plugins import GamePlugin
from games.bonken.plugin import stats
from games.bonken.plugin.sheet import blank_sheet, event_ruleset_or_none, session_rows
from games.bonken.plugin.views import correct, paper, table
from games.bonken.rules import GAME


class BonkenPlugin(GamePlugin):
    code = GAME.code
    parts = {
        "sheet": "bonken/_sheet_table.html",
        "blank_sheet": "bonken/_blank_sheet.html",
        "offline_words": "bonken/_offline_words.html",
    }
    scripts = ("bonken/offline.js", "bonken/words.js", "bonken/forecast.js")

    def table_page(self, request: HttpRequest, table_: Any, token: str) -> HttpResponse:
        return table.table_page(request, table_, token)

    def check(self, request: HttpRequest, table_: Any, token: str) -> HttpResponse:
        return table.check(request, table_, token)

    def paper_page(self, request: HttpRequest, table_: Any, token: str) -> HttpResponse:
        return paper.paper_page(request, table_, token)

    def correction_choices(
        self, event: Any, result: dict[str, Any], names: Sequence[str]
    ) -> Sequence[Any]:
        return correct.choices(event, result, list(names))

    def correction_page(self, request: HttpRequest, table_: Any, number: int) -> HttpResponse:
        return correct.correction_page(request, table_, number)

    def sheet_context(
        self, *, event: Any, result: dict[str, Any], players: Sequence[Any], names: Sequence[str]
    ) -> dict[str, Any]:
        return {"rows": session_rows(result, event_ruleset_or_none(event), list(names))}

    def parts_per_session(self, event: Any) -> int:
        ruleset = event_ruleset_or_none(event)
        return ruleset.games_per_session if ruleset is not None else 12

    def stats_deals(self, result: dict[str, Any]) -> Sequence[Any]:
        return stats.deals(result)

    def part_names(self) -> dict[str, tuple[str, str]]:
        return stats.contract_names()

    def blank_sheet_context(self, event: Any) -> dict[str, Any]:
        ruleset = event_ruleset_or_none(event)
        return {
            "ruleset": ruleset,
            "sheet": blank_sheet(ruleset) if ruleset else {"minus": [], "plus": []},
        }
