"""Writes for clubs and players."""

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.text import slugify

from clubs.audit import audit
from clubs.errors import ServiceError
from clubs.models import Club, Membership, Player, Role
from clubs.selectors import SCORERS, require_role


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
