"""Club pages: the clubs a user belongs to, and a club's events and players."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs.errors import ServiceError
from clubs.forms import PlayerAddForm
from clubs.models import Club, Membership
from clubs.selectors import MEMBERS, ORGANIZER, SCORERS, user_roles
from clubs.services import club_player_add
from tournaments.forms import attach_problems
from tournaments.web.helpers import has_role, problems, refused


@login_required
def my_clubs(request: HttpRequest) -> HttpResponse:
    roles = user_roles(request.user)
    clubs = Club.objects.all() if request.user.is_superuser else Club.objects.filter(
        pk__in=list(roles))
    rows = [(club, roles.get(club.pk, "organizer")) for club in clubs.order_by("name")]
    return render(request, "clubs/my_clubs.html", {"rows": rows})


def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not has_role(request, club.pk, MEMBERS):
        return refused(request)
    form = PlayerAddForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                player = club_player_add(club=club, actor=request.user,
                                         name=form.cleaned_data["name"])
            except ServiceError as exc:
                if exc.status_code == 403:
                    return refused(request, exc)
                attach_problems(form, problems(exc.errors))
            else:
                messages.success(request, _("%(name)s is now a member.") % {"name": player.name})
                return redirect("clubs:club", slug=club.slug)
        status = 400
    memberships = Membership.objects.filter(club=club).select_related("player").order_by(
        "player__name")
    return render(request, "clubs/club.html", {
        "club": club, "form": form, "memberships": memberships,
        "events": club.events.order_by("-date", "-id"),
        "is_organizer": has_role(request, club.pk, ORGANIZER),
        "is_scorer": has_role(request, club.pk, SCORERS),
    }, status=status)
