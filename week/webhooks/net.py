"""Sending a delivery over HTTP(S) with the standard library, to public addresses only.

A hook's host is resolved when the hook is saved and again at every attempt (a name may point
elsewhere by then: DNS rebinding), and every address it resolves to must be public: loopback,
private, link-local, multicast, reserved, unspecified and shared addresses are refused, IPv4
and IPv6 alike (an IPv4 address inside IPv6, mapped, 6to4 or NAT64, counts as that IPv4
address). The connection then goes to the address that was checked, never to a second lookup.
An address inside one of ``settings.WEBHOOKS_ALLOWED_NETWORKS`` (the networks an administrator
lists: a club's own server on its LAN) is allowed too. Redirects are not followed: a 3xx answer
is a failed attempt. Of the answer only its status is read: nothing the receiver says is kept
or shown (a hook aimed at a LAN service must not read it back).
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
NAT64 = ipaddress.ip_network("64:ff9b::/96")


class Refused(Exception):
    """The URL may not be called; ``code`` says why (``bad_url``, ``unresolvable``,
    ``private_address``)."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str


@dataclass(frozen=True)
class Answer:
    """What an attempt came to: the receiver's status (None when there was no answer) and, for
    a failure, what went wrong in a few words (never the receiver's own words)."""

    status: int | None
    error: str

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def _embedded_ipv4(address: IPAddress) -> IPAddress:
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return address.ipv4_mapped
        if address.sixtofour is not None:
            return address.sixtofour
        if address in NAT64:
            return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return address


def is_blocked(address: IPAddress) -> bool:
    """Whether ``address`` is anything but a public unicast address."""
    address = _embedded_ipv4(address)
    return (
        address.is_loopback
        or address.is_private
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
        or not address.is_global
    )


def allowed_networks() -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """The networks besides public addresses a hook may reach (``WEBHOOKS_ALLOWED_NETWORKS``)."""
    return [ipaddress.ip_network(network) for network in settings.WEBHOOKS_ALLOWED_NETWORKS]


def is_allowed(address: IPAddress) -> bool:
    """Whether a hook may reach ``address``: a public one, or one in an allowed network."""
    if not is_blocked(address):
        return True
    plain = _embedded_ipv4(address)
    return any(
        candidate.version == network.version and candidate in network
        for network in allowed_networks()
        for candidate in {address, plain}
    )


def parse(url: str) -> Target:
    """The URL's parts, refused unless it is a plain http(s) URL with a host."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise Refused("bad_url", str(exc)) from exc
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refused("bad_url", "not an http(s) URL with a host")
    if parts.username is not None or parts.password is not None:
        raise Refused("bad_url", "a user name or password in the URL")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    default = 443 if parts.scheme == "https" else 80
    return Target(parts.scheme, parts.hostname, port or default, path)


def addresses(target: Target) -> list[IPAddress]:
    """The addresses the host resolves to, refused if any of them is neither public nor in an
    allowed network."""
    try:
        found = socket.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise Refused("unresolvable", target.host) from exc
    result: list[IPAddress] = []
    for _family, _type, _proto, _name, sockaddr in found:
        address = ipaddress.ip_address(str(sockaddr[0]).split("%")[0])
        if address not in result:
            result.append(address)
    if not result:
        raise Refused("unresolvable", target.host)
    blocked = [str(a) for a in result if not is_allowed(a)]
    if blocked:
        raise Refused("private_address", ", ".join(blocked))
    return result


def check(url: str) -> Target:
    """Refuse a URL that may not be called (raises ``Refused``)."""
    target = parse(url)
    addresses(target)
    return target


class _Pinned(http.client.HTTPConnection):
    """A connection to the address that was checked, whatever the name resolves to now."""

    def __init__(self, host: str, port: int, address: IPAddress, timeout: float):
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((str(self.address), self.port), self.timeout)


class _PinnedTLS(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, address: IPAddress, timeout: float):
        self.tls = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=self.tls)
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((str(self.address), self.port), self.timeout)
        self.sock = self.tls.wrap_socket(sock, server_hostname=self.host)


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    """POST ``body`` to ``url`` (checked again now); what the receiver answered, or the error.
    Raises ``Refused`` for a URL that may not be called."""
    target = parse(url)
    address = addresses(target)[0]
    kind = _PinnedTLS if target.scheme == "https" else _Pinned
    connection = kind(target.host, target.port, address, settings.WEBHOOKS_TIMEOUT)
    try:
        connection.request("POST", target.path, body=body, headers=headers)
        response = connection.getresponse()  # its status; the body is never read
        error = "redirect not followed" if 300 <= response.status < 400 else ""
        return Answer(response.status, error)
    except http.client.HTTPException as exc:
        # Its text may quote what the receiver sent (a status line that is not HTTP's): only
        # its kind is kept.
        return Answer(None, f"not an HTTP answer ({type(exc).__name__})")
    except OSError as exc:  # the connection's own error: refused, timed out, TLS
        return Answer(None, (str(exc) or type(exc).__name__)[:300])
    finally:
        connection.close()
