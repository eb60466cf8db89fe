"""The toy game's Django side (``tournaments.game_plugins.GamePlugin``): its table page (a score per
player, the whole session or one round at a time), its paper entry (the totals), its rows on the
public table sheet and its blank sheet to print; templates in ``templates/duel/``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from clubs.models import Player
from core.errors import ServiceError
from core.parsing import whole_number
from core.view_helpers import problems
from games.registry import get_game
from games.seam import Document
from results.services import session_append_part, session_submit
from tournaments.game_plugins import GamePlugin
from tournaments.models import Event, Round, Table


class DuelPlugin(GamePlugin):
    code = "duel"
    parts = {"sheet": "duel/_sheet.html", "blank_sheet": "duel/_blank_sheet.html"}

    def _context(self, table: Table) -> dict[str, Any]:
        players = [s.player for s in sorted(table.seats.all(), key=lambda s: s.position)]
        session = getattr(table, "session", None)
        result = session.result if session else {}
        game = get_game(self.code)
        return {
            "table": table,
            "round": table.round,
            "event": table.round.event,
            "game": game,
            "players": players,
            "session": session,
            "totals": result.get("totals"),
            "rounds": (session.document.get("rounds") or []) if session else [],
            "revision": session.revision if session else 0,
            "complete": bool(session and session.complete),
            "closed": table.round.status == Round.Status.CLOSED,
            "planned": table.round.status == Round.Status.PLANNED,
        }

    def table_page(self, request: HttpRequest, table: Table, token: str) -> HttpResponse:
        context = self._context(table)
        if request.method != "POST":
            return render(request, "duel/score.html", context)
        points = [
            whole_number(request.POST.get(f"points-{seat}"))
            for seat in range(len(context["players"]))
        ]
        if any(p is None for p in points):
            context["errors"] = [{"text": "Give every player's points."}]
            return render(request, "duel/score.html", context, status=400)
        expected = whole_number(request.POST.get("revision"))
        try:
            if context["game"].parts_key:
                session_append_part(
                    table=table,
                    submitted_by=request.user,
                    part=points,
                    expected_revision=expected,
                    table_token=token,
                )
            else:
                session_submit(
                    table=table,
                    submitted_by=request.user,
                    document={"game": self.code, "totals": points},
                    expected_revision=expected,
                    reason="",
                    table_token=token,
                )
        except ServiceError as exc:
            context["errors"] = problems(exc.errors)
            return render(request, "duel/score.html", context, status=exc.status_code)
        messages.success(request, "Saved.")
        return redirect("scoring:table_page", token=token)

    def paper_page(self, request: HttpRequest, table: Table, token: str) -> HttpResponse:
        return self.table_page(request, table, token)

    def sheet_context(
        self, *, event: Event, result: Document, players: Sequence[Player], names: Sequence[str]
    ) -> dict[str, object]:
        totals = result.get("totals")
        shown = totals if isinstance(totals, list) else []
        return {"duel_totals": list(zip(names, shown, strict=False))}

    def blank_sheet_context(self, event: Event) -> dict[str, object]:
        return {"duel_rounds": range(1, 4)}


class DuelRoundsPlugin(DuelPlugin):
    """The duel in rounds: the same pages, a round at a time."""

    code = "duelrounds"
