"""What Bonanza Rummy gives the service besides its rules (``core.game_plugins.GamePlugin``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse

from core.game_plugins import GamePlugin
from games.bonanza.plugin.views import correct, paper, table
from games.bonanza.rules import GAME


class BonanzaPlugin(GamePlugin):
    code = GAME.code
    parts = {
        "sheet": "bonanza/_hands.html",
        "blank_sheet": "bonanza/_blank_sheet.html",
        "offline_words": "bonanza/_offline_words.html",
    }
    scripts = ("bonanza/page.js", "bonanza/offline.js", "bonanza/words.js", "bonanza/forecast.js")
    stylesheets = ("bonanza/table.css",)

    def table_page(self, request: HttpRequest, table_: Any, token: str) -> HttpResponse:
        return table.score_page(request, table_, token)

    def check(self, request: HttpRequest, table_: Any, token: str) -> HttpResponse:
        return table.check(request, table_, token)

    def paper_page(self, request: HttpRequest, table_: Any, token: str) -> HttpResponse:
        return paper.paper_page(request, table_, token)

    def correction_choices(
        self, event: Any, result: dict[str, Any], names: Sequence[str]
    ) -> Sequence[Any]:
        return correct.choices(result, list(names))

    def correction_page(self, request: HttpRequest, table_: Any, number: int) -> HttpResponse:
        return correct.correction_page(request, table_, number)

    def sheet_context(
        self, *, event: Any, result: dict[str, Any], players: Sequence[Any], names: Sequence[str]
    ) -> dict[str, Any]:
        return {"sheet": table.sheet_hands(result, list(names))}

    def blank_sheet_context(self, event: Any) -> dict[str, Any]:
        return {"bonanza": table.blank_sheet()}
