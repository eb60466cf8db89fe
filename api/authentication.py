"""``Authorization: Token <key>`` with the named, revocable tokens of clubs.tokens; and a
username and password (HTTP Basic) on the token endpoint only, to create a first token from
the command line, throttled like the sign-in form."""

from django.contrib.auth.models import User
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from clubs.errors import TooManyAttempts
from clubs.throttle import sign_in_attempt, sign_in_succeeded
from clubs.tokens import api_token_user


class ApiTokenAuthentication(authentication.BaseAuthentication):
    keyword = "Token"

    def authenticate(self, request: Request) -> tuple[User, None] | None:
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.lower().encode():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Invalid token header.")
        try:
            key = header[1].decode()
        except UnicodeError as exc:
            raise exceptions.AuthenticationFailed("Invalid token header.") from exc
        user = api_token_user(key)
        if user is None:
            raise exceptions.AuthenticationFailed("Invalid or revoked token.")
        return user, None

    def authenticate_header(self, request: Request) -> str:
        return self.keyword


class PasswordAuthentication(authentication.BasicAuthentication):
    """HTTP Basic, slowed down after failures like the sign-in form (clubs.throttle): an
    attempt that comes too soon gets a 429 with ``Retry-After``, its password unchecked."""

    def authenticate_credentials(
        self, userid: str, password: str, request: Request | None = None
    ) -> tuple[User, None]:
        if request is None:
            raise exceptions.AuthenticationFailed("Invalid username/password.")
        attempt = sign_in_attempt(request, userid)
        if attempt.refused:
            raise TooManyAttempts(attempt.retry_after)
        user, auth = super().authenticate_credentials(userid, password, request)  # counted
        sign_in_succeeded(attempt)
        return user, auth


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """Describes the token scheme in the OpenAPI schema."""

    target_class = "api.authentication.ApiTokenAuthentication"
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

    target_class = "api.authentication.PasswordAuthentication"
    name = "basicAuth"

    def get_security_definition(self, auto_schema: object) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "basic",
            "description": "A username and password, on /api/v1/tokens/ only.",
        }
