"""Writes for clubs and players."""

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.memberships import player_clubs, refuse_last_organizer
from clubs.models import Club, Membership, Player, Role
from clubs.selectors import (
    ORGANIZER,
    SCORERS,
    require_role,
    require_role_in_every_club,
)
from core.errors import Conflict, NotAllowed, ServiceError, Text, delete_unless_protected
from core.names import cleaned_name, normalized, typed, typed_problems


@transaction.atomic
def club_create(
    *, founder: User | AnonymousUser, name: str, slug: str = "", city: str = ""
) -> Club:
    """Found a club; the founder becomes its first organizer."""
    if not founder.is_authenticated:
        raise ServiceError.single("login_required", _("Sign in to found a club."))
    problems = typed_problems(Club, "name", name) + typed_problems(Club, "city", city)
    if problems:
        raise ServiceError(problems)
    name, city = normalized(name), normalized(city)
    if not name:
        raise ServiceError.single("name_required", _("A club needs a name."), field="name")
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
    """The login's player, made from the login's name if it has none (the name cleaned, not
    refused: nobody typed it here; the user name when nothing is left)."""
    player = Player.objects.filter(user=user).first()
    if player is None:
        name = (
            cleaned_name(user.get_full_name()) or cleaned_name(user.username) or f"Player {user.pk}"
        )
        player = Player.objects.create(name=name, user=user)
    return player


@transaction.atomic
def player_register(
    *, club: Club, name: str, role: str = Role.MEMBER, actor: User | AnonymousUser | None = None
) -> Player:
    """Register a new player in a club (a walk-in gets the same)."""
    name = typed(Player, "name", name)
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
    require_role(actor, club.pk, ORGANIZER, _("change the club"))
    problems = [
        *(typed_problems(Club, "name", name) if name is not None else []),
        *(typed_problems(Club, "city", city) if city is not None else []),
    ]
    if problems:
        raise ServiceError(problems)
    name = normalized(name) if name is not None else None
    city = normalized(city) if city is not None else None
    changes = {"name": name, "slug": slug, "city": city}
    if name is not None and not name:
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
        setattr(club, field, value)
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
    require_role(actor, club.pk, ORGANIZER, _("delete the club"))
    audit(actor, "club.delete", club, club_id=None, name=club.name, club=club.pk)
    delete_unless_protected(club)


def club_player_add(*, club: Club, actor: User | AnonymousUser | None, name: str) -> Player:
    """An organizer or scorer registers a new player (a member) in their club."""
    require_role(actor, club.pk, SCORERS, _("register players"))
    return player_register(club=club, name=name, actor=actor)


@transaction.atomic
def player_update(*, player: Player, actor: User | AnonymousUser | None, name: str) -> Player:
    """Rename a player. A player of several clubs is shared by them: it takes an organizer or
    scorer of every one of them."""
    clubs = player_clubs(player)
    require_role_in_every_club(actor, clubs, SCORERS, _("change them"))
    name = typed(Player, "name", name)
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
    clubs = player_clubs(player)
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
        refuse_last_organizer(membership)
    _audit_in_clubs(actor, "player.delete", player, clubs, name=player.name)
    player.delete()


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
            player_clubs(player),
            old=old,
            user=login.pk if login else None,
        )
    return player
