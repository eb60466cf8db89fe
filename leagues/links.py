"""Writes of one player across clubs: a club's player record linked to a league number, with
consent, and the consent withdrawn.

A link counts when both sides agreed: the club that gives the record (an organizer of that
club: a club's record is never taken without it) and the player (their own login, or an
organizer of the club on their behalf, with a reason, audited). The two may come in either
order; the link waits for the other. Joining a record to a number that has records already
(the person's results at another club) needs the number's side as well: the player's own login
(of this record or of one the number has), or an organizer on their behalf who also organizes a
club that gave one of the number's records. So no club can pull its own record into someone
else's league history.

The records stay each club's own: nothing is merged, every club keeps its history under its
record; the league counts the linked records as one player. Withdrawing (the player, or the
club) ends the link and the league is computed again without it, as a new version.
"""

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club, Membership, Player
from clubs.selectors import ORGANIZER, user_has_role
from core.errors import Conflict, NotAllowed, NotFound, ServiceError, Text
from leagues import pending
from leagues.access import Actor, signed_in
from leagues.models import League, LeagueClub, LeagueLink, LeaguePlayer


def _own_login(actor: Actor, records: list[int]) -> bool:
    user = signed_in(actor)
    return user is not None and Player.objects.filter(pk__in=records, user=user).exists()


def number_records(league_player: LeaguePlayer) -> list[tuple[int, int]]:
    """(record, club) of the number's links that count."""
    return list(
        LeagueLink.objects.filter(
            league_player=league_player,
            withdrawn_at__isnull=True,
            club_consent_at__isnull=False,
            player_consent_at__isnull=False,
        ).values_list("player_id", "club_id")
    )


def _player_side(
    actor: Actor, player: Player, league_player: LeaguePlayer, *, new: bool, on_behalf: bool
) -> tuple[bool, bool]:
    """Whether ``actor`` gives the player's consent: by their own login (of this record or of
    one the number counts), or on their behalf (an organizer of the record's club, checked by
    the caller, who for a number with records elsewhere also organizes one of those clubs)."""
    theirs = [] if new else number_records(league_player)
    own = _own_login(actor, [player.pk, *(record for record, _club in theirs)])
    behalf = on_behalf and (
        not theirs or any(user_has_role(actor, club_id, ORGANIZER) for _r, club_id in theirs)
    )
    return own, behalf


def _check(league: League, player: Player, club: Club) -> None:
    if not LeagueClub.objects.filter(
        league=league, club=club, status=LeagueClub.Status.MEMBER
    ).exists():
        raise Conflict.single(
            "club_not_member",
            Text(_("%(club)s is not a member of this league."), club=club.name),
            field="club",
        )
    if not Membership.objects.filter(club=club, player=player).exists():
        raise ServiceError.single(
            "not_a_member",
            Text(_("%(player)s is not a member of %(club)s."), player=player.name, club=club.name),
            field="player",
        )


def _number(league: League, number: int | None, player: Player) -> tuple[LeaguePlayer, bool]:
    """The league player of ``number``, or a new one (with the next number)."""
    if number is None:
        last = LeaguePlayer.objects.filter(league=league).aggregate(most=Max("number"))["most"]
        return LeaguePlayer.objects.create(
            league=league, number=(last or 0) + 1, name=player.name
        ), True
    found = LeaguePlayer.objects.filter(league=league, number=number).first()
    if found is None:
        raise NotFound.single(
            "unknown_number",
            Text(_("The league has no player with number %(number)s."), number=number),
            field="number",
        )
    return found, False


@transaction.atomic
def league_link_consent(
    *,
    league: League,
    player: Player,
    club: Club,
    actor: Actor,
    number: int | None = None,
    on_behalf: bool = False,
    reason: str = "",
) -> LeagueLink:
    """Give the consent(s) ``actor`` may give to counting ``player`` (a record of ``club``)
    as league player ``number`` (None: a new number). Returns the link, counting once both
    sides agreed."""
    club_side = user_has_role(actor, club.pk, ORGANIZER)
    if on_behalf and not reason.strip():
        raise ServiceError.single(
            "reason_required",
            _("Say why you consent on the player's behalf."),
            field="reason",
        )
    if on_behalf and not club_side:
        raise NotAllowed.single(
            "not_allowed", _("Only an organizer of the club may consent on a player's behalf.")
        )
    league = pending.locked(league)
    _check(league, player, club)
    link = (
        LeagueLink.objects.select_for_update()
        .filter(league=league, player=player, withdrawn_at__isnull=True)
        .select_related("league_player")
        .first()
    )
    if link is not None and (
        (number is not None and link.league_player.number != number) or link.club_id != club.pk
    ):
        raise Conflict.single(
            "already_linked",
            Text(
                _("%(player)s already counts as league number %(number)s."),
                player=player.name,
                number=link.league_player.number,
            ),
            field="number",
        )
    created = link is None
    if link is None:
        league_player, new = _number(league, number, player)
        link = LeagueLink(league=league, league_player=league_player, player=player, club=club)
    else:
        new = False
    own, behalf = _player_side(actor, player, link.league_player, new=new, on_behalf=on_behalf)
    if not (club_side or own or behalf):
        raise _refused(player)
    was_active = link.active
    now = timezone.now()
    if club_side and link.club_consent_at is None:
        link.club_consent_at = now
    if (own or behalf) and link.player_consent_at is None:
        link.player_consent_at, link.on_behalf = now, not own
    link.save()
    audit(
        actor,
        "league.link_consent",
        link,
        club_id=club.pk,
        league=league.pk,
        number=link.league_player.number,
        player=player.pk,
        club_side=club_side,
        player_side=own or behalf,
        on_behalf=link.on_behalf,
        reason=reason.strip()[:200],
        created=created,
    )
    if link.active and not was_active:
        pending.note(league, pending.LINKED, link.league_player.name)
    return link


def _refused(player: Player) -> NotAllowed:
    return NotAllowed.single(
        "not_allowed",
        Text(
            _(
                "Only %(player)s (signed in) or an organizer of their club may link their record "
                "to a league number; joining a number that has records at another club takes "
                "the player, or an organizer of that club too."
            ),
            player=player.name,
        ),
    )


@transaction.atomic
def league_link_withdraw(*, link: LeagueLink, actor: Actor, reason: str = "") -> LeagueLink:
    """End a link (the player's own login, or an organizer of the club that gave the record):
    the league stops counting the record as that league player, as a new version."""
    theirs = [record for record, _club in number_records(link.league_player)]
    if not (
        user_has_role(actor, link.club_id, ORGANIZER)
        or _own_login(actor, [link.player_id, *theirs])
    ):
        raise NotAllowed.single(
            "not_allowed",
            _("Only the player (signed in) or an organizer of the record's club may withdraw."),
        )
    league = pending.locked(link.league)
    link = LeagueLink.objects.select_for_update().select_related("league_player").get(pk=link.pk)
    if link.withdrawn_at is not None:
        raise Conflict.single("already_withdrawn", _("This consent was withdrawn already."))
    was_active = link.active
    link.withdrawn_at = timezone.now()
    link.save(update_fields=["withdrawn_at"])
    audit(
        actor,
        "league.link_withdraw",
        link,
        club_id=link.club_id,
        league=league.pk,
        number=link.league_player.number,
        player=link.player_id,
        reason=reason.strip()[:200],
    )
    if was_active:
        pending.note(league, pending.CONSENT_WITHDRAWN, link.league_player.name)
    return link
