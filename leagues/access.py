"""Who may do what in a league: its organizers (``LeagueOrganizer``, and superusers) run it; a
club's organizers speak for their club (``clubs.selectors``). Reads only."""

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext_lazy as _

from core.errors import Message, NotAllowed, Text
from leagues.models import League, LeagueOrganizer

Actor = User | AnonymousUser | None


def signed_in(actor: Actor) -> User | None:
    return actor if isinstance(actor, User) and actor.is_authenticated else None


def runs_league(actor: Actor, league: League) -> bool:
    user = signed_in(actor)
    if user is None:
        return False
    return user.is_superuser or LeagueOrganizer.objects.filter(league=league, user=user).exists()


def require_league_organizer(actor: Actor, league: League, action: Message) -> User:
    """Refuse unless ``actor`` organizes the league; the user (signed in)."""
    user = signed_in(actor)
    if user is None or not runs_league(user, league):
        raise NotAllowed.single(
            "not_allowed",
            Text(
                _("Only an organizer of the league %(league)s may %(action)s."),
                league=league.name,
                action=action,
            ),
        )
    return user
