"""Two player records of one person become one: the organizer's merge.

Everything the merged record has (memberships, check-ins, seats, byes, session results, event
scorer rights, a login) moves to the record that stays; derived figures (standings, ratings)
are recomputed from the moved results. Results are evidence: a session's document keeps the
name it was entered under, and the merge is in the audit log of every club involved.

Two records that sat in the same round are two people: that merge is refused.

Who may merge follows the rule of joining a club (clubs.memberships.membership_add): each of the
two records must be under the merging organizer's authority, that is, a current member of at
least one club, and of no club the organizer does not organize. A record that left every club
is nobody's (superusers aside): otherwise any organizer could take over another club's former
player, their published seats and their name in that club's standings.
"""

from collections.abc import Callable
from datetime import date

from django.contrib.auth.models import AnonymousUser, User
from django.db import IntegrityError, models, transaction
from django.db.models import F
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import JoinConsent, Membership, Player, Role
from clubs.selectors import ORGANIZER, user_has_role
from core.errors import Conflict, NotAllowed, ServiceError, Text
from tournaments import provided
from tournaments.models import Bye, Event, EventPlayer, EventScorer, Seat
from tournaments.tasks import enqueue_ratings, enqueue_standings

Actor = User | AnonymousUser | None
ROLE_ORDER = {Role.MEMBER: 0, Role.SCORER: 1, Role.ORGANIZER: 2}
# Rows computed from results: dropped for the merged record and computed again.
# Labels, not imports: the ratings live in a higher app (tests check that each names a model).
DERIVED = {"tournaments.Standing", "ratings.PlayerRating", "ratings.RatingHistory"}


@transaction.atomic
def player_merge(*, keep: Player, merged: Player, actor: Actor, reason: str = "") -> Player:
    """Merge ``merged`` into ``keep``: an organizer of every club either belongs to, each of
    them a member of at least one club."""
    if keep.pk == merged.pk:
        raise ServiceError.single(
            "same_player", _("A player cannot be merged with themselves."), field="merged"
        )
    locked = list(
        Player.objects.select_for_update().filter(pk__in=[keep.pk, merged.pk]).order_by("pk")
    )
    keep, merged = (next(p for p in locked if p.pk == pk) for pk in (keep.pk, merged.pk))
    clubs = _require_authority(actor, keep, merged)
    _refuse_two_people(keep, merged)
    events = _touched_events(merged)
    _merge_unique(Membership, keep, merged, "club", _stronger_role)
    _merge_unique(JoinConsent, keep, merged, "club")
    _merge_unique(EventPlayer, keep, merged, "event", _present_if_either)
    _merge_unique(EventScorer, keep, merged, "event")
    _move_the_rest(keep, merged)
    if merged.user_id is not None:
        user, merged.user = merged.user, None
        merged.save(update_fields=["user"])
        keep.user = user
        keep.save(update_fields=["user"])
    for club_id in clubs:
        audit(
            actor,
            "player.merge",
            keep,
            club_id=club_id,
            merged=merged.pk,
            merged_name=merged.name,
            name=keep.name,
            reason=reason.strip()[:200],
        )
    merged.delete()
    _recompute(events)
    return keep


def _require_authority(actor: Actor, keep: Player, merged: Player) -> list[int]:
    """The clubs of the two records (their membership rows locked until the transaction
    ends, so none changes between this check and the merge); refused unless the actor
    organizes every one of them and each record belongs to at least one (superusers aside)."""
    rows = list(
        Membership.objects.select_for_update()
        .filter(player__in=[keep, merged])
        .order_by("pk")
        .values_list("player_id", "club_id")
    )
    clubs = sorted({club_id for _player, club_id in rows})
    if actor is not None and actor.is_authenticated and actor.is_superuser:
        return clubs
    for player in (merged, keep):
        own = sorted({club_id for player_id, club_id in rows if player_id == player.pk})
        if not own:
            raise NotAllowed.single(
                "not_allowed",
                Text(
                    _(
                        "%(player)s is no longer a member of any club, so no organizer may merge "
                        "them: a merge takes an organizer of the clubs both records belong to."
                    ),
                    player=player.name,
                ),
            )
        if not all(user_has_role(actor, club_id, ORGANIZER) for club_id in own):
            raise NotAllowed.single(
                "not_allowed",
                Text(
                    _(
                        "Only an organizer of every club %(player)s belongs to may merge "
                        "%(player)s with another record."
                    ),
                    player=player.name,
                ),
            )
    return clubs


