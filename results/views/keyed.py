"""Games a phone kept while it was offline, sent later with an ``Idempotency-Key``.

The table page's script posts each kept entry as the page's own form would (the same fields,
the same view, so the same parsing and the same service), with the key it made when the game
was entered. The first answer to a key is kept (``IdempotencyRecord``, scoped to the table and
its link), so a resend after a dropped answer gets that answer again instead of a second game.

A saved entry answers 201 with JSON (the session's revision, whether it is complete, the page's
message); a refused one answers as the page does (400 with the problems, 409 when the session
moved on since the entry was made, with the session's revision and number of parts in the
``Session-Revision`` and ``Session-Parts`` headers), and nothing is kept for it.

After a conflict the phone offers only what the server accepts. It asks first with
``X-Dry-Run: 1``: the same write in a transaction that is rolled back (200 when it would be
saved, the refusal otherwise; nothing kept, no key used). An entry sent with ``replace_last``
(the revision of the session it replaces) takes the place of the session's last part, entered
on another phone for the same game: that part is taken back (the history keeps it) and the
entry saved after it, both in one transaction or neither.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.parsing import whole_number
from core.view_helpers import problems
from games.registry import get_game
from results import idempotency
from results.models import Session
from results.services import session_undo_last_part
from tournaments.models import Table

UNSIGNED = ("csrfmiddlewaretoken",)  # changes with every page; not part of what was entered
REPLACE = "replace_last"  # the revision whose last part a kept entry takes the place of
SAVED = (301, 302, 303)  # the page redirects after a save
View = Callable[[HttpRequest, str], HttpResponse]


def keyed(view: View) -> Callable[..., HttpResponse]:
    """The table page's POST, made safe to repeat by an ``Idempotency-Key`` header."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, token: str) -> HttpResponse:
        try:
            key = idempotency.request_key(request)
        except ServiceError as exc:
            return JsonResponse(
                {"errors": [{"code": e["code"], "text": e["text"]} for e in problems(exc.errors)]},
                status=400,
            )
        dry_run = request.headers.get("X-Dry-Run") == "1"
        if request.method != "POST" or not (key or dry_run):
            return view(request, token)
        table = get_object_or_404(Table.objects.select_related("round__event"), scoring_token=token)
        if dry_run:
            return _dry_run(request, table, view, token)
        scope = f"table-form:{table.pk}:{hashlib.sha256(token.encode()).hexdigest()[:16]}"
        digest = request_digest(request)
        with transaction.atomic():
            record = idempotency.hold(scope, key)
            if record is None:
                if _moved_on(request, table):
                    return _as_it_is(request, table, view, token)
                answer = _answer(request, table, _write(request, table, view, token))
                if answer.status_code == 201:
                    idempotency.remember(scope, key, digest, 201, json.loads(answer.content))
                return answer
        if record.request_hash != digest:
            return JsonResponse(
                {
                    "errors": [
                        {
                            "code": "idempotency_key_reused",
                            "text": _("This entry's key was already used for a different entry."),
                        }
                    ]
                },
                status=409,
            )
        replay = JsonResponse(record.response, status=record.status_code)
        replay["Idempotent-Replayed"] = "true"
        return replay

    return wrapper


def request_digest(request: HttpRequest) -> str:
    """What the entry says: the path and its fields (repeated fields in their order)."""
    fields = sorted(
        (name, request.POST.getlist(name)) for name in request.POST if name not in UNSIGNED
    )
    return idempotency.digest({"path": request.path, "fields": fields})


def _moved_on(request: HttpRequest, table: Table) -> bool:
    """Whether the session moved on since the entry was made (its ``revision``, or the one it
    replaces the last part of): checked before the entry itself, so a change made meanwhile is
    reported as that, not as the entry's own problems against the new state."""
    replaces = request.POST.get(REPLACE)
    based_on = whole_number(replaces if replaces is not None else request.POST.get("revision"))
    current = Session.objects.filter(table=table).values_list("revision", flat=True).first()
    return based_on is not None and based_on != (current or 0)


def _as_it_is(request: HttpRequest, table: Table, view: View, token: str) -> HttpResponse:
    """409 with the table's page as it is now (what the server has), nothing written; the
    headers say its revision and, for a game entered part by part, how many parts it has."""
    request.method = "GET"
    response = view(request, token)
    response.status_code = 409
    session = Session.objects.filter(table=table).values("revision", "document").first()
    response["Session-Revision"] = str(session["revision"] if session else 0)
    key = get_game(table.round.event.game).parts_key
    if key:
        parts = session["document"].get(key) if session else None
        response["Session-Parts"] = str(len(parts) if isinstance(parts, list) else 0)
    return response


def _write(request: HttpRequest, table: Table, view: View, token: str) -> HttpResponse:
    """The page's own write; with ``replace_last``, in place of the session's last part: that
    part taken back (a revision of its own, kept in the history) and the entry saved after it
    (its ``revision`` is the one after the take-back), in one transaction or neither."""
    replaces = request.POST.get(REPLACE)
    if replaces is None:
        return view(request, token)
    with transaction.atomic():
        try:
            session_undo_last_part(
                table=table,
                submitted_by=request.user,
                expected_revision=whole_number(replaces),
                table_token=token,
            )
        except ServiceError as exc:
            found = [{"code": e["code"], "text": e["text"]} for e in problems(exc.errors)]
            return JsonResponse({"errors": found}, status=exc.status_code)
        response = view(request, token)
        if response.status_code not in SAVED:
            transaction.set_rollback(True)
        return response


def _dry_run(request: HttpRequest, table: Table, view: View, token: str) -> HttpResponse:
    """Whether the server would save the entry now: the same write in a transaction rolled
    back (200), or the refusal it would give; nothing kept, no key used."""
    with transaction.atomic():
        if _moved_on(request, table):
            return _as_it_is(request, table, view, token)
        answer = _answer(request, table, _write(request, table, view, token))
        transaction.set_rollback(True)
    if answer.status_code == 201:
        return JsonResponse({"accepted": True}, status=200)
    return answer


def _answer(request: HttpRequest, table: Table, response: HttpResponse) -> HttpResponse:
    """A saved entry (the page redirects after a save) as JSON; a refusal as the page gave it.
    The page's message is taken here, so it is not shown again on the next page."""
    if response.status_code not in SAVED:
        return response
    said = [str(message) for message in messages.get_messages(request)]
    saved = Session.objects.filter(table=table).values("revision", "complete").first()
    state: dict[str, Any] = dict(saved) if saved else {"revision": 0, "complete": False}
    return JsonResponse({**state, "message": " ".join(said)}, status=201)
