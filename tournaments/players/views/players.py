"""The club's players on the organizer's pages: rename, merge two records of one person, and
retire a player (their membership ends; their results stay); each player's personal link to the
club's week (their page, their e-mail settings), read through ``core.personal_links``."""

from collections.abc import Sequence

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.memberships import membership_end
from clubs.models import Club, Membership, Player
from clubs.selectors import ORGANIZER
from clubs.services import player_update
from clubs.view_helpers import has_role
from core import personal_links
from core.errors import ServiceError
from core.view_helpers import number_from, problems, refused
from tournaments.players.merge import player_merge


def _same_name(players: Sequence[Player]) -> list[list[Player]]:
    """Groups of the club's players whose names are equal but for case and spaces."""
    groups: dict[str, list[Player]] = {}
    for player in players:
        groups.setdefault(" ".join(player.name.split()).casefold(), []).append(player)
    return [group for group in groups.values() if len(group) > 1]


def club_players(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not has_role(request, club.pk, ORGANIZER):
        return refused(request)
    if request.method == "POST":
        try:
            done = _apply(request, club)
        except ServiceError as exc:
            # The organizer may use this page: a refusal is about the players (one of them
            # also in a club they do not run, or in none), told here, not a dead end.
            for problem in problems(exc.errors):
                messages.error(request, problem["text"])
        else:
            messages.success(request, done)
        return redirect("manage:club_players", slug=club.slug)
    players = list(
        Player.objects.filter(memberships__club=club)
        .annotate(played=Count("session_results", distinct=True))
        .order_by("name", "pk")
    )
    # Each player's personal link to the club's week, where the calendar is installed.
    tokens = personal_links.tokens_of(club.pk)
    for player in players:
        player.link_token = tokens.get(player.pk, "")  # type: ignore[attr-defined]
    return render(
        request,
        "tournaments/club_players.html",
        {
            "club": club,
            "players": players,
            "same_name": _same_name(players),
            "links_page": reverse("planning:club_links", args=[club.slug])
            if personal_links.club_tokens.registered
            else "",
        },
    )


def _apply(request: HttpRequest, club: Club) -> str:
    action = request.POST.get("action", "")
    player = get_object_or_404(
        Player, pk=number_from(request.POST, "player") or 0, memberships__club=club
    )
    if action == "rename":
        old = player.name
        player = player_update(player=player, actor=request.user, name=request.POST.get("name", ""))
        return _("%(old)s is now called %(name)s.") % {"old": old, "name": player.name}
    if action == "merge":
        keep = get_object_or_404(
            Player, pk=number_from(request.POST, "into") or 0, memberships__club=club
        )
        name = player.name
        player_merge(
            keep=keep, merged=player, actor=request.user, reason=request.POST.get("reason", "")
        )
        return _("%(merged)s and %(kept)s are one player now: %(kept)s.") % {
            "merged": name,
            "kept": keep.name,
        }
    if action == "retire":
        membership = get_object_or_404(Membership, club=club, player=player)
        membership_end(membership=membership, actor=request.user)
        return _("%(name)s is no longer a member; their results stay.") % {"name": player.name}
    raise ServiceError.single("unknown_action", gettext_lazy("Unknown action."))
