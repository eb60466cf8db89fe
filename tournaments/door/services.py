"""Players check themselves in at the event's door.

The door link (``/door/<token>/``: a QR code on the room's screen and the printed door sign)
opens a page where a player picks their name among the club's members, or signs in, and
checks in. The link's token is the permission, like a table's scoring link; the organizer
renews it (the old link stops working) and may require sign-in at the door.

Against one phone checking in the whole club:

- a signed-in player checks in themselves only (their login's player);
- a name with a login can only be checked in by signing in;
- without signing in a phone checks in one name per event (a digest of the phone's door id,
  kept in its session, is stored with the entry), and a check-in the organizer took back is
  not made again at the door. The door id is made by the door page itself and kept in the
  phone's session: a client cannot name one (the API reads the same session), so every new
  "phone" is a new session;
- one address checks in at most ``DOOR_NAMES_PER_ADDRESS`` names per event without signing in
  (a digest of the address is stored with the entry and counted under the event's lock, so
  neither a cache that is down nor requests sent at once let more through): a script that
  opens a fresh session for every name stops there;
- the organizer sees every door check-in marked as such, live, and takes it back with one tap;
- the door's writes from one address are rate-limited (``tournaments.door.limits``).

A member not yet on the event's list is entered as they check in. A player may say "I'm
leaving after this round": the entry keeps the round, the next round's seating checks them out
and leaves them out (``leavers_check_out``); until then they may take it back.

Every write has its audit entry; a check-in without a login is written by the actor "door".
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from clubs.audit import audit
from clubs.models import Membership, Player
from clubs.selectors import ORGANIZER, SCORERS, player_for_user, require_role, user_has_role
from core.errors import NotAllowed, NotFound, ServiceError, Text, TooManyAttempts, problem
from tournaments.models import Event, EventPlayer, Round, new_door_token

Actor = User | AnonymousUser | None
DOOR_ACTOR = "door"
DOOR_NAMES_PER_ADDRESS = 10  # the default of the setting of that name
ADDRESS_WAIT = 3600  # seconds a refused address is told to wait (the organizer helps sooner)


def device_digest(device_id: str) -> str:
    """What is stored of a phone's door id (kept in the phone's session or sent by an app)."""
    return hashlib.sha256(f"door:{device_id}".encode()).hexdigest()[:64] if device_id else ""


def address_digest(address: str) -> str:
    """What is stored of the address a check-in without signing in came from (keyed with the
    site's secret, so the stored digests cannot be matched against every possible address)."""
    return salted_hmac(
        "tournaments.door.address", address or "unknown", algorithm="sha256"
    ).hexdigest()


def door_event(token: str) -> Event:
    """The event whose door link this is, or the refusal saying the link is no longer valid."""
    event = Event.objects.select_related("club").filter(door_token=token).first() if token else None
    if event is None:
        raise NotFound.single(
            "door_link_unknown",
            _(
                "This door link is not (or no longer) valid: scan the code on the screen or at "
                "the door, or ask the organizer."
            ),
        )
    return event


def _signed_in(actor: Actor) -> bool:
    return actor is not None and actor.is_authenticated


def door_check_in(
    *, token: str, actor: Actor, player: Player | None = None, device: str = "", address: str = ""
) -> tuple[EventPlayer, bool]:
    """Check ``player`` in at the door of the event whose link ``token`` is. A signed-in actor
    checks in their own player (``player`` may be left out); the club's scorers may check in
    anyone. Without signing in, ``device`` (the phone's door id, from its session) is required
    and checks in one name per event, and ``address`` (the client's) at most
    ``DOOR_NAMES_PER_ADDRESS`` names. A name already checked in without a phone (by the
    organizer) becomes this phone's, so the phone shows where they sit. Returns the entry and
    whether this call checked it in (False: it was already)."""
    event = door_event(token)
    own = player_for_user(actor) if _signed_in(actor) else None
    staff = _signed_in(actor) and user_has_role(actor, event.club_id, SCORERS)
    player = player or own
    if player is None:
        raise ServiceError.single(
            "player_required",
            _("Pick your name, or sign in with a login that belongs to a player."),
            field="player",
        )
    _check_who_may(event, actor, player, own=own, staff=staff, device=device)
    digest = "" if _signed_in(actor) else device_digest(device)
    where = "" if _signed_in(actor) else address_digest(address)
    with transaction.atomic():
        _check_open(event)  # locks the event: door check-ins of one event are one at a time
        entry = EventPlayer.objects.select_for_update().filter(event=event, player=player).first()
        if not _signed_in(actor):
            _check_phone(event, player, entry, digest)
        if entry is not None and entry.present:
            if digest and entry.door_device != digest:
                _claim(event, entry, digest, where, actor)
            return entry, False
        if where:
            _check_address(event, player, where)
        if entry is None:
            entry = EventPlayer(event=event, player=player)
        entry.present, entry.door_at, entry.door_undone = True, timezone.now(), False
        entry.door_device, entry.door_address = digest, where
        entry.leaving_after = None
        entry.save()
        audit(
            actor,
            "entry.door_check_in",
            entry,
            club_id=event.club_id,
            label=DOOR_ACTOR,
            player=player.pk,
            signed_in=_signed_in(actor),
        )
    return entry, True


def _claim(event: Event, entry: EventPlayer, digest: str, where: str, actor: Actor) -> None:
    """A player checked in without this phone (by the organizer, signed in elsewhere) picks
    their name: the phone becomes theirs for the night, so the door page shows where they sit
    and takes their "I'm leaving". A name another phone already has stays that phone's."""
    if entry.door_device:
        raise NotAllowed.single(
            "door_name_on_another_phone",
            Text(
                _(
                    "%(name)s is already checked in on another phone: look there, or ask the "
                    "organizer where you sit."
                ),
                name=entry.player.name,
            ),
        )
    _check_address(event, entry.player, where)
    entry.door_device, entry.door_address = digest, where
    entry.save(update_fields=["door_device", "door_address"])
    audit(
        actor,
        "entry.door_claim",
        entry,
        club_id=event.club_id,
        label=DOOR_ACTOR,
        player=entry.player_id,
    )


def _check_who_may(
    event: Event, actor: Actor, player: Player, *, own: Player | None, staff: bool, device: str
) -> None:
    if not Membership.objects.filter(club_id=event.club_id, player=player).exists():
        raise ServiceError.single(
            "not_a_member",
            Text(_("%(name)s is not a member of this club."), name=player.name),
            field="player",
        )
    if _signed_in(actor):
        if not staff and (own is None or own.pk != player.pk):
            raise NotAllowed.single(
                "door_own_name_only",
                _("Signed in, you check in yourself only; ask the organizer for someone else."),
            )
        return
    if event.door_sign_in:
        raise NotAllowed.single(
            "door_sign_in_required", _("This event asks players to sign in to check in.")
        )
    if player.user_id is not None:
        raise NotAllowed.single(
            "door_sign_in_for_name",
            Text(_("%(name)s has a login: sign in to check in."), name=player.name),
        )
    if not device:
        raise ServiceError.single(
            "door_device_required",
            _(
                "This phone has no door id yet: open the door link on it (with cookies allowed) "
                "and pick your name there, or sign in."
            ),
        )


def _check_phone(event: Event, player: Player, entry: EventPlayer | None, digest: str) -> None:
    """One name per phone and event; a check-in the organizer took back stays taken back."""
    other = (
        EventPlayer.objects.filter(event=event, door_device=digest)
        .exclude(player=player)
        .select_related("player")
        .first()
    )
    if other is not None:
        raise NotAllowed.single(
            "door_one_name_per_phone",
            Text(
                _(
                    "This phone already checked in %(name)s. Every player checks in on their own "
                    "phone, or at the organizer's table."
                ),
                name=other.player.name,
            ),
        )
    if entry is not None and entry.door_undone and not entry.present:
        raise NotAllowed.single(
            "door_check_in_undone",
            Text(
                _("The organizer took back the check-in of %(name)s; ask the organizer."),
                name=player.name,
            ),
        )


def _check_address(event: Event, player: Player, where: str) -> None:
    """At most ``DOOR_NAMES_PER_ADDRESS`` names per address and event without signing in
    (names the organizer took back count too)."""
    limit = int(getattr(settings, "DOOR_NAMES_PER_ADDRESS", DOOR_NAMES_PER_ADDRESS))
    names = (
        EventPlayer.objects.filter(event=event, door_address=where).exclude(player=player).count()
    )
    if names >= limit:
        raise TooManyAttempts(
            [
                problem(
                    "door_names_per_address",
                    Text(
                        ngettext_lazy(
                            "%(count)s name was already checked in from this network without "
                            "signing in: sign in to check in, or ask the organizer.",
                            "%(count)s names were already checked in from this network without "
                            "signing in: sign in to check in, or ask the organizer.",
                            "count",
                        ),
                        count=names,
                    ),
                    field="player",
                )
            ],
            retry_after=ADDRESS_WAIT,
        )


def _check_open(event: Event) -> None:
    status = Event.objects.select_for_update().values_list("status", flat=True).get(pk=event.pk)
    if status == Event.Status.FINISHED:
        raise ServiceError.single("event_finished", _("This event is finished."))


def door_undo(*, event: Event, actor: Actor, player: Player) -> EventPlayer:
    """The organizer takes a door check-in back: the player is checked out, and the door will
    not check the name in again (the organizer still can)."""
    require_role(actor, event.club_id, SCORERS, _("check players in"))
    with transaction.atomic():
        _check_open(event)
        entry = EventPlayer.objects.select_for_update().filter(event=event, player=player).first()
        if entry is None or entry.door_at is None:
            raise ServiceError.single(
                "not_checked_in_at_door",
                Text(_("%(name)s did not check in at the door."), name=player.name),
                field="player",
            )
        entry.present, entry.door_undone, entry.leaving_after = False, True, None
        entry.save(update_fields=["present", "door_undone", "leaving_after"])
        audit(actor, "entry.door_undo", entry, club_id=event.club_id, player=player.pk)
    return entry


def door_renew(*, event: Event, actor: Actor) -> Event:
    """A new door link for the event; the old one stops working at once."""
    require_role(actor, event.club_id, ORGANIZER, _("renew the door link"))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        event.door_token = new_door_token()
        event.save(update_fields=["door_token"])
        audit(actor, "event.door_renew", event, club_id=event.club_id)
    return event


def door_require_sign_in(*, event: Event, actor: Actor, required: bool) -> Event:
    """Whether only signed-in players may check in at the door."""
    require_role(actor, event.club_id, ORGANIZER, _("change the door"))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.door_sign_in != required:
            event.door_sign_in = required
            event.save(update_fields=["door_sign_in"])
            audit(actor, "event.door_sign_in", event, club_id=event.club_id, required=required)
    return event


def leaving_round(event: Event) -> int:
    """The round a player leaving "after this round" still plays: the round being played, else
    the round seated as a preview, else the next round to be seated."""
    rounds = event.rounds.all()
    playing = rounds.filter(status=Round.Status.PLAYING).aggregate(n=Max("number"))["n"]
    if playing:
        return int(playing)
    planned = rounds.filter(status=Round.Status.PLANNED).aggregate(n=Max("number"))["n"]
    if planned:
        return int(planned)
    return int(rounds.aggregate(n=Max("number"))["n"] or 0) + 1


def entry_leaving(
    *, event: Event, actor: Actor, player: Player, leaving: bool, device: str = ""
) -> EventPlayer:
    """ "I'm leaving after this round" (or, ``leaving=False``, taking it back while the next
    round is not seated yet). By the player (signed in, or the phone that checked them in at
    the door) or the club's scorers."""
    own = player_for_user(actor) if _signed_in(actor) else None
    staff = _signed_in(actor) and user_has_role(actor, event.club_id, SCORERS)
    with transaction.atomic():
        _check_open(event)
        entry = EventPlayer.objects.select_for_update().filter(event=event, player=player).first()
        by_phone = (
            not _signed_in(actor)
            and entry is not None
            and bool(device)
            and entry.door_device == device_digest(device)
        )
        if not (staff or (own is not None and own.pk == player.pk) or by_phone):
            raise NotAllowed.single(
                "leaving_own_only", _("Only the player themselves or the organizer may say this.")
            )
        if not leaving and entry is not None and not entry.present and entry.leaving_after:
            raise ServiceError.single(
                "leaving_already_seated",
                Text(
                    _(
                        "The round after round %(round)s is already seated without %(name)s; ask "
                        "the organizer."
                    ),
                    round=entry.leaving_after,
                    name=player.name,
                ),
            )
        if entry is None or not entry.present:
            raise ServiceError.single(
                "not_checked_in",
                Text(_("%(name)s is not checked in."), name=player.name),
                field="player",
            )
        if leaving:
            entry.leaving_after = leaving_round(event)
        elif entry.leaving_after is not None:
            entry.leaving_after = None
        entry.save(update_fields=["leaving_after"])
        audit(
            actor,
            "entry.leaving" if leaving else "entry.staying",
            entry,
            club_id=event.club_id,
            label=DOOR_ACTOR,
            player=player.pk,
            after_round=entry.leaving_after,
        )
    return entry


def leavers_check_out(event: Event, round_number: int, actor: Actor) -> list[int]:
    """Before round ``round_number`` is seated: check out the players leaving after an earlier
    round, so the seating leaves them out. Called inside the seating's transaction; returns
    their player ids."""
    leavers = list(
        EventPlayer.objects.filter(event=event, present=True, leaving_after__lt=round_number)
    )
    for entry in leavers:
        entry.present = False
        entry.save(update_fields=["present"])
        audit(
            actor,
            "entry.left",
            entry,
            club_id=event.club_id,
            player=entry.player_id,
            after_round=entry.leaving_after,
        )
    return [entry.player_id for entry in leavers]
