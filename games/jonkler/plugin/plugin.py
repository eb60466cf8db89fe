"""What Jonkler gives the service besides its rules (``tournaments.game_plugins.GamePlugin``)."""

from __future__ import annotations

from collections.abc import Sequence

from django.http import HttpRequest, HttpResponse

from clubs.models import Player
from games.jonkler.plugin.views import correct, paper, table
from games.jonkler.rules import GAME
from games.seam import Document
from tournaments.game_plugins import Correctable, GamePlugin
from tournaments.house_rules.services import event_ruleset
from tournaments.models import Event, Table


class JonklerPlugin(GamePlugin):
    code = GAME.code
    parts = {
        "sheet": "jonkler/_rounds.html",
        "blank_sheet": "jonkler/_blank_sheet.html",
        "offline_words": "jonkler/_offline_words.html",
        "rules": "jonkler/_rules.html",
        "ruleset": "jonkler/_ruleset.html",
    }
    scripts = ("jonkler/page.js", "jonkler/offline.js", "jonkler/words.js", "jonkler/forecast.js")
    stylesheets = ("jonkler/table.css",)

    def table_page(self, request: HttpRequest, table_: Table, token: str) -> HttpResponse:
        return table.score_page(request, table_, token)

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
        return {"rounds": table.sheet_rounds(result)}

    def blank_sheet_context(self, event: Event) -> dict[str, object]:
        played = (
            event_ruleset(event.club_id, event.game, event.ruleset) or GAME.rulesets[event.ruleset]
        )
        return {"jonkler_rounds": range(1, played.rounds + 1)}
