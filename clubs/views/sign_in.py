"""The clubs a user belongs to, and the sign-in form, which counts failed attempts per address
and per username so passwords cannot be guessed at speed. A club's own page is in
``clubs.views.club``."""

from typing import Any

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.access.throttle import SignInGuard
from clubs.models import Club
from clubs.selectors import user_roles
from core.view_helpers import dutch


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's sign-in form that, once throttled, refuses without checking the password."""

    wait = 0  # seconds until the attempt may be checked (clubs.access.throttle)

    def clean(self) -> dict[str, Any]:
        if self.wait:
            english = f"Too many failed sign-in attempts. Try again in {self.wait} seconds."
            dutch_text = (
                "Te veel mislukte pogingen om in te loggen. Probeer het over "
                f"{self.wait} seconden opnieuw."
            )
            raise ValidationError(dutch_text if dutch() else english, code="too_many_attempts")
        return super().clean()


class LoginView(auth_views.LoginView):
    """The sign-in form (the site's and the admin's): refused attempts (clubs.access.throttle) get a
    429 with a message and a Retry-After, without the password being checked."""

    form_class = ThrottledAuthenticationForm

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = self.get_form()
        assert isinstance(form, ThrottledAuthenticationForm)  # form_class, for the type checker
        guard = SignInGuard(request, request.POST.get("username") or "")
        form.wait = guard.refused()
        if form.is_valid():
            guard.succeeded()
            return self.form_valid(form)
        if form.wait:
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(form.wait)
            return response
        guard.failed()
        return self.form_invalid(form)


class ThrottledAdminForm(ThrottledAuthenticationForm, AdminAuthenticationForm):
    """The admin's sign-in form (staff only), refusing like the site's once throttled."""


class AdminLoginView(LoginView):
    """``/admin/login/`` with the same counters as the site's sign-in form."""

    form_class = ThrottledAdminForm
    template_name = "admin/login.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {
            **super().get_context_data(**kwargs),
            **admin.site.each_context(self.request),
            "title": _("Log in"),
            "subtitle": None,
            "app_path": self.request.get_full_path(),
            "username": self.request.user.get_username(),
        }

    def get_default_redirect_url(self) -> str:
        return reverse("admin:index")


@login_required
def my_clubs(request: HttpRequest) -> HttpResponse:
    roles = user_roles(request.user)
    clubs = (
        Club.objects.all() if request.user.is_superuser else Club.objects.filter(pk__in=list(roles))
    )
    rows = [(club, roles.get(club.pk, "organizer")) for club in clubs.order_by("name")]
    return render(request, "clubs/my_clubs.html", {"rows": rows})
