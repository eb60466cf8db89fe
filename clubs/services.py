"""Writes for clubs and players."""

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import Q
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club, JoinConsent, Membership, Player, Role
from clubs.selectors import (
    ORGANIZER,
    SCORERS,
    require_role,
    require_role_in_every_club,
    user_has_role,
    user_roles,
)
from core.errors import Conflict, NotAllowed, NotFound, ServiceError, Text, delete_unless_protected


@transaction.atomic
def club_create(
    *, founder: User | AnonymousUser, name: str, slug: str = "", city: str = ""
) -> Club:
    """Found a club; the founder becomes its first organizer."""
    if not founder.is_authenticated:
        raise ServiceError.single("login_required", _("Sign in to found a club."))
    if slug and Club.objects.filter(slug=slug).exists():
        raise _slug_taken(slug)
    slug = slug or slugify(name) or "club"
    base, n = slug, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    club = Club.objects.create(name=name, slug=slug, city=city)
    player = player_for_user_or_create(user=founder)
    Membership.objects.create(club=club, player=player, role=Role.ORGANIZER)
    audit(founder, "club.create", club, club_id=club.pk, name=name)
    return club


def player_for_user_or_create(*, user: User) -> Player:
    player = Player.objects.filter(user=user).first()
    if player is None:
        player = Player.objects.create(name=user.get_full_name() or user.username, user=user)
    return player


@transaction.atomic
def player_register(
    *, club: Club, name: str, role: str = Role.MEMBER, actor: User | AnonymousUser | None = None
) -> Player:
    """Register a new player in a club (a walk-in gets the same)."""
    name = name.strip()
    if not name:
        raise ServiceError.single(
            "name_required",
            _("A player needs a name."),
            field="name",
        )
    player = Player.objects.create(name=name)
    Membership.objects.create(club=club, player=player, role=role)
    audit(actor, "player.register", player, club_id=club.pk, name=name)
    return player


@transaction.atomic
def club_update(
    *,
    club: Club,
    actor: User | AnonymousUser | None,
    name: str | None = None,
    slug: str | None = None,
    city: str | None = None,
) -> Club:
    """Rename a club, or change its slug or city (its organizers)."""
    require_role(actor, club.pk, ORGANIZER, "change the club")
    changes = {"name": name, "slug": slug, "city": city}
    if name is not None and not name.strip():
        raise ServiceError.single(
            "name_required",
            _("A club needs a name."),
            field="name",
        )
    if slug is not None and Club.objects.filter(slug=slug).exclude(pk=club.pk).exists():
        raise _slug_taken(slug)
    changed = {
        field: value
        for field, value in changes.items()
        if value is not None and value != getattr(club, field)
    }
    for field, value in changed.items():
        setattr(club, field, value.strip() if field == "name" else value)
    if changed:
        club.save(update_fields=list(changed))
        audit(
            actor,
            "club.update",
            club,
            club_id=club.pk,
            changed={field: getattr(club, field) for field in changed},
        )
    return club


def _slug_taken(slug: str) -> ServiceError:
    return ServiceError.single(
        "slug_taken",
        Text(_("Another club already uses the address '%(slug)s'."), slug=slug),
        field="slug",
    )


@transaction.atomic
def club_delete(*, club: Club, actor: User | AnonymousUser | None) -> None:
    """Delete a club (its organizers). Results are evidence: a club whose events have results
    stays (a conflict)."""
    require_role(actor, club.pk, ORGANIZER, "delete the club")
    audit(actor, "club.delete", club, club_id=None, name=club.name, club=club.pk)
    delete_unless_protected(club)


def club_player_add(*, club: Club, actor: User | AnonymousUser | None, name: str) -> Player:
    """An organizer or scorer registers a new player (a member) in their club."""
    require_role(actor, club.pk, SCORERS, "register players")
    return player_register(club=club, name=name, actor=actor)


def _player_clubs(player: Player) -> list[int]:
    """The clubs the player belongs to, their membership rows locked until the transaction
    ends (so a role cannot change between the check and the write)."""
    return list(
        Membership.objects.select_for_update()
        .filter(player=player)
        .order_by("club_id")
        .values_list("club_id", flat=True)
    )


@transaction.atomic
def player_update(*, player: Player, actor: User | AnonymousUser | None, name: str) -> Player:
    """Rename a player. A player of several clubs is shared by them: it takes an organizer or
    scorer of every one of them."""
    clubs = _player_clubs(player)
    require_role_in_every_club(actor, clubs, SCORERS, _("change them"))
    name = name.strip()
    if not name:
        raise ServiceError.single(
            "name_required",
            _("A player needs a name."),
            field="name",
        )
    old = player.name
    if name != old:
        player.name = name
        player.save(update_fields=["name"])
    _audit_in_clubs(actor, "player.update", player, clubs, old=old, name=name)
    return player


