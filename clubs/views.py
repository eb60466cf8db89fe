"""The clubs a user belongs to, and the sign-in form, which counts failed attempts per address
and per username so passwords cannot be guessed at speed. A club's own page is in
``clubs.pages``."""

from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs.models import Club
from clubs.selectors import user_roles
from clubs.throttle import (
    LOGIN_FAILURE_WINDOW,
    login_counters,
    login_failed,
    login_succeeded,
    login_throttled,
)
from tournaments.web.helpers import dutch


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
