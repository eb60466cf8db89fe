"""Signing in with a password, slowed down after failures (clubs.throttle): the sign-in form,
the admin's sign-in and the token endpoint's password check refuse an attempt that comes too
soon with HTTP 429 and ``Retry-After``, without checking the password."""

from typing import Any

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse

from clubs.throttle import sign_in_attempt, sign_in_succeeded, too_many_attempts
from tournaments.web.helpers import dutch

# Set on the request when an attempt was refused: the seconds to wait.
RETRY_AFTER = "sign_in_retry_after"


class ThrottledSignIn:
    """Mixed into an AuthenticationForm: counts the attempt before the password is checked
    and refuses it, unchecked, while its wait lasts."""

    request: HttpRequest | None
    cleaned_data: dict[str, Any]

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        if self.request is None or username is None or not self.cleaned_data.get("password"):
            return super().clean()  # type: ignore[misc]  # nothing is checked
        attempt = sign_in_attempt(self.request, username)
        if attempt.refused:
            setattr(self.request, RETRY_AFTER, attempt.retry_after)
            english, dutch_text = too_many_attempts(attempt.retry_after)
            raise ValidationError(dutch_text if dutch() else english, code="too_many_attempts")
        cleaned = super().clean()  # type: ignore[misc]  # a wrong password raises: counted
        sign_in_succeeded(attempt)
        return cleaned


class ThrottledAuthenticationForm(ThrottledSignIn, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottledSignIn, AdminAuthenticationForm):
    pass


def refused_with_retry_after(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The form page as 429 with ``Retry-After`` when the attempt was refused."""
    retry_after = getattr(request, RETRY_AFTER, None)
    if retry_after:
        response.status_code = 429
        response["Retry-After"] = str(retry_after)
    return response


class ThrottledLoginView(LoginView):
    form_class = ThrottledAuthenticationForm

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return refused_with_retry_after(request, super().post(request, *args, **kwargs))


class ThrottledAdminSite(admin.AdminSite):
    """The admin site, with the throttled sign-in (config.apps makes it the default site)."""

    login_form = ThrottledAdminAuthenticationForm

    def login(self, request: HttpRequest, extra_context: dict[str, Any] | None = None
              ) -> HttpResponse:
        return refused_with_retry_after(request, super().login(request, extra_context))
