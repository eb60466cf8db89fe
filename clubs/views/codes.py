"""Personal codes on the web: the player's own account page (choose a code) and an organizer
issuing a new code from the club's players page (shown once). The writes are
``clubs.access.codes``'s."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs.access.codes import player_code_issue, player_code_set, player_has_code
from clubs.models import Club, Player
from clubs.selectors import player_for_user
from core.errors import NotAllowed, ServiceError
from core.refusals import anchored
from core.view_helpers import problems, refused


@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The signed-in user's account: their personal code (and where to change the password)."""
    player = player_for_user(request.user)
    errors: list = []
    if request.method == "POST" and player is not None:
        code, again = request.POST.get("code", ""), request.POST.get("again", "")
        try:
            if code.strip() != again.strip():
                raise ServiceError.single(
                    "code_mismatch", gettext_lazy("The two codes differ."), field="again"
                )
            player_code_set(actor=request.user, player=player, code=code)
        except ServiceError as exc:
            errors = anchored(
                problems(exc.errors), {"code": "code", "again": "again", None: "code"}
            )
        else:
            messages.success(request, _("Your personal code is saved."))
            return redirect("account")
    context = {
        "player": player,
        "errors": errors,
        "has_code": player is not None and player_has_code(player.pk),
    }
    return render(request, "clubs/account.html", context, status=400 if errors else 200)


@never_cache
@require_POST
def issue_code(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """An organizer issues the player a new personal code and sees it once."""
    club = get_object_or_404(Club, slug=slug)
    player = get_object_or_404(Player, pk=player_id, memberships__club=club)
    try:
        code = player_code_issue(actor=request.user, player=player)
    except NotAllowed as exc:
        return refused(request, exc)
    return render(request, "clubs/code_issued.html", {"club": club, "player": player, "code": code})
