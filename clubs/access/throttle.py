"""Failed sign-ins, counted in Django's cache so passwords cannot be guessed at speed, without
handing anyone a lever to lock a real user out.

One guard (:class:`SignInGuard`) serves every door that checks a password: the sign-in form
(``clubs.views.sign_in``), the admin's sign-in (the same view) and password authentication on
the API's token endpoint (``web.api.access.authentication``). It counts

* failures of one address for one username: after ``LOGIN_FAILURE_LIMIT`` within
  ``LOGIN_FAILURE_WINDOW`` seconds that address may not try that username again until the
  window has passed (the attacker's own address, not the user, is stopped);
* failures of one address for any username: after ``LOGIN_ADDRESS_LIMIT`` the address is
  stopped (guessing many usernames);
* failures for one username from anywhere: after ``LOGIN_FAILURE_LIMIT`` the username is slowed
  down, not locked: one attempt per ``LOGIN_SLOWDOWN_SECONDS`` from all addresses together, so
  guessing from many addresses crawls while the real user waits seconds at most.

A refused attempt is not checked at all (no password comparison) and says when to try again.
The client's address is the one the API's throttling uses: ``REMOTE_ADDR``, or, behind
``TRUSTED_PROXY_COUNT`` proxies, the address that many hops from the right of
``X-Forwarded-For`` (a client's own ``X-Forwarded-For`` is never believed).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.http import HttpRequest
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from core.shared_cache import shared as cache  # fails open when the cache is down

LOGIN_FAILURE_LIMIT = getattr(settings, "LOGIN_FAILURE_LIMIT", 10)
LOGIN_ADDRESS_LIMIT = getattr(settings, "LOGIN_ADDRESS_LIMIT", 5 * LOGIN_FAILURE_LIMIT)
LOGIN_FAILURE_WINDOW = getattr(settings, "LOGIN_FAILURE_WINDOW", 300)
LOGIN_SLOWDOWN_SECONDS = getattr(settings, "LOGIN_SLOWDOWN_SECONDS", 5)


def client_address(request: HttpRequest | Request) -> str:
    """The client's address (REST_FRAMEWORK's NUM_PROXIES is ``TRUSTED_PROXY_COUNT``)."""
    api_request = request if isinstance(request, Request) else Request(request)
    return BaseThrottle().get_ident(api_request) or "unknown"


class SignInGuard:
    """The failure counters of one sign-in attempt (an address and a username). ``kind`` keeps
    other secrets' counters apart: ``"code"`` counts wrong personal codes of a player (the
    username is then the player), given the client's address as a string."""

    def __init__(
        self, request: HttpRequest | Request | str, username: str, *, kind: str = "login"
    ) -> None:
        address = _digest(request if isinstance(request, str) else client_address(request))
        name = _digest(username.strip().lower())
        self.pair = f"{kind}-failures:pair:{address}:{name}"
        self.address = f"{kind}-failures:ip:{address}"
        self.user = f"{kind}-failures:user:{name}"
        self.slow = f"{kind}-slow:user:{name}"

    def refused(self) -> int:
        """Seconds to wait before this attempt may be checked (0: check it now)."""
        counts = cache.get_many([self.pair, self.address, self.user])
        if counts.get(self.pair, 0) >= LOGIN_FAILURE_LIMIT:
            return LOGIN_FAILURE_WINDOW
        if counts.get(self.address, 0) >= LOGIN_ADDRESS_LIMIT:
            return LOGIN_FAILURE_WINDOW
        if counts.get(self.user, 0) >= LOGIN_FAILURE_LIMIT:
            # Slowed down: one attempt per LOGIN_SLOWDOWN_SECONDS for this username.
            if not cache.add(self.slow, 1, timeout=LOGIN_SLOWDOWN_SECONDS):
                return LOGIN_SLOWDOWN_SECONDS
        return 0

    def failed(self) -> None:
        for key in (self.pair, self.address, self.user):
            cache.add(key, 0, timeout=LOGIN_FAILURE_WINDOW)  # the window starts at the first
            try:
                cache.incr(key)
            except ValueError:  # expired between the two calls
                cache.set(key, 1, timeout=LOGIN_FAILURE_WINDOW)

    def succeeded(self) -> None:
        cache.delete_many([self.pair, self.user, self.slow])


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]
