"""Writes of a league: founding it, its name and rules (whether clubs' own nights count, the
rating's configuration), its organizers, and its member clubs (invited by the league, accepted
or declined by an organizer of the club, leaving by either). Seasons: ``leagues.seasons``;
the nights that count: ``leagues.nights``; players across clubs: ``leagues.links``.

Every write checks who may, locks the league's row (one writer per league), writes its audit
entry in the same transaction and, where the league's figures change, notes why
(``leagues.pending``) so that they are computed again as a new version.
"""

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club
from clubs.selectors import ORGANIZER, require_role, user_has_role
from core.errors import Conflict, NotAllowed, ServiceError, Text, problem
from core.names import normalized, typed_problems
from games.registry import find_game, games
from leagues import pending
from leagues.access import Actor, require_league_organizer, runs_league, signed_in
from leagues.models import League, LeagueClub, LeagueOrganizer
from ranking.arithmetic.ratings.config import game_config
from ranking.ratings.config import rating_scale

# Addresses the organizer's pages take for themselves (/manage/leagues/new/).
RESERVED = frozenset({"new"})


@transaction.atomic
def league_create(
    *, actor: Actor, name: str, game: str, slug: str = "", club: Club | None = None
) -> League:
    """Found a league of ``game``; the founder becomes its first organizer, and ``club`` (one
    the founder organizes) its first member club."""
    user = signed_in(actor)
    if user is None:
        raise NotAllowed.single("login_required", _("Sign in to found a league."))
    if club is not None:
        require_role(user, club.pk, ORGANIZER, _("make the club a league's first member"))
    problems = typed_problems(League, "name", name)
    name = normalized(name)
    if not problems and not name:
        problems.append(problem("name_required", _("A league needs a name."), field="name"))
    if find_game(game) is None:
        problems.append(_unknown_game(game))
    if slug and (slug in RESERVED or League.objects.filter(slug=slug).exists()):
        problems.append(_slug_taken(slug))
    if problems:
        raise ServiceError(problems)
    slug = slug or slugify(name) or "league"
    base, n = slug, 1
    while slug in RESERVED or League.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    league = League.objects.create(name=name, slug=slug, game=game)
    LeagueOrganizer.objects.create(league=league, user=user)
    audit(user, "league.create", league, name=name, game=game)
    if club is not None:
        now = timezone.now()
        LeagueClub.objects.create(
            league=league,
            club=club,
            status=LeagueClub.Status.MEMBER,
            invited_at=now,
            joined_on=timezone.localdate(),
        )
        audit(user, "league.club_accept", league, club_id=club.pk, club=club.pk, founder=True)
    return league


def _unknown_game(game: str) -> dict[str, Any]:
    return problem(
        "unknown_game",
        Text(
            _("Unknown game '%(game)s'; known games: %(known)s."),
            game=game,
            known=", ".join(sorted(games())),
        ),
        field="game",
    )


def _slug_taken(slug: str) -> dict[str, Any]:
    return problem(
        "slug_taken",
        Text(_("Another league already uses the address '%(slug)s'."), slug=slug),
        field="slug",
    )


@transaction.atomic
def league_update(
    *,
    league: League,
    actor: Actor,
    name: str | None = None,
    club_nights: bool | None = None,
    rating_config: object = None,
) -> League:
    """Rename the league, say whether member clubs' own nights count, or set its rating's
    configuration (its organizers). A change of what counts or how it rates is computed again."""
    require_league_organizer(actor, league, _("change the league"))
    league = pending.locked(league)
    problems = typed_problems(League, "name", name) if name is not None else []
    if name is not None and not problems and not normalized(name):
        problems.append(problem("name_required", _("A league needs a name."), field="name"))
    if rating_config is not None:
        try:
            if not isinstance(rating_config, dict):
                raise TypeError("the configuration is a JSON object")
            game_config(rating_scale(league.game), rating_config)
        except (TypeError, ValueError) as error:
            problems.append(
                problem(
                    "invalid_config",
                    Text(_("This rating configuration is not valid: %(error)s."), error=error),
                    field="rating_config",
                )
            )
    if problems:
        raise ServiceError(problems)
    changed: dict[str, Any] = {}
    if name is not None and normalized(name) != league.name:
        changed["name"] = normalized(name)
    if club_nights is not None and club_nights != league.club_nights:
        changed["club_nights"] = club_nights
    if rating_config is not None and rating_config != league.rating_config:
        changed["rating_config"] = rating_config
    if not changed:
        return league
    for field, value in changed.items():
        setattr(league, field, value)
    league.save(update_fields=list(changed))
    audit(actor, "league.update", league, changed=changed)
    if set(changed) - {"name"}:
        pending.note(league, pending.RULES, ", ".join(sorted(set(changed) - {"name"})))
    return league


