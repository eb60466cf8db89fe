"""What Bonken gives the service besides its rules (``tournaments.game_plugins.GamePlugin``)."""

from __future__ import annotations

from collections.abc import Sequence

from django.http import HttpRequest, HttpResponse

from clubs.models import Player
from games.bonken.plugin import stats
from games.bonken.plugin.sheet import blank_sheet, event_ruleset_or_none, session_rows
from games.bonken.plugin.views import correct, paper, table
from games.bonken.rules import GAME
from games.seam import Document
from tournaments.game_plugins import Correctable, GamePlugin
from tournaments.models import Event, Table


class BonkenPlugin(GamePlugin):
    code = GAME.code
    parts = {
        "sheet": "bonken/_sheet_table.html",
        "blank_sheet": "bonken/_blank_sheet.html",
        "offline_words": "bonken/_offline_words.html",
        "rules": "bonken/_rules.html",
        "ruleset": "bonken/_ruleset.html",
    }
    scripts = ("bonken/offline.js", "bonken/words.js", "bonken/forecast.js")

    def table_page(self, request: HttpRequest, table_: Table, token: str) -> HttpResponse:
        return table.table_page(request, table_, token)

    def check(self, request: HttpRequest, table_: Table, token: str) -> HttpResponse:
        return table.check(request, table_, token)

    def paper_page(self, request: HttpRequest, table_: Table, token: str) -> HttpResponse:
        return paper.paper_page(request, table_, token)

    def correction_choices(
        self, event: Event, result: Document, names: Sequence[str]
    ) -> Sequence[Correctable]:
        return correct.choices(event, result, list(names))

    def correction_page(self, request: HttpRequest, table_: Table, number: int) -> HttpResponse:
        return correct.correction_page(request, table_, number)

    def sheet_context(
        self, *, event: Event, result: Document, players: Sequence[Player], names: Sequence[str]
    ) -> dict[str, object]:
        return {"rows": session_rows(result, event_ruleset_or_none(event), list(names))}

    def parts_per_session(self, event: Event) -> int:
        ruleset = event_ruleset_or_none(event)
        return ruleset.games_per_session if ruleset is not None else 12

    def stats_deals(self, result: Document) -> Sequence[object]:
        return stats.deals(result)

    def part_names(self) -> dict[str, tuple[str, str]]:
        return stats.contract_names()

    def blank_sheet_context(self, event: Event) -> dict[str, object]:
        ruleset = event_ruleset_or_none(event)
        return {
            "ruleset": ruleset,
            "sheet": blank_sheet(ruleset) if ruleset else {"minus": [], "plus": []},
        }
