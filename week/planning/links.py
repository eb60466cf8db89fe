"""A player's personal link to the club's week without an account (answer for the club's nights,
their own and the club's calendar, their e-mail settings), and the club's secret calendar feed
address: made (one player's, or every member's at once), renewed and switched off through these
services."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club, Membership, Player
from clubs.selectors import (
    MEMBERS,
    ORGANIZER,
    player_for_user,
    require_role,
    user_has_role,
)
from core.errors import NotAllowed, NotFound, ServiceError, Text
from week.planning.models import (
    ClubCalendar,
    RsvpLink,
    new_link_token,
)

Actor = User | AnonymousUser | None


def link_for_token(token: str) -> RsvpLink:
    """The personal link of ``token``, or the refusal saying it is no longer valid."""
    link = (
        RsvpLink.objects.select_related("club", "player").filter(token=token).first()
        if token
        else None
    )
    if link is None:
        raise NotFound.single(
            "rsvp_link_unknown",
            _("This personal link is not (or no longer) valid; ask the organizer for a new one."),
        )
    return link


def _check_link_actor(club: Club, player: Player, actor: Actor, token: str) -> None:
    """The player (signed in, or with their current link) or an organizer of the club."""
    if token and link_for_token(token).player_id == player.pk:
        return
    own = player_for_user(actor)
    if own is not None and own.pk == player.pk:
        return
    if not user_has_role(actor, club.pk, ORGANIZER):
        raise NotAllowed.single(
            "link_own_only",
            _("Only the player themselves or an organizer of the club may do this."),
        )


@dataclass(frozen=True, slots=True)
class LinkIssued:
    """What making or renewing one player's link did: ``made`` when a link was written now
    (False: the player kept the link they had), ``replaced`` when an earlier link of theirs
    stopped working (a player's first link replaces nothing)."""

    link: RsvpLink
    made: bool
    replaced: bool


@dataclass(slots=True)
class LinksIssued:
    """What making the links of every member at once did, each list in name order: the members
    who had no link and got one, those whose link was renewed (only when asked: the old ones
    stopped working), and those who keep the link they had."""

    made: list[RsvpLink] = field(default_factory=list)
    renewed: list[RsvpLink] = field(default_factory=list)
    kept: list[RsvpLink] = field(default_factory=list)

    @property
    def links(self) -> list[RsvpLink]:
        """Every member's link, in name order."""
        return sorted([*self.made, *self.renewed, *self.kept], key=_name_order)


def _name_order(link: RsvpLink) -> tuple[str, int]:
    return (link.player.name.casefold(), link.player_id)


def _write_link(
    club: Club, player: Player, actor: Actor, *, renew: bool, via: str = ""
) -> LinkIssued:
    """The player's link made, renewed or kept, with its audit entry (inside the caller's
    transaction, the player's row locked)."""
    link = RsvpLink.objects.select_for_update().filter(club=club, player=player).first()
    if link is not None and not renew:
        return LinkIssued(link=link, made=False, replaced=False)
    if link is None:
        link = RsvpLink.objects.create(club=club, player=player)
        action = "rsvp_link.make"
    else:
        link.token = new_link_token()
        link.created_at = timezone.now()
        link.save(update_fields=["token", "created_at"])
        action = "rsvp_link.renew"
    link.player = player
    audit(actor, action, link, club_id=club.pk, label="link", player=player.pk, via=via)
    return LinkIssued(link=link, made=True, replaced=action == "rsvp_link.renew")


def rsvp_link_issue(
    *, club: Club, player: Player, actor: Actor, renew: bool, token: str = ""
) -> LinkIssued:
    """The player's personal link at the club: made when they have none; an existing one is
    kept, unless ``renew`` asks for a new one (the old one stops working at once). By the
    player (signed in, or with their current link ``token``) or an organizer of the club."""
    _check_link_actor(club, player, actor, token)
    with transaction.atomic():
        # The player's row is the lock: making one link and every member's at once never
        # interleave (the same row issuing personal codes locks).
        Player.objects.select_for_update().filter(pk=player.pk).exists()
        if not Membership.objects.filter(club=club, player=player).exists():
            raise ServiceError.single(
                "not_a_member",
                Text(_("%(player)s is not a member of this club."), player=player.name),
                field="player",
            )
        return _write_link(club, player, actor, renew=renew)


def rsvp_link_renew(*, club: Club, player: Player, actor: Actor, token: str = "") -> RsvpLink:
    """A new personal link for the player (``rsvp_link_issue`` with ``renew``): the one they
    had stops working at once; a player without one gets their first."""
    return rsvp_link_issue(club=club, player=player, actor=actor, token=token, renew=True).link


def rsvp_links_issue(*, club: Club, actor: Actor, renew: bool) -> LinksIssued:
    """A personal link for every member of the club at once, by an organizer. A member who
    has a link keeps it; only ``renew`` replaces every existing link (the old ones stop
    working). The members are locked in id order while their links are written, so two
    organizers at once never leave half of one's slips wrong. One audit entry per link made
    or renewed, and one for the club."""
    require_role(actor, club.pk, ORGANIZER, _("make the personal links of every member"))
    result = LinksIssued()
    with transaction.atomic():
        members = list(
            Player.objects.select_for_update().filter(memberships__club=club).order_by("pk")
        )
        for player in members:
            issued = _write_link(club, player, actor, renew=renew, via="every member")
            if not issued.made:
                result.kept.append(issued.link)
            elif issued.replaced:
                result.renewed.append(issued.link)
            else:
                result.made.append(issued.link)
        audit(
            actor,
            "rsvp_links.issue",
            club_id=club.pk,
            renew=renew,
            made=sorted(link.player.name for link in result.made),
            renewed=sorted(link.player.name for link in result.renewed),
            kept=len(result.kept),
        )
    for found in (result.made, result.renewed, result.kept):
        found.sort(key=_name_order)
    return result


def rsvp_link_revoke(*, club: Club, player: Player, actor: Actor, token: str = "") -> None:
    """Switch the player's personal link off (a new one may be made later); refused when
    they have none."""
    _check_link_actor(club, player, actor, token)
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).exists()
        deleted, _rows = RsvpLink.objects.filter(club=club, player=player).delete()
        if not deleted:
            raise NotFound.single(
                "rsvp_link_none",
                Text(_("%(player)s has no personal link."), player=player.name),
            )
        audit(actor, "rsvp_link.revoke", None, club_id=club.pk, label="link", player=player.pk)


def club_calendar(club: Club) -> ClubCalendar:
    """The club's calendar feed link (made on first use)."""
    return ClubCalendar.objects.get_or_create(club=club)[0]


def club_calendar_read(*, club: Club, actor: Actor) -> ClubCalendar:
    """The club's calendar feed link for one of its members (the calendar page, the API): the
    address is a secret of the club's members."""
    require_role(actor, club.pk, MEMBERS, _("see the club's calendar address"))
    return club_calendar(club)


def club_calendar_path(club: Club, feed: ClubCalendar) -> str:
    """The path of the club's calendar feed at its current secret address."""
    return reverse("planning:club_feed", args=[club.slug, feed.token])


def club_calendar_renew(*, club: Club, actor: Actor) -> ClubCalendar:
    """A new address for the club's calendar feed; the old one stops working."""
    require_role(actor, club.pk, ORGANIZER, _("renew the calendar link"))
    with transaction.atomic():
        feed = ClubCalendar.objects.select_for_update().get_or_create(club=club)[0]
        feed.token = new_link_token()
        feed.save(update_fields=["token"])
        audit(actor, "club_calendar.renew", feed, club_id=club.pk)
    return feed
