"""Sign-off on the table's pages: the players sign the complete session on the scorer's phone
(tap your name, enter your code), confirm from their own signed-in phone, or dispute it; the
organizer's page of a table signs for a player with a reason and resolves disputes. Every
write is a service of ``results.signoff.services``."""

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs.access.throttle import client_address
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.parsing import whole_number
from core.refusals import anchored, page_again
from core.view_helpers import problems, refused
from results.models import Session
from results.signoff.selectors import signoff_of
from results.signoff.services import (
    dispute_raise,
    dispute_resolve,
    sign_as_player,
    sign_for_player,
    sign_with_code,
)
from results.views.scoring import table_for_token, table_page
from tournaments.models import Table


def signoff(request: HttpRequest, token: str) -> HttpResponse:
    """A signature or a dispute from the table's page (POST), back to the page. Refused, the
    table's page answers again (at the refusal's status) with the player's row open, the
    message under the input it is about and the summary at the top of the sign-off."""
    table = table_for_token(token)
    if request.method != "POST":
        return redirect("scoring:table_page", token=token)
    post = request.POST
    revision = whole_number(post.get("revision"))
    player_id = whole_number(post.get("player")) or 0
    address = client_address(request)
    try:
        return _signoff_write(request, table, token, revision, player_id, address)
    except ServiceError as exc:
        found = anchored(problems(exc.errors), _signoff_inputs(post, player_id))
        return page_again(request, table_page, found, token, status=exc.status_code)


def _signoff_inputs(post: QueryDict, player_id: int) -> dict[str | None, str]:
    """The inputs of the table page's sign-off form that was sent (``_signoff.html``), by the
    problems' fields: a problem of no input of its own goes under the code, or the reason."""
    if post.get("action") == "self":
        return {None: "signoff-self"}
    if post.get("action") == "dispute":
        code = f"dcode-{player_id}" if post.get("code") else f"reason-{player_id}"
        return {"reason": f"reason-{player_id}", "code": code, None: code}
    return {None: f"code-{player_id}"}


def _signoff_write(
    request: HttpRequest,
    table: Table,
    token: str,
    revision: int | None,
    player_id: int,
    address: str,
) -> HttpResponse:
    post = request.POST
    if post.get("action") == "self":
        sign_as_player(table=table, actor=request.user, revision=revision)
        messages.success(request, _("Thank you: you signed the result."))
    elif post.get("action") == "dispute":
        dispute = dispute_raise(
            table=table,
            actor=request.user,
            player_id=player_id,
            reason=post.get("reason", ""),
            revision=revision,
            code=post.get("code") or None,
            table_token=token,
            address=address,
        )
        messages.warning(
            request,
            _("%(name)s disputes the result; the organizer will look at it.")
            % {"name": dispute.player.name},
        )
    else:
        signature = sign_with_code(
            table=table,
            actor=request.user,
            player_id=player_id,
            code=post.get("code"),
            revision=revision,
            table_token=token,
            address=address,
        )
        messages.success(
            request, _("%(name)s signed the result.") % {"name": signature.player.name}
        )
    return redirect(reverse("scoring:table_page", args=[token]) + "#signoff")


def signoff_manage(request: HttpRequest, table_id: int) -> HttpResponse:
    """The organizer's view of a table's sign-off: sign for a player with a reason, resolve a
    dispute."""
    table = get_object_or_404(
        Table.objects.select_related("round__event__club").prefetch_related("seats__player"),
        pk=table_id,
    )
    event = table.round.event
    if not has_role(request, event.club_id, ORGANIZER):
        return refused(request)
    errors: list[dict[str, Any]] = []
    status = 200
    if request.method == "POST":
        try:
            _manage_write(request, table)
        except ServiceError as exc:  # the page again: the summary, the message at its input
            if exc.status_code == 403:
                return refused(request, exc)
            errors = anchored(problems(exc.errors), _manage_inputs(request.POST))
            status = exc.status_code
        else:
            return redirect("scoring:signoff_manage", table_id=table.pk)
    session = Session.objects.filter(table=table).first()
    context = {
        "table": table,
        "event": event,
        "round": table.round,
        "signoff": signoff_of(session, table) if session is not None else None,
        "errors": errors,
    }
    return render(request, "games/signoff_manage.html", context, status=status)


def _manage_inputs(post: QueryDict) -> dict[str | None, str]:
    """The input of the organizer's sign-off form that was sent (``signoff_manage.html``)."""
    if post.get("action") == "resolve":
        return {None: f"res-{whole_number(post.get('dispute')) or 0}"}
    return {None: f"why-{whole_number(post.get('player')) or 0}"}


def _manage_write(request: HttpRequest, table: Table) -> None:
    post = request.POST
    if post.get("action") == "resolve":
        dispute = dispute_resolve(
            dispute_id=whole_number(post.get("dispute")) or 0,
            actor=request.user,
            resolution=post.get("resolution", ""),
        )
        messages.success(
            request, _("The dispute of %(name)s is resolved.") % {"name": dispute.player.name}
        )
    else:
        signature = sign_for_player(
            table=table,
            actor=request.user,
            player_id=whole_number(post.get("player")) or 0,
            revision=whole_number(post.get("revision")),
            reason=post.get("reason", ""),
        )
        messages.success(request, _("You signed for %(name)s.") % {"name": signature.player.name})