def player_has_results(player: Player) -> bool:
    """Whether the player was ever seated, sat out a round or has a session result."""
    return player.seats.exists() or player.byes.exists() or player.session_results.exists()


@transaction.atomic
def player_delete(*, player: Player, actor: User | AnonymousUser | None) -> None:
    """Delete a player who never played: it takes an organizer of every club the player
    belongs to. A player with results stays (results are evidence); remove their membership
    instead."""
    clubs = _player_clubs(player)
    require_role_in_every_club(actor, clubs, ORGANIZER, _("delete them"))
    if player_has_results(player):
        raise Conflict.single(
            "player_has_results",
            Text(
                _(
                    "%(player)s has played (seatings or results refer to them); results are "
                    "evidence, so the player cannot be deleted. End their membership instead."
                ),
                player=player.name,
            ),
        )
    # Its memberships go with the player: not the last organizer of a club.
    for membership in player.memberships.filter(role=Role.ORGANIZER).order_by("club_id"):
        _refuse_last_organizer(membership)
    _audit_in_clubs(actor, "player.delete", player, clubs, name=player.name)
    player.delete()


def may_consent_for(actor: User | AnonymousUser | None, player: Player, clubs: list[int]) -> bool:
    """Whether ``actor`` speaks for ``player``: their own account, an organizer of one of the
    clubs the player belongs to (``clubs``), or a superuser."""
    if actor is None or not actor.is_authenticated:
        return False
    if actor.is_superuser or (player.user_id is not None and player.user_id == actor.pk):
        return True
    return any(user_has_role(actor, club_id, ORGANIZER) for club_id in clubs)


@transaction.atomic
def join_consent_grant(
    *, player: Player, club: Club, actor: User | AnonymousUser | None
) -> JoinConsent:
    """Let ``club`` add ``player`` as a member (the player's own account, or an organizer of
    one of their clubs): the consent the joining club needs (``membership_add``)."""
    clubs = _player_clubs(player)
    if not may_consent_for(actor, player, clubs):
        raise NotAllowed.single(
            "not_allowed",
            Text(
                _(
                    "Only %(player)s (signed in) or an organizer of one of their clubs may let "
                    "another club add them."
                ),
                player=player.name,
            ),
        )
    if club.pk in clubs:
        raise Conflict.single(
            "already_member",
            Text(
                _("%(player)s is already a member of %(club)s."),
                player=player.name,
                club=club.name,
            ),
            field="club",
        )
    consent, _created = JoinConsent.objects.get_or_create(
        player=player, club=club, defaults={"granted_by": _user(actor)}
    )
    audit(actor, "player.join_consent", player, club_id=club.pk, player=player.pk)
    return consent


def _user(actor: User | AnonymousUser | None) -> User | None:
    return actor if actor is not None and actor.is_authenticated else None


@transaction.atomic
def membership_add(
    *, club: Club, player: Player, actor: User | AnonymousUser | None, role: str = Role.MEMBER
) -> Membership:
    """Make an existing player (of another club) a member of ``club``.

    The rule that keeps a club from capturing another club's players: it takes an organizer
    of ``club`` *and* the consent of the player's side: either the same person also speaks
    for the player (``may_consent_for``: an organizer of one of the player's clubs, or the
    player's own account), or that side gave its consent beforehand (``join_consent_grant``,
    used up here). A player who left every club can be brought back only by their own consent.
    """
    require_role(actor, club.pk, ORGANIZER, "add members")
    if role not in Role.values:
        raise ServiceError.single(
            "invalid_role", Text(_("'%(role)s' is not a role."), role=role), field="role"
        )
    clubs = _player_clubs(player)
    if club.pk in clubs:
        raise Conflict.single(
            "already_member",
            Text(
                _("%(player)s is already a member of %(club)s."),
                player=player.name,
                club=club.name,
            ),
            field="player",
        )
    consent = JoinConsent.objects.filter(player=player, club=club)
    if not (may_consent_for(actor, player, clubs) or consent.exists()):
        raise NotAllowed.single(
            "no_consent",
            Text(
                _(
                    "%(player)s belongs to another club. A player joins a second club only with "
                    "the "
                    "consent of a club that has them or of the player: an organizer of one of "
                    "their "
                    "clubs, or the player signed in, lets this club add them first. Otherwise "
                    "register a new player in this club."
                ),
                player=player.name,
            ),
            field="player",
        )
    consent.delete()  # used up
    membership = Membership.objects.create(club=club, player=player, role=role)
    audit(actor, "membership.add", membership, club_id=club.pk, player=player.pk, role=role)
    return membership


