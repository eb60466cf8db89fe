"""The system check of the e-mails' links (``manage.py check``, and every command that starts
the service):

* ``mailings.W001`` ``SITE_URL`` is not an https address (and not this machine's own, a local
  run): the links in the evenings start with it, so their unsubscribe link is plain http, and
  RFC 8058's one-click unsubscribe (``List-Unsubscribe-Post``), which asks for https, is left
  out of every e-mail; mail providers may then file the evenings as bulk mail.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from django.apps import AppConfig
from django.conf import settings
from django.core.checks import CheckMessage, Warning, register

TAG = "mailings"
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


@register(TAG)
def check_site_url(
    app_configs: Sequence[AppConfig] | None = None, **_kwargs: Any
) -> list[CheckMessage]:
    return site_url_problems(settings.SITE_URL)


def site_url_problems(site_url: str) -> list[CheckMessage]:
    """What is wrong with ``site_url`` for the links in e-mails."""
    parts = urlsplit(site_url)
    if parts.scheme == "https" or (parts.hostname or "") in LOCAL_HOSTS:
        return []
    return [
        Warning(
            f"SITE_URL is {site_url!r}, not an https:// address: the unsubscribe link in every "
            "evening e-mail is plain http, and the one-click unsubscribe header "
            "(List-Unsubscribe-Post, RFC 8058, which asks for https) is left out.",
            hint="Set SITE_URL to the service's https:// address (e.g. "
            "SITE_URL=https://clubs.example.org).",
            id="mailings.W001",
        )
    ]
