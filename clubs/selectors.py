"""Reads about clubs and who may do what in them."""

from collections.abc import Iterable

from django.contrib.auth.models import AnonymousUser, User
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from clubs.models import Membership, Player, Role
from clubs.names import name_key
from core.errors import Message, NotAllowed, Text

ORGANIZER = frozenset({Role.ORGANIZER})
SCORERS = frozenset({Role.ORGANIZER, Role.SCORER})
MEMBERS = frozenset({Role.ORGANIZER, Role.SCORER, Role.MEMBER})


def user_roles(user: User | AnonymousUser | None) -> dict[int, str]:
    """The user's role per club id, read once per user object."""
    if user is None or not user.is_authenticated:
        return {}
    cached = getattr(user, "_club_roles", None)
    if cached is None:
        cached = dict(Membership.objects.filter(player__user=user).values_list("club_id", "role"))
        setattr(user, "_club_roles", cached)  # noqa: B010 (a cache on the user object)
    return cached


def user_has_role(user: User | AnonymousUser | None, club_id: int, roles: Iterable[str]) -> bool:
    if user is not None and user.is_authenticated and user.is_superuser:
        return True
    return user_roles(user).get(club_id) in set(roles)


def require_role(
    user: User | AnonymousUser | None, club_id: int, roles: frozenset[str], action: Promise
) -> User:
    """Refuse unless ``user`` has one of ``roles`` in the club; the user (signed in).
    ``action`` is what they may not do, a catalogue message ("seat a round", Dutch "een ronde
    indelen"), so the refusal is wholly in the reader's language."""
    if not isinstance(user, User) or not user_has_role(user, club_id, roles):
        if Role.MEMBER in roles:  # every member may: "an member or organizer or scorer" not
            message = Text(_("Only a member of this club may %(action)s."), action=action)
        else:
            message = Text(
                _("Only an %(roles)s of this club may %(action)s."),
                roles=_roles(roles),
                action=action,
            )
        raise NotAllowed.single("not_allowed", message)
    return user


def require_role_in_every_club(
    user: User | AnonymousUser | None,
    club_ids: Iterable[int],
    roles: frozenset[str],
    action: Promise,
) -> None:
    """Refuse unless the user has one of ``roles`` in every club of ``club_ids`` (a player who
    belongs to several clubs is theirs together). No club at all: superusers only."""
    club_ids = sorted(set(club_ids))
    if user is not None and user.is_authenticated and user.is_superuser:
        return
    if club_ids and all(user_has_role(user, club_id, roles) for club_id in club_ids):
        return
    raise NotAllowed.single(
        "not_allowed",
        Text(
            _("Only an %(roles)s of every club this player belongs to may %(action)s."),
            roles=_roles(roles),
            action=action,
        ),
    )


def _roles(roles: frozenset[str]) -> Message:
    """The roles named in a refusal: "organizer or scorer", "organisator of scorer"."""
    first, *rest = sorted(roles)
    named: Message = Role(first).label
    for role in rest:
        named = Text(_("%(roles)s or %(role)s"), roles=named, role=Role(role).label)
    return named


def player_for_user(user: User | AnonymousUser | None) -> Player | None:
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).first()


def namesakes(club_id: int, name: str) -> list[Player]:
    """The club's members called ``name`` (ignoring case, accents and extra spaces):
    registering another player by that name is probably a second record of one person."""
    wanted = name_key(name)
    return [
        player
        for player in Player.objects.filter(memberships__club_id=club_id).order_by("name", "pk")
        if name_key(player.name) == wanted
    ]
