"""Sign-off on the table's pages: the players sign the complete session on the scorer's phone
(tap your name, enter your code), confirm from their own signed-in phone, or dispute it; the
organizer's page of a table signs for a player with a reason and resolves disputes. Every
write is a service of ``results.signoff.services``."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs.access.throttle import client_address
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.parsing import whole_number
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
from results.views.scoring import table_for_token
from tournaments.models import Table


def signoff(request: HttpRequest, token: str) -> HttpResponse:
    """A signature or a dispute from the table's page (POST), back to the page."""
    table = table_for_token(token)
    if request.method != "POST":
        return redirect("scoring:table_page", token=token)
    post = request.POST
    revision = whole_number(post.get("revision"))
    player_id = whole_number(post.get("player")) or 0
    address = client_address(request)
    try:
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
    except ServiceError as exc:
        for problem in problems(exc.errors):
            messages.error(request, problem["text"])
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
    if request.method == "POST":
        _manage_write(request, table)
        return redirect("scoring:signoff_manage", table_id=table.pk)
    session = Session.objects.filter(table=table).first()
    context = {
        "table": table,
        "event": event,
        "round": table.round,
        "signoff": signoff_of(session, table) if session is not None else None,
    }
    return render(request, "games/signoff_manage.html", context)


def _manage_write(request: HttpRequest, table: Table) -> None:
    post = request.POST
    try:
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
            messages.success(
                request, _("You signed for %(name)s.") % {"name": signature.player.name}
            )
    except ServiceError as exc:
        for problem in problems(exc.errors):
            messages.error(request, problem["text"])
