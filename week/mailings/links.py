"""Personal links without an account: a player's preferences page and one-click unsubscribe,
signed with the site's secret (no token table). A link names one player and one purpose; a
changed or another player's signature is refused."""

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from core.errors import NotFound

PREFERENCES = "mailings.preferences"
UNSUBSCRIBE = "mailings.unsubscribe"
# A preferences link stays valid for a year; an unsubscribe link in an old e-mail always works.
MAX_AGE = {PREFERENCES: 365 * 24 * 3600, UNSUBSCRIBE: None}


def token(player_id: int, purpose: str) -> str:
    return signing.TimestampSigner(salt=purpose).sign(str(player_id))


def player_id_from(value: str, purpose: str) -> int | None:
    """The player a link names, or None for a link that was changed, expired or is another
    purpose's."""
    try:
        raw = signing.TimestampSigner(salt=purpose).unsign(value, max_age=MAX_AGE[purpose])
        return int(raw)
    except (signing.BadSignature, ValueError):
        return None


def linked_player(value: str, purpose: str) -> Player:
    """The player a link of ``purpose`` names, or the refusal (404) saying that the link is
    not (or no longer) valid."""
    player_id = player_id_from(value, purpose)
    player = Player.objects.filter(pk=player_id).first() if player_id is not None else None
    if player is None:
        raise NotFound.single(
            "mail_link_unknown",
            _("This link is not (or no longer) valid; use the link in your latest e-mail."),
        )
    return player


def one_click(url: str) -> bool:
    """Whether a mail client may unsubscribe at ``url`` with one click (RFC 8058's
    ``List-Unsubscribe-Post``): only at an https address."""
    return url.startswith("https://")


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def preferences_url(player_id: int) -> str:
    return absolute(reverse("mailings:personal", args=[token(player_id, PREFERENCES)]))


def unsubscribe_url(player_id: int) -> str:
    return absolute(reverse("mailings:unsubscribe_page", args=[token(player_id, UNSUBSCRIBE)]))
