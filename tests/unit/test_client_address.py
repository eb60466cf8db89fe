"""The client's address (clubs.throttle.client_address) and the waits after failed sign-ins
(clubs.throttle.wait_after): no database."""

import pytest
from django.test import RequestFactory
from hypothesis import given
from hypothesis import strategies as st

from clubs.throttle import client_address, wait_after


def request(remote: str = "10.0.0.1", forwarded: str | None = None):
    headers = {} if forwarded is None else {"HTTP_X_FORWARDED_FOR": forwarded}
    return RequestFactory().get("/", REMOTE_ADDR=remote, **headers)


@pytest.mark.parametrize("forwarded", [None, "", "1.2.3.4", "1.2.3.4, 5.6.7.8", "garbage"])
def test_without_trusted_proxies_the_connecting_address_counts(settings, forwarded):
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_address(request(forwarded=forwarded)) == "10.0.0.1"


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (1, "203.0.113.7", "203.0.113.7"),
        (1, "6.6.6.6, 203.0.113.7", "203.0.113.7"),  # the client wrote 6.6.6.6 itself
        (1, "6.6.6.6,203.0.113.7", "203.0.113.7"),
        (2, "6.6.6.6, 203.0.113.7, 10.1.1.1", "203.0.113.7"),
        (2, "203.0.113.7", "203.0.113.7"),  # fewer entries than proxies: the first
        (1, "2001:db8::1", "2001:db8::1"),
        (1, "6.6.6.6, not-an-address", "10.0.0.1"),  # nonsense: the connecting address
        (1, None, "10.0.0.1"),
    ],
)
def test_behind_proxies_their_entry_counts(settings, proxies, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = proxies
    assert client_address(request(forwarded=forwarded)) == expected


def test_the_waits_double_from_the_first_up_to_the_longest():
    waits = [wait_after(n, 5, 2, 300) for n in range(1, 16)]
    assert waits == [0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]


@given(st.integers(0, 10_000), st.integers(0, 50), st.floats(0.1, 60), st.floats(60, 3600))
def test_a_wait_never_shrinks_with_more_failures_and_stays_under_the_ceiling(
    attempts, free, first, longest
):
    now, later = wait_after(attempts, free, first, longest), wait_after(
        attempts + 1, free, first, longest)
    assert 0 <= now <= later <= max(1, -(-longest // 1))
    assert (now == 0) == (attempts <= free)
