"""The pages of a player's e-mail settings: on their account (signed in), through their
personal signed link (no account needed) or their personal link to the club's week (the
calendar's ``/r/<token>/``, read through ``core.personal_links``), and one-click unsubscribe
from an e-mail (GET asks, POST unsubscribes, as RFC 8058's List-Unsubscribe-Post does without
a token)."""

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from clubs.models import Player
from clubs.selectors import player_for_user
from core import personal_links
from core.errors import ServiceError
from core.refusals import anchored
from core.view_helpers import problems
from week.mailings import links
from week.mailings.models import LANGUAGES, MailPreference
from week.mailings.services import preference_for, preference_set, unsubscribe


def _linked_player(token: str, purpose: str) -> Player:
    try:
        return links.linked_player(token, purpose)
    except ServiceError:
        raise Http404("unknown or changed link") from None


def _form(
    request: HttpRequest,
    player: Player | None,
    *,
    by_link: bool,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    errors: list = []
    preference = preference_for(player) if player is not None else None
    if request.method == "POST" and player is not None:
        try:
            preference_set(
                actor=request.user,
                player=player,
                email=request.POST.get("email", ""),
                evening=request.POST.get("evening") == "on",
                language=request.POST.get("language", ""),
                by_link=by_link,
            )
        except ServiceError as exc:
            inputs = {"email": "email", "language": "language", None: "email"}
            errors = anchored(problems(exc.errors), inputs)
            preference = preference_for(player)
            preference.email = request.POST.get("email", "")[:254]
            preference.evening = request.POST.get("evening") == "on"
        else:
            messages.success(request, _("Your e-mail settings are saved."))
            return redirect(request.path)
    context = {
        "player": player,
        "preference": preference,
        "errors": errors,
        "languages": LANGUAGES,
        "by_link": by_link,
        **(extra or {}),
    }
    return render(request, "mailings/preferences.html", context, status=400 if errors else 200)


@never_cache
@login_required
def mine(request: HttpRequest) -> HttpResponse:
    """The signed-in player's e-mail settings."""
    return _form(request, player_for_user(request.user), by_link=False)


@never_cache
def personal(request: HttpRequest, token: str) -> HttpResponse:
    """A player's e-mail settings through their signed personal link."""
    return _form(request, _linked_player(token, links.PREFERENCES), by_link=True)


def _in_players_language(request: HttpRequest, player: Player) -> None:
    """The page in the language the player chose for their e-mails (the one the e-mail they
    came from is in), not the browser's: a mail client's one-click POST sends none, and a
    shared computer's may be another person's. ``?lang=`` still chooses outright."""
    if request.GET.get("lang") in dict(settings.LANGUAGES):
        return
    language = MailPreference.objects.filter(player=player).values_list("language", flat=True)
    chosen = language.first()
    if chosen in dict(settings.LANGUAGES):
        translation.activate(chosen)
        request.LANGUAGE_CODE = chosen


@never_cache
def link_settings(request: HttpRequest, token: str) -> HttpResponse:
    """A player's e-mail settings through their personal link to the club's week (the link's
    token is the permission, as on its page; a renewed or switched-off link opens nothing)."""
    holder = personal_links.link_holder(token)
    if holder is None:
        return render(request, "mailings/preferences.html", {"stale": True}, status=404)
    player = get_object_or_404(Player, pk=holder.player_id)
    back = reverse("planning:link_page", args=[token])
    return _form(request, player, by_link=True, extra={"holder": holder, "back": back})


@never_cache
@csrf_exempt  # a mail client posts "List-Unsubscribe=One-Click" to this address itself
def unsubscribe_page(request: HttpRequest, token: str) -> HttpResponse:
    player = _linked_player(token, links.UNSUBSCRIBE)
    _in_players_language(request, player)
    if request.method == "POST":
        unsubscribe(actor=request.user, player=player)
        return render(request, "mailings/unsubscribe.html", {"player": player, "done": True})
    return render(request, "mailings/unsubscribe.html", {"player": player, "done": False})
