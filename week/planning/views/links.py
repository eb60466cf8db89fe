"""The organizer's pages of the players' personal links: each member's link (make one, renew
it, switch it off, copy or share it), every member's at once (those without one get one; a
renewal of them all is asked first) and the slips to print, one per member with their name,
link and QR code. The writes are ``week.planning.links``'."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from clubs.models import Club, Player
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.view_helpers import number_from, qr_svg, refused, refused_or_told
from week.planning import links
from week.planning.models import RsvpLink
from week.planning.selectors import member_links


def link_url(request: HttpRequest, token: str) -> str:
    """The address of a personal link's page, as its player opens it."""
    return request.build_absolute_uri(reverse("planning:link_page", args=[token]))


def share_text(club: Club) -> str:
    """The words that go with a link shared from the organizer's phone."""
    return _("Your personal link for the club nights of %(club)s:") % {"club": club.name}


def _organizer_club(request: HttpRequest, slug: str) -> tuple[Club, HttpResponse | None]:
    club = get_object_or_404(Club, slug=slug)
    return club, None if has_role(request, club.pk, ORGANIZER) else refused(request)


@never_cache
def club_links(request: HttpRequest, slug: str) -> HttpResponse:
    """Every member with their personal link: make, renew or switch off one, copy or share
    it; make the links of every member at once."""
    club, refusal = _organizer_club(request, slug)
    if refusal is not None:
        return refusal
    if request.method == "POST":
        return _one_link(request, club)
    made = {link.player_id: link for link in RsvpLink.objects.filter(club=club)}
    rows: list[dict[str, Any]] = []
    for player in Player.objects.filter(memberships__club=club).order_by("name", "pk"):
        link = made.get(player.pk)
        rows.append(
            {
                "player": player,
                "token": link.token if link else "",
                "url": link_url(request, link.token) if link else "",
            }
        )
    without = sum(1 for row in rows if not row["url"])
    return render(
        request,
        "planning/links.html",
        {
            "club": club,
            "rows": rows,
            "without": without,
            "with_link": len(rows) - without,
            "share_text": share_text(club),
        },
    )


def _one_link(request: HttpRequest, club: Club) -> HttpResponse:
    player = get_object_or_404(
        Player, pk=number_from(request.POST, "player") or 0, memberships__club=club
    )
    action = request.POST.get("action")
    try:
        if action == "revoke":
            links.rsvp_link_revoke(club=club, player=player, actor=request.user)
            messages.success(
                request, _("The link of %(name)s is switched off.") % {"name": player.name}
            )
        else:
            issued = links.rsvp_link_issue(
                club=club, player=player, actor=request.user, renew=action == "renew"
            )
            messages.success(request, issued_message(issued, player.name))
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    return redirect(reverse("planning:club_links", args=[club.slug]) + f"#link-{player.pk}")


def issued_message(issued: links.LinkIssued, name: str) -> str:
    """What making or renewing a link did, in words: an old link is only said to stop
    working when there was one."""
    if issued.replaced:
        return _("%(name)s has a new link; the old one no longer works.") % {"name": name}
    if issued.made:
        return _("%(name)s has a personal link now: send it to them.") % {"name": name}
    return _("%(name)s keeps the link they had.") % {"name": name}


def all_issued_message(issued: links.LinksIssued) -> str:
    parts = []
    if issued.made:
        parts.append(
            ngettext(
                "%(n)s new personal link made.", "%(n)s new personal links made.", len(issued.made)
            )
            % {"n": len(issued.made)}
        )
    if issued.renewed:
        parts.append(
            ngettext(
                "%(n)s link renewed: the old one no longer works.",
                "%(n)s links renewed: the old ones no longer work.",
                len(issued.renewed),
            )
            % {"n": len(issued.renewed)}
        )
    if issued.kept:
        parts.append(
            ngettext(
                "%(n)s member keeps the link they had.",
                "%(n)s members keep the link they had.",
                len(issued.kept),
            )
            % {"n": len(issued.kept)}
        )
    return " ".join(parts) or _("The club has no members yet.")


@never_cache
@require_http_methods(["GET", "POST"])
def club_links_all(request: HttpRequest, slug: str) -> HttpResponse:
    """Links for every member at once. ``make`` gives a link to those without one and keeps
    every other; ``renew`` replaces them all, and only once the organizer confirmed it (GET,
    or a renewal not yet confirmed, asks first, saying how many links stop working)."""
    club, refusal = _organizer_club(request, slug)
    if refusal is not None:
        return refusal
    action = request.POST.get("action", "")
    if request.method == "GET" or (action == "renew" and request.POST.get("confirm") != "yes"):
        existing = len(member_links(club))
        return render(
            request,
            "planning/links_renew.html",
            {"club": club, "existing": existing},
        )
    try:
        issued = links.rsvp_links_issue(club=club, actor=request.user, renew=action == "renew")
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
        return redirect("planning:club_links", slug=club.slug)
    messages.success(request, all_issued_message(issued))
    return redirect("planning:club_link_slips", slug=club.slug)


@never_cache
def club_link_slips(request: HttpRequest, slug: str) -> HttpResponse:
    """Every member's link as a slip to print and cut: name, link and QR code."""
    club, refusal = _organizer_club(request, slug)
    if refusal is not None:
        return refusal
    slips = []
    for link in member_links(club):
        url = link_url(request, link.token)
        slips.append({"player": link.player, "url": url, "qr": qr_svg(url, scale=3)})
    members = Player.objects.filter(memberships__club=club).count()
    return render(
        request,
        "planning/link_slips.html",
        {
            "club": club,
            "slips": slips,
            "without": members - len(slips),
            "share_text": share_text(club),
        },
    )