def _refuse_two_people(keep: Player, merged: Player) -> None:
    if keep.user_id is not None and merged.user_id is not None:
        raise Conflict.single(
            "both_have_logins",
            Text(
                _("%(keep)s and %(merged)s each have a login: they are two people."),
                keep=keep.name,
                merged=merged.name,
            ),
            field="merged",
        )
    rounds = set(Seat.objects.filter(player=keep).values_list("round_id", flat=True))
    rounds |= set(Bye.objects.filter(player=keep).values_list("round_id", flat=True))
    shared = (
        Seat.objects.filter(player=merged, round_id__in=rounds)
        .select_related("round__event")
        .first()
        or Bye.objects.filter(player=merged, round_id__in=rounds)
        .select_related("round__event")
        .first()
    )
    if shared is not None:
        round_ = shared.round
        raise Conflict.single(
            "played_together",
            Text(
                _(
                    "%(keep)s and %(merged)s both played in round %(round)s of %(event)s: they are "
                    "two people."
                ),
                keep=keep.name,
                merged=merged.name,
                round=round_.number,
                event=round_.event.name,
            ),
            field="merged",
        )


def _stronger_role(stays: models.Model, goes: models.Model) -> None:
    assert isinstance(stays, Membership) and isinstance(goes, Membership)
    if ROLE_ORDER[Role(goes.role)] > ROLE_ORDER[Role(stays.role)]:
        stays.role = goes.role
        stays.save(update_fields=["role"])


def _present_if_either(stays: models.Model, goes: models.Model) -> None:
    assert isinstance(stays, EventPlayer) and isinstance(goes, EventPlayer)
    if goes.present and not stays.present:
        stays.present = True
        stays.save(update_fields=["present"])


def _merge_unique(
    model: type[models.Model],
    keep: Player,
    merged: Player,
    other: str,
    combine: Callable[[models.Model, models.Model], None] | None = None,
) -> None:
    """Rows unique per (``other``, player): the merged record's row joins the kept one where
    both have one, and moves over where only it has one."""
    rows = model._default_manager
    kept = {getattr(row, f"{other}_id"): row for row in rows.filter(player=keep)}
    for row in rows.filter(player=merged):
        stays = kept.get(getattr(row, f"{other}_id"))
        if stays is None:
            rows.filter(pk=row.pk).update(player=keep)
        else:
            if combine is not None:
                combine(stays, row)
            row.delete()


def _move_the_rest(keep: Player, merged: Player) -> None:
    """Every other row that refers to the merged record moves (seats, byes, session results,
    and whatever a later model adds); derived rows are dropped, to be computed again."""
    handled = {
        "clubs.Membership",
        "clubs.JoinConsent",
        "tournaments.EventPlayer",
        "tournaments.EventScorer",
    }
    relations = [
        field
        for field in Player._meta.get_fields(include_hidden=True)
        if isinstance(field, models.ForeignObjectRel) and (field.one_to_many or field.one_to_one)
    ]
    for relation in relations:  # hidden ones too: a team's partners (related_name "+")
        model = relation.related_model
        if not isinstance(model, type) or not relation.field.concrete:
            continue
        label = model._meta.label
        if label in handled:
            continue
        name = relation.field.name
        rows = model._default_manager.filter(**{name: merged})
        if label in DERIVED:
            rows.delete()
            continue
        try:
            with transaction.atomic():
                rows.update(**{name: keep})
        except IntegrityError as exc:
            what = model._meta.verbose_name
            raise Conflict.single(
                "cannot_merge",
                Text(
                    _(
                        "%(keep)s and %(merged)s cannot be merged: both appear in the same "
                        "%(what)s."
                    ),
                    keep=keep.name,
                    merged=merged.name,
                    what=what,
                ),
                field="merged",
            ) from exc


def _touched_events(player: Player) -> list[Event]:
    return list(
        Event.objects.filter(
            models.Q(entries__player=player)
            | models.Q(rounds__seats__player=player)
            | models.Q(rounds__byes__player=player)
        )
        .distinct()
        .order_by("date", "pk")
    )


def _recompute(events: list[Event]) -> None:
    """Standings of every event the merged record played in, and the ratings of its clubs
    from the first of those evenings on."""
    first: dict[int, date] = {}
    for event in events:
        Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
        enqueue_standings(event.pk)
        first.setdefault(event.club_id, event.date)
    for club_id, day in first.items():
        provided.ratings_replay_from(club_id=club_id, from_date=day)
        enqueue_ratings(club_id)
