"""Reads about events: who may see what, and standings."""

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet

from clubs.selectors import SCORERS, user_has_role, user_roles
from tournaments.models import Event, EventScorer, Standing


def events_visible_to(user: User | AnonymousUser | None) -> QuerySet[Event]:
    """Published events for everyone; a club's unpublished events for its own members (any
    role in the club) and superusers. ``event_visible_to`` is the same rule for one event."""
    events = Event.objects.all()
    if user is not None and user.is_authenticated and user.is_superuser:
        return events
    return events.filter(Q(published=True) | Q(club_id__in=list(user_roles(user))))


def event_visible_to(user: User | AnonymousUser | None, event: Event) -> bool:
    """Whether ``user`` may see ``event``: the rule of ``events_visible_to``."""
    if event.published:
        return True
    if user is not None and user.is_authenticated and user.is_superuser:
        return True
    return event.club_id in user_roles(user)


def stored_standings(event: Event) -> QuerySet[Standing]:
    return (
        Standing.objects.filter(event=event)
        .select_related("player")
        .order_by("rank", "player__name", "player_id")
    )


def played_standings(event: Event) -> QuerySet[Standing]:
    """The lines of the players who played: a counted session or a bye. A line of someone who
    never sat at a table that counted (a table not played, a seat left empty) is nobody's
    place out of the others, and no player of the evening to count."""
    return stored_standings(event).filter(Q(sessions__gt=0) | Q(byes__gt=0))


def user_may_score(user: User | AnonymousUser | None, event: Event) -> bool:
    """Organizers and scorers of the event's club, and the event's own scorers."""
    if user_has_role(user, event.club_id, SCORERS):
        return True
    return bool(
        user is not None
        and user.is_authenticated
        and EventScorer.objects.filter(event=event, player__user=user).exists()
    )
