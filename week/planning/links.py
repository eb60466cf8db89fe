"""A player's personal link to answer the club's nights (and their own calendar feed), and the
club's secret calendar feed address: made, renewed and switched off through these services."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.urls import reverse
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


def rsvp_link_renew(*, club: Club, player: Player, actor: Actor, token: str = "") -> RsvpLink:
    """A (new) personal link for the player at the club; an old one stops working at once."""
    _check_link_actor(club, player, actor, token)
    if not Membership.objects.filter(club=club, player=player).exists():
        raise ServiceError.single(
            "not_a_member",
            Text(_("%(player)s is not a member of this club."), player=player.name),
            field="player",
        )
    with transaction.atomic():
        link, created = RsvpLink.objects.select_for_update().get_or_create(club=club, player=player)
        if not created:
            link.token = new_link_token()
            link.save(update_fields=["token"])
        audit(actor, "rsvp_link.renew", link, club_id=club.pk, label="link", player=player.pk)
    return link


def rsvp_link_revoke(*, club: Club, player: Player, actor: Actor, token: str = "") -> None:
    """Switch the player's personal link off (a new one may be made later)."""
    _check_link_actor(club, player, actor, token)
    with transaction.atomic():
        deleted, _rows = RsvpLink.objects.filter(club=club, player=player).delete()
        if deleted:
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
