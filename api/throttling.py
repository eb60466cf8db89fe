"""The API's rate limits, counted per client address as clubs.throttle.client_address sees
it (so a client's own X-Forwarded-For does not give it a fresh allowance)."""

from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle

from clubs.throttle import client_address


class AnonThrottle(AnonRateThrottle):
    """Anonymous requests, per address (``API_ANON_RATE``)."""

    def get_ident(self, request: Request) -> str:
        return client_address(request) or "unknown"
