"""The toy game's Django side (``core.game_plugins.GamePlugin``): its table page (a score per
player, the whole session or one round at a time), its paper entry (the totals), its rows on the
public table sheet and its blank sheet to print; templates in ``templates/duel/``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from core.errors import ServiceError
from core.game_plugins import GamePlugin
from core.parsing import whole_number
from core.view_helpers import problems
from games.registry import get_game
from results.services import session_append_part, session_submit
from tournaments.models import Round


class DuelPlugin(GamePlugin):
    parts = {"sheet": "duel/_sheet.html", "blank_sheet": "duel/_blank_sheet.html"}
    templates_dir = Path(__file__).resolve().parent / "templates"

    def __init__(self, code: str) -> None:
        self.code = code

    def _context(self, table: Any) -> dict[str, Any]:
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

    def table_page(self, request: HttpRequest, table: Any, token: str) -> HttpResponse:
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

    def paper_page(self, request: HttpRequest, table: Any, token: str) -> HttpResponse:
        return self.table_page(request, table, token)

    def sheet_context(
        self, *, event: Any, result: dict[str, Any], players: Sequence[Any], names: Sequence[str]
    ) -> dict[str, Any]:
        return {"duel_totals": list(zip(names, result.get("totals") or [], strict=False))}

    def blank_sheet_context(self, event: Any) -> dict[str, Any]:
        return {"duel_rounds": range(1, 4)}
