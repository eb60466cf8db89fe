"""Who a request comes from, and failed sign-ins slowed down without locking anyone out.

``client_address`` is the one place that decides a client's address: the address that
connected (``REMOTE_ADDR``), or, behind ``TRUSTED_PROXY_COUNT`` proxies, the address the
outermost of them saw (that many entries from the right of ``X-Forwarded-For``). Entries a
client writes itself are never believed. The API's throttles (api.throttling), the token
endpoint, the sign-in form and the admin's sign-in all use it.

Failed sign-ins are counted per address and username together, and per address (any
username), in Django's cache. The first few failures of each cost nothing; after that every
attempt must wait for the one before it, twice as long each time up to a ceiling, and an
attempt made too soon is refused without checking the password (HTTP 429 with
``Retry-After``). A success forgets the failures of that address and username. Nothing is
counted per username alone: someone guessing a member's password from elsewhere slows down
themselves, never the member signing in from their own address.
"""

import hashlib
import ipaddress
import math
import time
from dataclasses import dataclass, field

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or the trusted proxies' view of it."""
    remote = request.META.get("REMOTE_ADDR") or ""
    proxies = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0) or 0)
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR") or ""
    if proxies <= 0 or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",")]
    # Our own proxy appended the address it saw last; with several proxies the outermost one's
    # entry is that many from the right. A shorter header came by fewer proxies than trusted:
    # its first entry is the one the outermost proxy wrote.
    candidate = hops[-min(proxies, len(hops))]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


def wait_after(attempts: int, free: int, first: float, longest: float) -> int:
    """Whole seconds the next attempt must wait after ``attempts`` counted ones, of which the
    first ``free`` cost nothing: ``first`` seconds after the first one beyond them, doubling
    with each further one, never more than ``longest``."""
    if attempts <= free:
        return 0
    doublings = min(attempts - free - 1, 64)
    return max(1, math.ceil(min(longest, first * 2**doublings)))


def too_many_attempts(retry_after: int) -> tuple[str, str]:
    """The refusal, in English and Dutch, saying how long to wait."""
    if retry_after >= 120:
        minutes = math.ceil(retry_after / 60)
        return (f"Too many failed sign-in attempts. Try again in {minutes} minutes.",
                f"Te veel mislukte pogingen om in te loggen. Probeer het over {minutes} "
                "minuten opnieuw.")
    return (f"Too many failed sign-in attempts. Try again in {retry_after} seconds.",
            f"Te veel mislukte pogingen om in te loggen. Probeer het over {retry_after} "
            "seconden opnieuw.")


def _setting(name: str, default: float) -> float:
    return float(getattr(settings, name, default))


@dataclass
class _Counter:
    key: str
    free: int
    attempts: int = 0
    claimed: bool = False

    @property
    def wait_key(self) -> str:
        return self.key + ":wait"


@dataclass
class SignInAttempt:
    """One sign-in attempt's counters: per address and username, and per address."""

    counters: list[_Counter] = field(default_factory=list)
    retry_after: int = 0  # seconds to wait when refused; 0 when the attempt may go ahead

    @property
    def refused(self) -> bool:
        return self.retry_after > 0


def sign_in_attempt(request: HttpRequest, username: str) -> SignInAttempt:
    """Count an attempt to sign in as ``username`` before its password is checked. Refused
    (``retry_after`` > 0) when it comes before the wait its counters impose has passed; then
    nothing is counted and the password must not be checked."""
    address = client_address(request) or "unknown"
    name = (username or "").strip().lower()
    attempt = SignInAttempt(
        counters=[
            _Counter(f"sign-in:pair:{_digest(address + chr(0) + name)}",
                     int(_setting("LOGIN_FREE_FAILURES", 5))),
            _Counter(f"sign-in:address:{_digest(address)}",
                     int(_setting("LOGIN_FREE_FAILURES_PER_ADDRESS", 30))),
        ]
    )
    memory = int(_setting("LOGIN_FAILURE_MEMORY", 3600))
    first, longest = _setting("LOGIN_FIRST_WAIT", 2), _setting("LOGIN_LONGEST_WAIT", 300)
    now = time.time()
    for counter in attempt.counters:
        counter.attempts = _increment(counter.key, memory)
    for counter in attempt.counters:
        wait = wait_after(counter.attempts, counter.free, first, longest)
        if not wait:
            continue
        # Claims the next slot atomically: parallel attempts cannot share one.
        if cache.add(counter.wait_key, now + wait, timeout=wait):
            counter.claimed = True
            continue
        until = cache.get(counter.wait_key) or now + 1
        _undo(attempt)
        attempt.retry_after = max(1, math.ceil(until - now))
        return attempt
    return attempt


def sign_in_succeeded(attempt: SignInAttempt) -> None:
    """The password was right: forget the failures of this address and username, and do not
    count this attempt against the address."""
    pair, address = attempt.counters
    cache.delete_many([pair.key, pair.wait_key])
    _decrement(address.key)
    if address.claimed:
        cache.delete(address.wait_key)


def _undo(attempt: SignInAttempt) -> None:
    for counter in attempt.counters:
        _decrement(counter.key)
        if counter.claimed:
            cache.delete(counter.wait_key)
            counter.claimed = False


def _increment(key: str, memory: int) -> int:
    cache.add(key, 0, timeout=memory)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=memory)
        count = 1
    cache.touch(key, memory)  # forgotten only this long after the last attempt
    return count


def _decrement(key: str) -> None:
    try:
        cache.decr(key)
    except ValueError:
        pass


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]
