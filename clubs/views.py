"""Club pages: the clubs a user belongs to, and a club's events and players; and the sign-in
form, which counts failed attempts per address and per username so passwords cannot be guessed
at speed."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs.errors import ServiceError
from clubs.forms import PlayerAddForm
from clubs.models import Club, Membership
from clubs.selectors import MEMBERS, ORGANIZER, SCORERS, user_roles
from clubs.services import club_player_add
from clubs.throttle import (
    LOGIN_FAILURE_WINDOW,
    login_counters,
    login_failed,
    login_succeeded,
    login_throttled,
)
from tournaments.forms import attach_problems
from tournaments.web.helpers import dutch, has_role, problems, refused


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's sign-in form that, once throttled, refuses without checking the password."""

    throttled = False

    def clean(self) -> dict[str, Any]:
        if self.throttled:
            minutes = max(1, LOGIN_FAILURE_WINDOW // 60)
            english = f"Too many failed sign-in attempts. Try again in {minutes} minutes."
            dutch_text = (f"Te veel mislukte pogingen om in te loggen. Probeer het over "
                          f"{minutes} minuten opnieuw.")
            raise ValidationError(dutch_text if dutch() else english, code="too_many_attempts")
        return super().clean()


class ThrottledLoginView(LoginView):
    """The sign-in form; after LOGIN_FAILURE_LIMIT failures from one address or for one
    username within LOGIN_FAILURE_WINDOW seconds it answers 429 with a message instead."""

    form_class = ThrottledAuthenticationForm

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = self.get_form()
        keys = login_counters(request, request.POST.get("username") or "")
        form.throttled = login_throttled(keys)
        if form.is_valid():
            login_succeeded(keys)
            return self.form_valid(form)
        if form.throttled:
            return self.render_to_response(self.get_context_data(form=form), status=429)
        login_failed(keys)
        return self.form_invalid(form)


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
