"""``Authorization: Token <key>`` with the named, revocable tokens of clubs.access.tokens; and a
username and password (HTTP Basic) on the token endpoint only, to create a first token from
the command line, throttled like the sign-in form."""

from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from clubs.access.throttle import SignInGuard
from clubs.access.tokens import TokenExpired, api_token_live
from clubs.models import ApiToken
from core.errors import Text, problem


class ProblemAuthenticationFailed(exceptions.AuthenticationFailed):
    """A refusal whose problem (with its Dutch message) the API's error shape shows as is."""

    def __init__(self, problem: dict) -> None:
        super().__init__(problem["message"], code=problem["code"])
        self.problems = [problem]


class ApiTokenAuthentication(authentication.BaseAuthentication):
    keyword = "Token"

    def authenticate(self, request: Request) -> tuple[User, ApiToken] | None:
        """The token's user, with the token itself as ``request.auth`` (a token it makes
        expires no later than it)."""
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.lower().encode():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Invalid token header.")
        try:
            key = header[1].decode()
        except UnicodeError as exc:
            raise exceptions.AuthenticationFailed("Invalid token header.") from exc
        try:
            token = api_token_live(key)
        except TokenExpired as expired:
            day = expired.expires_at.date().isoformat()
            raise ProblemAuthenticationFailed(
                problem(
                    "token_expired",
                    Text(
                        _("This API token expired on %(day)s; create a new one."),
                        day=day,
                    ),
                )
            ) from expired
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid or revoked token.")
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return self.keyword


class PasswordAuthentication(authentication.BasicAuthentication):
    """HTTP Basic that counts failures per address and username with the sign-in form's
    counters (clubs.access.throttle) and refuses, without checking the password, once throttled."""

    def authenticate_credentials(
        self, userid: str, password: str, request: Request | None = None
    ) -> tuple[User, None]:
        if request is None:  # DRF always passes the request
            raise exceptions.AuthenticationFailed()
        guard = SignInGuard(request, userid)
        wait = guard.refused()
        if wait:
            raise exceptions.Throttled(
                wait=wait, detail="Too many failed sign-in attempts; try later."
            )
        try:
            user, auth = super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            guard.failed()
            raise
        guard.succeeded()
        return user, auth


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """Describes the token scheme in the OpenAPI schema."""

    target_class = "web.api.access.authentication.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: object) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": 'A key from /api/v1/tokens/, sent as "Token <key>".',
        }


class PasswordScheme(OpenApiAuthenticationExtension):
    """Describes the password scheme of the token endpoint in the OpenAPI schema."""

    target_class = "web.api.access.authentication.PasswordAuthentication"
    name = "basicAuth"

    def get_security_definition(self, auto_schema: object) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "basic",
            "description": "A username and password, on /api/v1/tokens/ only.",
        }
