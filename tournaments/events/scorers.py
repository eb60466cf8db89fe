"""Scorers of one event: players an organizer trusts to enter results for this event only
(``EventScorer``, read by ``tournaments.selectors.user_may_score``).

An event scorer must be a member of the event's club and have a login, since scoring as a
person (rather than with a table's link) means signing in. Both doors (the API and the
organizer's event page) call these functions.
"""

from django.contrib.auth.models import AnonymousUser, User
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Membership, Player
from clubs.selectors import ORGANIZER, SCORERS, require_role
from core.errors import Conflict, NotFound, ServiceError, Text
from tournaments.models import Event, EventScorer

Actor = User | AnonymousUser | None


def event_scorers(*, event: Event, actor: Actor) -> QuerySet[EventScorer]:
    """The event's scorers, for its club's organizers and scorers."""
    require_role(actor, event.club_id, SCORERS, _("see the event's scorers"))
    return event_scorer_rows(event)


def event_scorer_rows(event: Event) -> QuerySet[EventScorer]:
    return (
        EventScorer.objects.filter(event=event)
        .select_related("player")
        .order_by("player__name", "player_id")
    )


def event_scorer_candidates(event: Event) -> QuerySet[Player]:
    """Members of the event's club with a login who are not yet scorers of the event, nor
    of the whole club (organizers and scorers of the club score every event anyway)."""
    club_scorers = Membership.objects.filter(club_id=event.club_id, role__in=SCORERS)
    return (
        Player.objects.filter(memberships__club_id=event.club_id, user__isnull=False)
        .exclude(scoring_events__event=event)
        .exclude(pk__in=club_scorers.values("player_id"))
        .order_by("name", "id")
    )


def event_scorer_add(*, event: Event, actor: Actor, player: Player) -> EventScorer:
    """Make ``player`` a scorer of this one event."""
    require_role(actor, event.club_id, ORGANIZER, _("assign the event's scorers"))
    if not Membership.objects.filter(club_id=event.club_id, player=player).exists():
        raise ServiceError.single(
            "not_a_member",
            Text(_("%(player)s is not a member of this club."), player=player.name),
            field="player",
        )
    if player.user_id is None:
        raise ServiceError.single(
            "no_login",
            Text(
                _(
                    "%(player)s has no login, so they cannot sign in to enter results; give them a "
                    "login first (or hand out the table's scoring link)."
                ),
                player=player.name,
            ),
            field="player",
        )
    if EventScorer.objects.filter(event=event, player=player).exists():
        raise _already(player)
    try:
        with transaction.atomic():
            scorer = EventScorer.objects.create(event=event, player=player)
            audit(
                actor,
                "event.scorer_add",
                event,
                club_id=event.club_id,
                player=player.pk,
                name=player.name,
            )
    except IntegrityError as exc:  # added at the same moment by someone else
        raise _already(player) from exc
    return scorer


@transaction.atomic
def event_scorer_remove(*, event: Event, actor: Actor, player: Player) -> None:
    """Take back a player's right to enter this event's results."""
    require_role(actor, event.club_id, ORGANIZER, _("assign the event's scorers"))
    deleted, _by_model = EventScorer.objects.filter(event=event, player=player).delete()
    if not deleted:
        raise NotFound.single(
            "not_a_scorer",
            Text(
                _("%(player)s is not a scorer of this event."),
                player=player.name,
            ),
            field="player",
        )
    audit(
        actor,
        "event.scorer_remove",
        event,
        club_id=event.club_id,
        player=player.pk,
        name=player.name,
    )


def _already(player: Player) -> Conflict:
    return Conflict.single(
        "already_scorer",
        Text(
            _("%(player)s is already a scorer of this event."),
            player=player.name,
        ),
        field="player",
    )
