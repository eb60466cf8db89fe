"""Writes of memberships: a player joining a club (with the consent of the player's side),
a member's role, a membership ending (the club's last organizer stays), and the players an
organizer may bring in. Clubs and players themselves: ``clubs.services``."""

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club, JoinConsent, Membership, Player, Role
from clubs.selectors import ORGANIZER, require_role, user_has_role, user_roles
from core.errors import Conflict, NotAllowed, NotFound, ServiceError, Text


def player_clubs(player: Player) -> list[int]:
    """The clubs the player belongs to, their membership rows locked until the transaction
    ends (so a role cannot change between the check and the write)."""
    return list(
        Membership.objects.select_for_update()
        .filter(player=player)
        .order_by("club_id")
        .values_list("club_id", flat=True)
    )


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
    clubs = player_clubs(player)
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
    require_role(actor, club.pk, ORGANIZER, _("add members"))
    if role not in Role.values:
        raise ServiceError.single(
            "invalid_role", Text(_("'%(role)s' is not a role."), role=role), field="role"
        )
    clubs = player_clubs(player)
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
    require_role(actor, membership.club_id, ORGANIZER, _("change roles"))
    if role not in Role.values:
        raise ServiceError.single(
            "invalid_role", Text(_("'%(role)s' is not a role."), role=role), field="role"
        )
    membership = _membership_locked(membership)
    old = membership.role
    if old == role:
        return membership
    if old == Role.ORGANIZER:
        refuse_last_organizer(membership, field="role")
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
    require_role(actor, membership.club_id, ORGANIZER, _("end memberships"))
    membership = _membership_locked(membership)
    if membership.role == Role.ORGANIZER:
        refuse_last_organizer(membership)
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


def refuse_last_organizer(membership: Membership, *, field: str | None = None) -> None:
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
