"""Reads for the pages that show sessions: an event's sessions, a player's sessions and rating
history. Plain queries; nothing here writes."""

from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Prefetch, QuerySet

from clubs.models import Player
from ranking.ratings.models import PlayerRating, RatingPool
from ranking.ratings.store.loading import player_history
from results.models import Session, SessionSeat
from tournaments.models import Event
from tournaments.selectors import events_visible_to


def event_sessions(event: Event) -> QuerySet[Session]:
    return (
        Session.objects.filter(event=event)
        .select_related("table__round")
        .prefetch_related(
            Prefetch("seat_results", queryset=SessionSeat.objects.select_related("player"))
        )
        .order_by("table__round__number", "table__number")
    )


def player_results(player: Player, user: User | AnonymousUser | None) -> QuerySet[SessionSeat]:
    """The player's sessions in events the user may see, newest first."""
    return (
        SessionSeat.objects.filter(player=player, session__event__in=events_visible_to(user))
        .select_related("session__event", "session__table__round")
        .order_by("-session__event__date", "-session__table__round__number")
    )


@dataclass(frozen=True)
class RatingPoint:
    """The player's rating after one rated session and what that session did to it."""

    when: date
    rating: float
    event: str
    change: float = 0.0
    provisional: bool = False
    event_id: int | None = None


@dataclass(frozen=True)
class RatingHistoryView:
    """A player's rating history in the pool they played most in (club and game)."""

    points: list[RatingPoint]
    club_slug: str = ""
    club_name: str = ""
    game: str = ""


def rating_history(player: Player) -> RatingHistoryView:
    """The player's rating after each rated session, from the stored rating history of the
    pool they played most in (ratings are derived and written by ``ratings``).
    Sessions of events that are not published are shown without their event's name."""
    pool_id = (
        PlayerRating.objects.filter(player=player)
        .order_by("-sessions_played", "pool_id")
        .values_list("pool_id", flat=True)
        .first()
    )
    if pool_id is None:
        return RatingHistoryView(points=[])
    history = list(
        player_history(pool_id, [player.pk])
        .order_by("position", "pk")
        .values_list("played_on", "ordinal_before", "ordinal_after", "provisional", "session_id")
    )
    events = {
        pk: (event_id, name)
        for pk, event_id, name in Session.objects.filter(
            pk__in=[h[4] for h in history], event__published=True
        ).values_list("pk", "event_id", "event__name")
    }
    pool = RatingPool.objects.select_related("club").get(pk=pool_id)
    return RatingHistoryView(
        points=[
            RatingPoint(
                when=played_on,
                rating=after,
                change=after - before,
                provisional=provisional,
                event=events.get(session_id, (None, ""))[1],
                event_id=events.get(session_id, (None, ""))[0],
            )
            for played_on, before, after, provisional, session_id in history
        ],
        club_slug=pool.club.slug,
        club_name=pool.club.name,
        game=pool.game,
    )
