"""What Bonanza Rummy gives the service besides its rules
(``tournaments.game_plugins.GamePlugin``)."""

from __future__ import annotations

from collections.abc import Sequence

from django.http import HttpRequest, HttpResponse

from clubs.models import Player
from games.bonanza.plugin.views import correct, paper, table
from games.bonanza.rules import GAME
from games.seam import Document
from tournaments.game_plugins import Correctable, GamePlugin
from tournaments.models import Event, Table


class BonanzaPlugin(GamePlugin):
    code = GAME.code
    parts = {
        "sheet": "bonanza/_hands.html",
        "blank_sheet": "bonanza/_blank_sheet.html",
        "offline_words": "bonanza/_offline_words.html",
        "rules": "bonanza/_rules.html",
        "ruleset": "bonanza/_ruleset.html",
    }
    scripts = ("bonanza/page.js", "bonanza/offline.js", "bonanza/words.js", "bonanza/forecast.js")
    stylesheets = ("bonanza/table.css",)

    def table_page(self, request: HttpRequest, table_: Table, token: str) -> HttpResponse:
        return table.score_page(request, table_, token)

    def check(self, request: HttpRequest, table_: Table, token: str) -> HttpResponse:
        return table.check(request, table_, token)

    def paper_page(self, request: HttpRequest, table_: Table, token: str) -> HttpResponse:
        return paper.paper_page(request, table_, token)

    def correction_choices(
        self, event: Event, result: Document, names: Sequence[str]
    ) -> Sequence[Correctable]:
        return correct.choices(result, list(names))

    def correction_page(self, request: HttpRequest, table_: Table, number: int) -> HttpResponse:
        return correct.correction_page(request, table_, number)

    def sheet_context(
        self, *, event: Event, result: Document, players: Sequence[Player], names: Sequence[str]
    ) -> dict[str, object]:
        return {"sheet": table.sheet_hands(result, list(names))}

    def blank_sheet_context(self, event: Event) -> dict[str, object]:
        return {"bonanza": table.blank_sheet()}
