"""Writes for clubs and players."""

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.text import slugify

from clubs.audit import audit
from clubs.errors import Conflict, ServiceError
from clubs.models import Club, Membership, Player, Role
from clubs.selectors import ORGANIZER, SCORERS, require_role, require_role_in_every_club


@transaction.atomic
def club_create(
    *, founder: User | AnonymousUser, name: str, slug: str = "", city: str = ""
) -> Club:
    """Found a club; the founder becomes its first organizer."""
    if not founder.is_authenticated:
        raise ServiceError.single(
            "login_required", "Sign in to found a club.", "Log in om een club op te richten."
        )
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
            "name_required", "A player needs a name.", "Een speler heeft een naam nodig.",
            field="name",
        )
    player = Player.objects.create(name=name)
    Membership.objects.create(club=club, player=player, role=role)
    audit(actor, "player.register", player, club_id=club.pk, name=name)
    return player


def club_player_add(*, club: Club, actor: User | AnonymousUser | None, name: str) -> Player:
    """An organizer or scorer registers a new player (a member) in their club."""
    require_role(actor, club.pk, SCORERS, "register players")
    return player_register(club=club, name=name, actor=actor)


def _player_clubs(player: Player) -> list[int]:
    """The clubs the player belongs to, their membership rows locked until the transaction
    ends (so a role cannot change between the check and the write)."""
    return list(
        Membership.objects.select_for_update().filter(player=player)
        .order_by("club_id").values_list("club_id", flat=True)
    )


@transaction.atomic
def player_update(*, player: Player, actor: User | AnonymousUser | None, name: str) -> Player:
    """Rename a player. A player of several clubs is shared by them: it takes an organizer or
    scorer of every one of them."""
    clubs = _player_clubs(player)
    require_role_in_every_club(actor, clubs, SCORERS, "change them", "deze speler wijzigen")
    name = name.strip()
    if not name:
        raise ServiceError.single(
            "name_required", "A player needs a name.", "Een speler heeft een naam nodig.",
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
    return (
        player.seats.exists() or player.byes.exists() or player.session_results.exists()
    )


@transaction.atomic
def player_delete(*, player: Player, actor: User | AnonymousUser | None) -> None:
    """Delete a player who never played: it takes an organizer of every club the player
    belongs to. A player with results stays (results are evidence); remove their membership
    instead."""
    clubs = _player_clubs(player)
    require_role_in_every_club(actor, clubs, ORGANIZER, "delete them", "deze speler verwijderen")
    if player_has_results(player):
        raise Conflict.single(
            "player_has_results",
            f"{player.name} has played (seatings or results refer to them); results are "
            "evidence, so the player cannot be deleted. End their membership instead.",
            f"{player.name} heeft gespeeld (indelingen of uitslagen verwijzen naar deze "
            "speler); uitslagen zijn bewijs, dus de speler kan niet worden verwijderd. "
            "Beëindig het lidmaatschap in plaats daarvan.",
        )
    # Its memberships go with the player: not the last organizer of a club.
    for membership in player.memberships.filter(role=Role.ORGANIZER).order_by("club_id"):
        _refuse_last_organizer(membership)
    _audit_in_clubs(actor, "player.delete", player, clubs, name=player.name)
    player.delete()


@transaction.atomic
def membership_set_role(
    *, membership: Membership, actor: User | AnonymousUser | None, role: str
) -> Membership:
    """Give a member another role in their club (an organizer's change). The club's last
    organizer stays one: a club nobody can run could not get a new organizer either."""
    require_role(actor, membership.club_id, ORGANIZER, "change roles")
    if role not in Role.values:
        raise ServiceError.single(
            "invalid_role", f"'{role}' is not a role.", f"'{role}' is geen rol.", field="role"
        )
    membership = _membership_locked(membership)
    old = membership.role
    if old == role:
        return membership
    if old == Role.ORGANIZER:
        _refuse_last_organizer(membership, field="role")
    membership.role = role
    membership.save(update_fields=["role"])
    audit(actor, "membership.role", membership, club_id=membership.club_id,
          player=membership.player_id, old=old, role=role)
    return membership


@transaction.atomic
def membership_end(*, membership: Membership, actor: User | AnonymousUser | None) -> None:
    """End a player's membership of a club (an organizer's change). Their results stay; the
    club's last organizer cannot leave."""
    require_role(actor, membership.club_id, ORGANIZER, "end memberships")
    membership = _membership_locked(membership)
    if membership.role == Role.ORGANIZER:
        _refuse_last_organizer(membership)
    audit(actor, "membership.end", membership, club_id=membership.club_id,
          player=membership.player_id, role=membership.role)
    membership.delete()


def _membership_locked(membership: Membership) -> Membership:
    """The membership row as saved, locked until the transaction ends."""
    return (
        Membership.objects.select_for_update(of=("self",))
        .select_related("player").get(pk=membership.pk)
    )


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
            f"{name} is the last organizer of {club.name}: make another member an organizer "
            "first, so that someone can still run the club.",
            f"{name} is de laatste organisator van {club.name}: maak eerst een ander lid "
            "organisator, zodat iemand de club kan blijven beheren.",
            field=field,
        )


def _audit_in_clubs(
    actor: User | AnonymousUser | None, action: str, player: Player, clubs: list[int],
    **details: object,
) -> None:
    """One entry in each club's log (every club the player belonged to sees the change)."""
    for club_id in clubs or [None]:
        audit(actor, action, player, club_id=club_id, **details)
