"""Writes of the nights that count for a league: a member club marks one of its events as a
league night (where the league lets clubs' own nights count), or the league's organizers hold a
league day at a host club (a member) for the players of several clubs. Unmarking keeps the row
with its reason, and the league's figures are computed again without the night.

An event of another game, or of a club that is not a member, is refused; an unpublished event
may be marked, and counts once it is published (the league shows nothing a club did not
publish)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.selectors import ORGANIZER, user_has_role
from core.errors import Conflict, NotAllowed, ServiceError, Text
from games.registry import find_game
from leagues import pending
from leagues.access import Actor, require_league_organizer, runs_league
from leagues.models import League, LeagueClub, LeagueNight
from tournaments.models import Event


def _may_mark(actor: Actor, league: League, event: Event, kind: str) -> None:
    if kind == LeagueNight.Kind.DAY:
        require_league_organizer(actor, league, _("hold a league day"))
        return
    if not user_has_role(actor, event.club_id, ORGANIZER):
        raise NotAllowed.single(
            "not_allowed",
            _("Only an organizer of the event's club may mark it as a league night."),
        )
    if not league.club_nights:
        raise Conflict.single(
            "club_nights_off",
            Text(
                _("In %(league)s only the league's own days count, not the clubs' nights."),
                league=league.name,
            ),
            field="kind",
        )


@transaction.atomic
def league_night_mark(
    *, league: League, event: Event, actor: Actor, kind: str = LeagueNight.Kind.NIGHT
) -> LeagueNight:
    """Count ``event`` in the league: a club's league night, or a league day at its club."""
    if kind not in LeagueNight.Kind.values:
        raise ServiceError.single(
            "invalid_kind",
            Text(_("'%(kind)s' is not a kind of league night."), kind=kind),
            field="kind",
        )
    league = pending.locked(league)
    _may_mark(actor, league, event, kind)
    event = Event.objects.select_related("club").get(pk=event.pk)
    if event.game != league.game:
        rules = find_game(event.game)
        raise ServiceError.single(
            "wrong_game",
            Text(
                _("%(event)s is played at %(game)s; this league counts only its own game."),
                event=event.name,
                game=rules.name if rules is not None else event.game,
            ),
            field="event",
        )
    member = LeagueClub.objects.filter(
        league=league, club_id=event.club_id, status=LeagueClub.Status.MEMBER
    ).exists()
    if not member:
        raise Conflict.single(
            "club_not_member",
            Text(_("%(club)s is not a member of this league."), club=event.club.name),
            field="event",
        )
    night = LeagueNight.objects.select_for_update().filter(league=league, event=event).first()
    if night is not None and night.unmarked_at is None:
        raise Conflict.single(
            "already_marked",
            Text(_("%(event)s already counts for this league."), event=event.name),
            field="event",
        )
    now = timezone.now()
    if night is None:
        night = LeagueNight.objects.create(league=league, event=event, kind=kind, marked_at=now)
    else:
        night.kind, night.marked_at, night.unmarked_at, night.reason = kind, now, None, ""
        night.save(update_fields=["kind", "marked_at", "unmarked_at", "reason"])
    audit(actor, "league.night_mark", night, club_id=event.club_id, event=event.pk, kind=kind)
    # An unpublished night is not named on the league's pages (its version's detail).
    pending.note(league, pending.NIGHT_MARKED, event.name if event.published else "")
    return night


@transaction.atomic
def league_night_unmark(*, night: LeagueNight, actor: Actor, reason: str = "") -> LeagueNight:
    """Stop counting a night (its club's organizers for a league night, the league's for
    either); the league is computed again without it, as a new version naming the night."""
    event = Event.objects.get(pk=night.event_id)
    club_side = night.kind == LeagueNight.Kind.NIGHT and user_has_role(
        actor, event.club_id, ORGANIZER
    )
    if not club_side and not runs_league(actor, night.league):
        raise NotAllowed.single(
            "not_allowed",
            _("Only an organizer of the night's club or of the league may stop counting it."),
        )
    league = pending.locked(night.league)
    night = LeagueNight.objects.select_for_update().get(pk=night.pk)
    if night.unmarked_at is not None:
        raise Conflict.single(
            "not_marked", Text(_("%(event)s does not count for this league."), event=event.name)
        )
    night.unmarked_at, night.reason = timezone.now(), reason.strip()[:200]
    night.save(update_fields=["unmarked_at", "reason"])
    audit(
        actor,
        "league.night_unmark",
        night,
        club_id=event.club_id,
        event=event.pk,
        reason=night.reason,
    )
    pending.note(league, pending.NIGHT_UNMARKED, event.name if event.published else "")
    return night