def players_who_may_join(club: Club, actor: User | AnonymousUser | None) -> list[Player]:
    """Players who are not members of ``club`` and whom ``actor`` may bring in: members of
    the actor's other clubs where the actor organizes, and players who consented to join
    ``club`` (the club page's choice)."""
    if actor is None or not actor.is_authenticated:
        return []
    sources = [
        club_id
        for club_id, role in user_roles(actor).items()
        if role == Role.ORGANIZER and club_id != club.pk
    ]
    consented = JoinConsent.objects.filter(club=club).values("player_id")
    return list(
        Player.objects.filter(Q(memberships__club_id__in=sources) | Q(pk__in=consented))
        .exclude(memberships__club=club)
        .distinct()
        .order_by("name", "id")
    )


@transaction.atomic
def membership_set_role(
    *, membership: Membership, actor: User | AnonymousUser | None, role: str
) -> Membership:
    """Give a member another role in their club (an organizer's change). The club's last
    organizer stays one: a club nobody can run could not get a new organizer either."""
    require_role(actor, membership.club_id, ORGANIZER, "change roles")
    if role not in Role.values:
        raise ServiceError.single(
            "invalid_role", Text(_("'%(role)s' is not a role."), role=role), field="role"
        )
    membership = _membership_locked(membership)
    old = membership.role
    if old == role:
        return membership
    if old == Role.ORGANIZER:
        _refuse_last_organizer(membership, field="role")
    membership.role = role
    membership.save(update_fields=["role"])
    audit(
        actor,
        "membership.role",
        membership,
        club_id=membership.club_id,
        player=membership.player_id,
        old=old,
        role=role,
    )
    return membership


@transaction.atomic
def membership_end(*, membership: Membership, actor: User | AnonymousUser | None) -> None:
    """End a player's membership of a club (an organizer's change). Their results stay; the
    club's last organizer cannot leave."""
    require_role(actor, membership.club_id, ORGANIZER, "end memberships")
    membership = _membership_locked(membership)
    if membership.role == Role.ORGANIZER:
        _refuse_last_organizer(membership)
    audit(
        actor,
        "membership.end",
        membership,
        club_id=membership.club_id,
        player=membership.player_id,
        role=membership.role,
    )
    membership.delete()


def _membership_locked(membership: Membership) -> Membership:
    """The membership row as saved, locked until the transaction ends; a 404 when it ended in
    the meantime (two organizers ending it at the same moment: the second learns it is gone)."""
    locked = (
        Membership.objects.select_for_update(of=("self",))
        .select_related("player")
        .filter(pk=membership.pk)
        .first()
    )
    if locked is None:
        raise NotFound.single("not_found", _("This membership no longer exists."))
    return locked


def _refuse_last_organizer(membership: Membership, *, field: str | None = None) -> None:
    """Refuse to take away ``membership``'s organizer role when nobody else organizes its club.
    The club row is locked (after the membership rows, as everywhere here), so two organizers
    who step down at the same time cannot both see the other one still there."""
    club = Club.objects.select_for_update().get(pk=membership.club_id)
    others = Membership.objects.filter(club=club, role=Role.ORGANIZER).exclude(pk=membership.pk)
    if not others.exists():
        name = membership.player.name
        raise Conflict.single(
            "last_organizer",
            Text(
                _(
                    "%(name)s is the last organizer of %(club)s: make another member an organizer "
                    "first, so that someone can still run the club."
                ),
                name=name,
                club=club.name,
            ),
            field=field,
        )


def _audit_in_clubs(
    actor: User | AnonymousUser | None,
    action: str,
    player: Player,
    clubs: list[int],
    **details: Any,
) -> None:
    """One entry in each club's log (every club the player belonged to sees the change)."""
    club_ids: list[int | None] = [*clubs] or [None]
    for club_id in club_ids:
        audit(actor, action, player, club_id=club_id, **details)


@transaction.atomic
def player_link_login(
    *, player: Player, actor: User | AnonymousUser | None, login: User | None
) -> Player:
    """Give a player a login (or take it away): the account then speaks for the player (joins
    other clubs, scores as the player). Only a superuser does this: an organizer could
    otherwise hand someone else's identity to an account of their choosing."""
    if actor is None or not actor.is_authenticated or not actor.is_superuser:
        raise NotAllowed.single(
            "not_allowed",
            _("Only an administrator links a login to a player."),
            field="user",
        )
    player = Player.objects.select_for_update().get(pk=player.pk)
    if login is not None and Player.objects.filter(user=login).exclude(pk=player.pk).exists():
        raise Conflict.single(
            "login_taken",
            Text(
                _("The login '%(login)s' belongs to another player."),
                login=login.get_username(),
            ),
            field="user",
        )
    old = player.user_id
    if old != (login.pk if login else None):
        player.user = login
        player.save(update_fields=["user"])
        _audit_in_clubs(
            actor,
            "player.login",
            player,
            _player_clubs(player),
            old=old,
            user=login.pk if login else None,
        )
    return player
