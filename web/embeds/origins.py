"""The club's origins allowed to embed its pages: read (``embed_origins_read``), checked and
replaced as a whole (``embed_origins_set``, with an audit entry) by its organizers, on the
club's embeds page and through the API alike. A refused origin is named in its problem, whose
``field`` is ``origins[<i>]``: its place in the list given, from 0.

An origin is a scheme, a host and maybe a port (``https://club.example``,
``https://club.example:8443``): no path, query, user, wildcard or other scheme. Plain
``http://`` is for a local test page only (``localhost``, ``127.0.0.1``, ``[::1]``) and only
where ``EMBED_ALLOW_HTTP_ORIGINS`` is on (by default with DEBUG).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club
from clubs.selectors import ORGANIZER, require_role
from core.errors import ServiceError, Text, problem
from web.embeds.models import EmbedOrigin

MAX_ORIGINS = 20
MAX_LENGTH = 200  # EmbedOrigin.origin's
LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")
_LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
HOST = re.compile(rf"^(?:{_LABEL}\.)*{_LABEL}$|^\[::1\]$")


def club_origins(club_id: int) -> list[str]:
    return list(EmbedOrigin.objects.filter(club_id=club_id).values_list("origin", flat=True))


def embed_origins_read(*, club: Club, actor: User | AnonymousUser | None) -> list[str]:
    """The club's origins, for its organizers (who change them)."""
    require_role(actor, club.pk, ORGANIZER, _("see where the club's pages may be embedded"))
    return club_origins(club.pk)


def _http_allowed() -> bool:
    return bool(getattr(settings, "EMBED_ALLOW_HTTP_ORIGINS", settings.DEBUG))


def normalize_origin(value: str, *, field: str = "origins") -> str:
    """The origin as browsers write it (lower case, no default port, no trailing slash), or a
    ``ServiceError`` naming what is wrong with it (its problem's ``field``: ``field``)."""
    text = value.strip()

    def bad(message: Text) -> ServiceError:
        return ServiceError([problem("invalid_origin", message, field=field)])

    if len(text) > MAX_LENGTH:
        raise bad(
            Text(
                _("An origin has at most %(most)s characters: '%(origin)s…'."),
                most=MAX_LENGTH,
                origin=text[:40],
            )
        )
    if "*" in text:
        raise bad(
            Text(_("'%(origin)s': an origin takes no wildcard; list each site."), origin=text)
        )
    parts = urlsplit(text.removesuffix("/"))
    if parts.scheme not in ("https", "http") or not parts.netloc:
        raise bad(
            Text(_("'%(origin)s' is not an origin: write it as https://club.example."), origin=text)
        )
    if parts.path or parts.query or parts.fragment or "@" in parts.netloc:
        raise bad(
            Text(
                _(
                    "'%(origin)s': an origin is a scheme and a host only, without a path, "
                    "query or user (https://club.example)."
                ),
                origin=text,
            )
        )
    try:
        host, port = (parts.hostname or ""), parts.port
        # A host name in another script is written as browsers send it (punycode).
        host = host if host.isascii() else host.encode("idna").decode("ascii")
    except UnicodeError:
        raise bad(Text(_("'%(origin)s' has no valid host name."), origin=text)) from None
    except ValueError:
        raise bad(Text(_("'%(origin)s' has no valid port."), origin=text)) from None
    if port == 0:
        raise bad(Text(_("'%(origin)s' has no valid port."), origin=text))
    host = f"[{host}]" if ":" in host else host
    if not HOST.match(host):
        raise bad(Text(_("'%(origin)s' has no valid host name."), origin=text))
    if parts.scheme == "http" and not (_http_allowed() and host in LOCAL_HOSTS):
        raise bad(
            Text(_("'%(origin)s': only https:// origins may embed the club's pages."), origin=text)
        )
    default = {"https": 443, "http": 80}[parts.scheme]
    return f"{parts.scheme}://{host}" + (f":{port}" if port and port != default else "")


def embed_origins_writer(*, club: Club, actor: User | AnonymousUser | None) -> None:
    """Refuse an actor who may not change the club's origins (its organizers may): asked
    before a request's body is read, so that a refusal never depends on it."""
    require_role(actor, club.pk, ORGANIZER, _("change where the club's pages may be embedded"))


@transaction.atomic
def embed_origins_set(
    *,
    club: Club,
    actor: User | AnonymousUser | None,
    origins: Iterable[str],
) -> list[str]:
    """Replace the club's allowed origins (its organizers); every problem at once."""
    embed_origins_writer(club=club, actor=actor)
    wanted: list[str] = []
    errors = []
    for index, value in enumerate(origins):
        if not value.strip():
            continue
        try:
            origin = normalize_origin(value, field=f"origins[{index}]")
        except ServiceError as error:
            errors.extend(error.errors)
            continue
        if origin not in wanted:
            wanted.append(origin)
    if len(wanted) > MAX_ORIGINS:
        errors.append(
            problem(
                "too_many_origins",
                Text(_("A club may list at most %(most)s origins."), most=MAX_ORIGINS),
                field="origins",
            )
        )
    if errors:
        raise ServiceError(errors)
    Club.objects.select_for_update().filter(pk=club.pk).first()
    before = club_origins(club.pk)
    EmbedOrigin.objects.filter(club=club).exclude(origin__in=wanted).delete()
    for origin in wanted:
        EmbedOrigin.objects.get_or_create(club=club, origin=origin)
    audit(actor, "club.embed_origins", club, club_id=club.pk, before=before, after=wanted)
    return wanted
