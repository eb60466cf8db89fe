"""What Jonkler gives the service besides its rules (``core.game_plugins.GamePlugin``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse

from core.game_plugins import GamePlugin
from games.jonkler.plugin.views import correct, paper, table
from games.jonkler.rules import GAME
from tournaments.house_rules import event_ruleset


class JonklerPlugin(GamePlugin):
    code = GAME.code
    parts = {
        "sheet": "jonkler/_rounds.html",
        "blank_sheet": "jonkler/_blank_sheet.html",
        "offline_words": "jonkler/_offline_words.html",
    }
    scripts = ("jonkler/page.js", "jonkler/offline.js", "jonkler/words.js", "jonkler/forecast.js")
    stylesheets = ("jonkler/table.css",)

    def table_page(self, request: HttpRequest, table_: Any, token: str) -> HttpResponse:
        return table.score_page(request, table_, token)

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
        return {"rounds": table.sheet_rounds(result)}

    def blank_sheet_context(self, event: Any) -> dict[str, Any]:
        played = (
            event_ruleset(event.club_id, event.game, event.ruleset) or GAME.rulesets[event.ruleset]
        )
        return {"jonkler_rounds": range(1, played.rounds + 1)}
