"""Failed sign-ins, counted per address and per username in Django's cache, so passwords cannot
be guessed at speed: the sign-in form (clubs.views) and password authentication in the API
(api.authentication) both refuse once either counter reaches the limit, without checking the
password, until the window has passed."""

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from rest_framework.throttling import BaseThrottle

# At most this many failed sign-ins per address and per username in a window of this many
# seconds.
LOGIN_FAILURE_LIMIT = getattr(settings, "LOGIN_FAILURE_LIMIT", 10)
LOGIN_FAILURE_WINDOW = getattr(settings, "LOGIN_FAILURE_WINDOW", 300)


def login_counters(request: HttpRequest, username: str) -> list[str]:
    """Cache keys of the failure counters for this request's address and for ``username``."""
    # The client's address as the API's throttling sees it (REST_FRAMEWORK's NUM_PROXIES
    # says how many proxies' X-Forwarded-For entries to trust).
    address = BaseThrottle().get_ident(request) or "unknown"
    keys = [f"login-failures:ip:{_digest(address)}"]
    username = username.strip().lower()
    if username:
        keys.append(f"login-failures:user:{_digest(username)}")
    return keys


def login_throttled(keys: list[str]) -> bool:
    return any(n >= LOGIN_FAILURE_LIMIT for n in cache.get_many(keys).values())


def login_failed(keys: list[str]) -> None:
    for key in keys:
        cache.add(key, 0, timeout=LOGIN_FAILURE_WINDOW)  # the window starts at the first failure
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.set(key, 1, timeout=LOGIN_FAILURE_WINDOW)


def login_succeeded(keys: list[str]) -> None:
    cache.delete_many(keys[1:])  # the username's own counter starts again


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]