@transaction.atomic
def league_organizer_add(*, league: League, actor: Actor, user: User) -> LeagueOrganizer:
    """Make another login an organizer of the league (its organizers)."""
    require_league_organizer(actor, league, _("add organizers"))
    league = pending.locked(league)
    organizer, created = LeagueOrganizer.objects.get_or_create(league=league, user=user)
    if not created:
        raise Conflict.single(
            "already_organizer",
            Text(_("%(user)s already organizes this league."), user=user.get_username()),
            field="user",
        )
    audit(actor, "league.organizer_add", league, user=user.pk)
    return organizer


@transaction.atomic
def league_organizer_remove(*, league: League, actor: Actor, user: User) -> None:
    """Take a login's organizer role away; the league's last organizer stays."""
    require_league_organizer(actor, league, _("remove organizers"))
    league = pending.locked(league)
    rows = LeagueOrganizer.objects.filter(league=league)
    if not rows.filter(user=user).exists():
        return
    if rows.count() == 1:
        raise Conflict.single(
            "last_organizer",
            Text(
                _("%(user)s is the last organizer of %(league)s: add another organizer first."),
                user=user.get_username(),
                league=league.name,
            ),
            field="user",
        )
    rows.filter(user=user).delete()
    audit(actor, "league.organizer_remove", league, user=user.pk)


@transaction.atomic
def league_club_invite(*, league: League, club: Club, actor: Actor) -> LeagueClub:
    """Invite a club (the league's organizers); an organizer of the club accepts or declines.
    A club that declined or left may be invited again."""
    require_league_organizer(actor, league, _("invite clubs"))
    league = pending.locked(league)
    row = LeagueClub.objects.select_for_update().filter(league=league, club=club).first()
    if row is not None and row.status in (LeagueClub.Status.MEMBER, LeagueClub.Status.INVITED):
        raise Conflict.single(
            "already_invited",
            Text(
                _("%(club)s is already invited to or a member of %(league)s."),
                club=club.name,
                league=league.name,
            ),
            field="club",
        )
    now = timezone.now()
    if row is None:
        row = LeagueClub.objects.create(league=league, club=club, invited_at=now)
    else:
        row.status, row.invited_at = LeagueClub.Status.INVITED, now
        row.save(update_fields=["status", "invited_at"])
    audit(actor, "league.club_invite", league, club_id=club.pk, club=club.pk)
    return row


@transaction.atomic
def league_club_answer(*, membership: LeagueClub, actor: Actor, accept: bool) -> LeagueClub:
    """An organizer of the invited club accepts (the club becomes a member from today) or
    declines the invitation."""
    require_role(actor, membership.club_id, ORGANIZER, _("answer a league's invitation"))
    league = pending.locked(membership.league)
    row = LeagueClub.objects.select_for_update().select_related("club").get(pk=membership.pk)
    if row.status != LeagueClub.Status.INVITED:
        raise Conflict.single(
            "not_invited",
            Text(_("%(club)s has no open invitation to this league."), club=row.club.name),
        )
    if accept:
        row.status, row.joined_on, row.left_on = (
            LeagueClub.Status.MEMBER,
            timezone.localdate(),
            None,
        )
    else:
        row.status = LeagueClub.Status.DECLINED
    row.save(update_fields=["status", "joined_on", "left_on"])
    audit(
        actor,
        "league.club_accept" if accept else "league.club_decline",
        league,
        club_id=row.club_id,
        club=row.club_id,
    )
    if accept:
        pending.note(league, pending.CLUB_JOINED, row.club.name)
    return row


@transaction.atomic
def league_club_leave(*, membership: LeagueClub, actor: Actor, reason: str = "") -> LeagueClub:
    """The club leaves the league (an organizer of the club, or of the league, with a reason).
    What counted stays: its nights up to today remain in the league's figures; later ones
    do not count."""
    club_side = user_has_role(actor, membership.club_id, ORGANIZER)
    if not club_side and not runs_league(actor, membership.league):
        raise NotAllowed.single(
            "not_allowed",
            _("Only an organizer of the club or of the league may end the club's membership."),
        )
    league = pending.locked(membership.league)
    row = LeagueClub.objects.select_for_update().select_related("club").get(pk=membership.pk)
    if row.status != LeagueClub.Status.MEMBER:
        raise Conflict.single(
            "not_a_member",
            Text(_("%(club)s is not a member of this league."), club=row.club.name),
        )
    row.status, row.left_on = LeagueClub.Status.LEFT, timezone.localdate()
    row.save(update_fields=["status", "left_on"])
    audit(
        actor,
        "league.club_leave",
        league,
        club_id=row.club_id,
        club=row.club_id,
        reason=reason.strip()[:200],
    )
    pending.note(league, pending.CLUB_LEFT, row.club.name)
    return row
