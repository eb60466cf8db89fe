"""A player's personal link to the club's week (``/r/<token>/``: no account needed), for the apps
that show what the link opens without owning it: the e-mail settings reached through it
(``week.mailings``) and the organizer's list of the club's players (``tournaments``). The
calendar app, which owns the links, fills the providers from its ``AppConfig.ready``; without
it there are no personal links, and those pages leave them out. Declared here, in the kernel,
so the apps beside the calendar and below it read them without importing it.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.providers import Provider


@dataclass(frozen=True, slots=True)
class LinkHolder:
    """Whose personal link a token is: the player and the club it is for."""

    player_id: int
    player_name: str
    club_id: int
    club_name: str


# token -> its holder, or None for a token that is not (or no longer) a personal link.
holder: Provider[[str], LinkHolder | None] = Provider("the holder of a personal link")
# club_id -> each member's personal link token at the club, by player id (members without one
# are left out).
club_tokens: Provider[[int], dict[int, str]] = Provider("a club's personal links")


def link_holder(token: str) -> LinkHolder | None:
    """The holder of ``token``'s personal link; None for an unknown token, or where no
    calendar is installed."""
    return holder(token) if holder.registered and token else None


def tokens_of(club_id: int) -> dict[int, str]:
    """The club's personal link tokens by player id (empty where no calendar is installed)."""
    return club_tokens(club_id) if club_tokens.registered else {}
