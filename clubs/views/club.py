"""A club's page: for anyone its next club nights (the calendar's ``{% club_nights %}``) and its
published events; for its members also every event and its players; its scorers register new
players, its organizers bring in a player of another club (with that side's consent,
``membership_add``) and let another club add one of theirs (``join_consent_grant``)."""

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs.forms import ConsentForm, JoinForm, PlayerAddForm
from clubs.memberships import join_consent_grant, membership_add, players_who_may_join
from clubs.models import Club, JoinConsent, Membership, Player
from clubs.selectors import MEMBERS, ORGANIZER, SCORERS
from clubs.services import club_player_add
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.view_helpers import refused, refused_or_on_form


def _forms(request: HttpRequest, club: Club, posted: str | None) -> dict[str, forms.Form]:
    """The page's three forms, the one that was posted bound to the post."""

    def data(name: str) -> Any:
        return request.POST if posted == name else None

    joinable = [(p.pk, p.name) for p in players_who_may_join(club, request.user)]
    members = [
        (m.player_id, m.player.name)
        for m in Membership.objects.filter(club=club)
        .select_related("player")
        .order_by("player__name")
    ]
    others = list(Club.objects.exclude(pk=club.pk).order_by("name").values_list("pk", "name"))
    return {
        "register": PlayerAddForm(data("register")),
        "join": JoinForm(data("join"), choices=joinable, prefix="join"),
        "consent": ConsentForm(data("consent"), players=members, clubs=others, prefix="consent"),
    }


def _apply(request: HttpRequest, club: Club, name: str, form: forms.Form) -> str:
    """Carry out the posted form through its service; the message to show."""
    data = form.cleaned_data
    if name == "register":
        player = club_player_add(club=club, actor=request.user, name=data["name"])
        return _("%(name)s is now a member.") % {"name": player.name}
    player = get_object_or_404(Player, pk=data["player"])
    if name == "join":
        membership_add(club=club, player=player, actor=request.user)
        return _("%(name)s is now a member.") % {"name": player.name}
    other = get_object_or_404(Club, pk=data["club"])
    join_consent_grant(player=player, club=other, actor=request.user)
    return _("%(club)s may now add %(name)s as a member.") % {
        "club": other.name,
        "name": player.name,
    }


def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not has_role(request, club.pk, MEMBERS):
        if request.method == "POST":
            return refused(request)
        return public_club_page(request, club)
    posted = request.POST.get("form", "register") if request.method == "POST" else None
    page_forms = _forms(request, club, posted)
    status = 200
    if posted is not None:
        form = page_forms.get(posted)
        if form is None:
            return refused(request)
        valid = (
            form.check_namesakes(club.pk) if isinstance(form, PlayerAddForm) else form.is_valid()
        )
        if valid:
            try:
                done = _apply(request, club, posted, form)
            except ServiceError as exc:
                if (answer := refused_or_on_form(request, exc, form)) is not None:
                    return answer
            else:
                messages.success(request, done)
                return redirect("clubs:club_page", slug=club.slug)
        status = 400
    is_organizer = has_role(request, club.pk, ORGANIZER)
    memberships = (
        Membership.objects.filter(club=club).select_related("player").order_by("player__name")
    )
    return render(
        request,
        "clubs/club.html",
        {
            "club": club,
            "form": page_forms["register"],
            "join_form": page_forms["join"],
            "consent_form": page_forms["consent"],
            "memberships": memberships,
            "consents": JoinConsent.objects.filter(player__memberships__club=club)
            .select_related("player", "club")
            .order_by("player__name")
            if is_organizer
            else [],
            "events": club.events.order_by("-date", "-id"),
            "is_organizer": is_organizer,
            "is_scorer": has_role(request, club.pk, SCORERS),
        },
        status=status,
    )


def public_club_page(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's page as anyone sees it: its next nights and its published events."""
    return render(
        request,
        "clubs/club.html",
        {
            "club": club,
            "public": True,
            "events": club.events.filter(published=True).order_by("-date", "-id"),
        },
    )
