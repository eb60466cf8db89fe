"""What Bonko gives the service besides its rules (``tournaments.game_plugins.GamePlugin``): its
table page and sheet, and its night: the bell of a round, the teams moving by their results
between rounds (its seating), what the pages say of each table (the King's table, the teams,
the result, where the teams go next), the teams' score cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest, HttpResponse
from django.urls import path

from clubs.models import Player
from games.bonko.plugin import bell
from games.bonko.plugin.seating import METHOD, bonko_round_generate
from games.bonko.plugin.tables import round_table_words
from games.bonko.plugin.views import api, cards, correct, table
from games.bonko.plugin.views import bell as bell_view
from games.bonko.rules import GAME, next_tables
from games.seam import Document
from seating.types import Movement
from tournaments.game_plugins import Correctable, GamePlugin, TableWords
from tournaments.models import Event, Round, Table


class BonkoPlugin(GamePlugin):
    code = GAME.code
    parts = {
        "sheet": "bonko/_result.html",
        "blank_sheet": "bonko/_blank_sheet.html",
        "dashboard_players": "bonko/_dashboard_players.html",
        "dashboard_seating": "bonko/_dashboard_seating.html",
        "round_actions": "bonko/_round_actions.html",
        "teams_actions": "bonko/_teams_actions.html",
        "offline_words": "bonko/_offline_words.html",
        "rules": "bonko/_rules.html",
        "ruleset": "bonko/_ruleset.html",
    }
    has_bell = True
    scripts = ("bonko/page.js", "bonko/words.js")
    stylesheets = ("bonko/table.css",)
    urls = {
        "scoring": [
            path("t/<str:token>/bell/", bell_view.bell, name="bell"),
            path("t/<str:token>/bell/undo/", bell_view.bell_undo, name="bell_undo"),
        ],
        "manage": [
            path("events/<int:event_id>/teams/cards/", cards.score_cards, name="score_cards")
        ],
        "api": [
            path("rounds/<int:round_id>/bell/", api.RoundBellView.as_view(), name="round_bell")
        ],
    }

    def table_page(self, request: HttpRequest, table_: Table, token: str) -> HttpResponse:
        return table.score_page(request, table_, token)

    def paper_page(self, request: HttpRequest, table_: Table, token: str) -> HttpResponse:
        # A Bonko table's result is entered whole on its page: the paper's scores are that.
        return table.score_page(request, table_, token)

    def correction_choices(
        self, event: Event, result: Document, names: Sequence[str]
    ) -> Sequence[Correctable]:
        return correct.choices(result, list(names))

    def correction_page(self, request: HttpRequest, table_: Table, number: int) -> HttpResponse:
        return correct.correction_page(request, table_, number)

    def sheet_context(
        self, *, event: Event, result: Document, players: Sequence[Player], names: Sequence[str]
    ) -> dict[str, object]:
        return {"bonko": table.sheet_result(result, [p.name for p in players])}

    def table_words(self, round_: Round, tables: Sequence[Table]) -> Mapping[int, TableWords]:
        return round_table_words(round_, tables)

    def seat_next_round(
        self,
        *,
        event: Event,
        actor: User | AnonymousUser | None,
        method: str | None,
        seed: int | None,
    ) -> Round | None:
        if method not in (None, METHOD):  # the organizer chose another way
            return None
        return bonko_round_generate(event=event, actor=actor, seed=seed)

    def movement(self) -> Movement | None:
        return next_tables  # the winners move up one table, the losers stay

    def session_document(self, table_: Table, document: Document) -> Document:
        return bell.night_document(table_, document)
