"""Games a phone kept while it was offline, sent later with an ``Idempotency-Key``.

The table page's script posts each kept entry as the page's own form would (the same fields,
the same view, so the same parsing and the same service), with the key it made when the game
was entered. The first answer to a key is kept (``IdempotencyRecord``, scoped to the table and
its link), so a resend after a dropped answer gets that answer again instead of a second game.

A saved entry answers 201 with JSON (the session's revision, whether it is complete, the page's
message); a refused one answers as the page does (400 with the problems, 409 when the session
moved on since the entry was made), and nothing is kept for it.
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
from games import idempotency
from games.models import Session
from tournaments.models import Table

UNSIGNED = ("csrfmiddlewaretoken",)  # changes with every page; not part of what was entered


def keyed(view: Callable[[HttpRequest, str], HttpResponse]) -> Callable[..., HttpResponse]:
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
        if request.method != "POST" or not key:
            return view(request, token)
        table = get_object_or_404(Table, scoring_token=token)
        scope = f"table-form:{table.pk}:{hashlib.sha256(token.encode()).hexdigest()[:16]}"
        digest = request_digest(request)
        with transaction.atomic():
            record = idempotency.hold(scope, key)
            if record is None:
                if _moved_on(request, table):
                    return _as_it_is(request, view, token)
                answer = _answer(request, table, view(request, token))
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
    """Whether the session moved on since the entry was made (its ``revision``): checked before
    the entry itself, so a change made meanwhile is reported as that, not as the entry's own
    problems against the new state."""
    based_on = whole_number(request.POST.get("revision"))
    current = Session.objects.filter(table=table).values_list("revision", flat=True).first()
    return based_on is not None and based_on != (current or 0)


def _as_it_is(
    request: HttpRequest, view: Callable[[HttpRequest, str], HttpResponse], token: str
) -> HttpResponse:
    """409 with the table's page as it is now (what the server has), nothing written."""
    request.method = "GET"
    response = view(request, token)
    response.status_code = 409
    return response


def _answer(request: HttpRequest, table: Table, response: HttpResponse) -> HttpResponse:
    """A saved entry (the page redirects after a save) as JSON; a refusal as the page gave it.
    The page's message is taken here, so it is not shown again on the next page."""
    if response.status_code not in (301, 302, 303):
        return response
    said = [str(message) for message in messages.get_messages(request)]
    saved = Session.objects.filter(table=table).values("revision", "complete").first()
    state: dict[str, Any] = dict(saved) if saved else {"revision": 0, "complete": False}
    return JsonResponse({**state, "message": " ".join(said)}, status=201)
