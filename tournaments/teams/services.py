"""Teams for the night of a team game (Bonko: two partners, who sit opposite each other all
evening): the organizer pairs two entered players, or lets the service pair the players who are
present and not in a team yet at random; a team can be taken apart again. The one service for
``EventTeam`` rows (permission, the event's lock, audit entry)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Player
from clubs.selectors import ORGANIZER, require_role
from core.errors import Message, NotFound, ServiceError, Text
from core.names import typed
from games.registry import find_game
from tournaments.events.services import entry_set_present, event_walk_in
from tournaments.models import Event, EventPlayer, EventTeam

Actor = User | AnonymousUser | None
MAX_NAME = 80


def plays_in_teams(event: Event) -> bool:
    game = find_game(event.game)
    return game is not None and bool(game.teams)


def teamed_players(event: Event) -> set[int]:
    """The players of the event who are in a team."""
    return {player for team in EventTeam.objects.filter(event=event) for player in team.player_ids}


def team_name(first: Player, second: Player) -> str:
    return f"{first.name} & {second.name}"[:MAX_NAME]


def team_pair(*, event: Event, actor: Actor, first: int, second: int, name: str = "") -> EventTeam:
    """Pair two players entered in the event as a team for the night (organizers only)."""
    require_role(actor, event.club_id, ORGANIZER, _("pair teams"))
    name = typed(EventTeam, "name", name)
    with transaction.atomic():
        event = _locked(event)
        if first == second:
            raise _error(
                "team_same_player",
                _("A team is two different players."),
                "second",
            )
        entered = dict(
            EventPlayer.objects.filter(event=event, player_id__in=[first, second]).values_list(
                "player_id", "player__name"
            )
        )
        for field, player in (("first", first), ("second", second)):
            if player not in entered:
                raise _error(
                    "team_not_entered",
                    Text(
                        _("Player %(player)s is not entered in %(event)s."),
                        player=player,
                        event=event.name,
                    ),
                    field,
                )
        taken = teamed_players(event)
        for field, player in (("first", first), ("second", second)):
            if player in taken:
                raise _error(
                    "team_player_taken",
                    Text(_("%(player)s already has a partner tonight."), player=entered[player]),
                    field,
                )
        clean = name[:MAX_NAME] or f"{entered[first]} & {entered[second]}"[:MAX_NAME]
        team = EventTeam.objects.create(event=event, first_id=first, second_id=second, name=clean)
        audit(
            actor,
            "event.team_pair",
            team,
            club_id=event.club_id,
            event=event.pk,
            players=[first, second],
        )
        return team


def teams_pair_at_random(*, event: Event, actor: Actor, seed: int | None = None) -> list[EventTeam]:
    """Pair the present players who have no partner yet at random; with an odd number one
    stays without a partner (the organizer pairs them with a substitute or seats them out).
    Returns the new teams."""
    require_role(actor, event.club_id, ORGANIZER, _("pair teams"))
    with transaction.atomic():
        event = _locked(event)
        taken = teamed_players(event)
        present = [
            player
            for player in EventPlayer.objects.filter(event=event, present=True)
            .order_by("player_id")
            .values_list("player_id", flat=True)
            if player not in taken
        ]
        if len(present) < 2:
            raise _error(
                "team_too_few",
                _("Fewer than two present players are without a partner."),
            )
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        rng.shuffle(present)
        players = Player.objects.in_bulk(present)
        teams = [
            EventTeam(event=event, first_id=a, second_id=b, name=team_name(players[a], players[b]))
            for a, b in zip(present[0::2], present[1::2], strict=False)
        ]
        EventTeam.objects.bulk_create(teams)
        audit(
            actor,
            "event.teams_random",
            event,
            club_id=event.club_id,
            teams=[[team.first_id, team.second_id] for team in teams],
        )
        return teams


def team_unpair(*, team: EventTeam, actor: Actor) -> None:
    """Take a team apart (its players may be paired again)."""
    require_role(actor, team.event.club_id, ORGANIZER, _("pair teams"))
    with transaction.atomic():
        event = _locked(team.event)
        found = EventTeam.objects.filter(pk=team.pk, event=event).first()
        if found is None:
            raise NotFound.single("team_not_found", _("There is no such team."))
        audit(
            actor,
            "event.team_unpair",
            found,
            club_id=event.club_id,
            event=event.pk,
            players=list(found.player_ids),
        )
        found.delete()


def team_pair_substitute(
    *,
    event: Event,
    actor: Actor,
    player: int,
    substitute: int | None = None,
    walk_in: str = "",
    name: str = "",
) -> EventTeam:
    """Pair a present player without a partner with a substitute for the night: a club member
    who is not here (checked in now) or a walk-in (registered in the club and checked in).
    Exactly one of ``substitute`` and ``walk_in``; organizers only."""
    require_role(actor, event.club_id, ORGANIZER, _("pair teams"))
    walk_in = " ".join(walk_in.split())
    if (substitute is None) == (not walk_in):
        raise _error(
            "substitute_one",
            _(
                "Name a substitute: a club member who is not here, or a walk-in's name (one of the "
                "two)."
            ),
            "substitute",
        )
    with transaction.atomic():
        event = _locked(event)
        _lone_player(event, player)
        if walk_in:
            entry = event_walk_in(event=event, actor=actor, name=walk_in)
        else:
            entry = _check_in_substitute(event, actor, int(substitute or 0))
        team = team_pair(event=event, actor=actor, first=player, second=entry.player_id, name=name)
        audit(
            actor,
            "event.team_substitute",
            team,
            club_id=event.club_id,
            event=event.pk,
            player=player,
            substitute=entry.player_id,
            walk_in=bool(walk_in),
        )
        return team


def _check_in_substitute(event: Event, actor: Actor, substitute: int) -> EventPlayer:
    member = Player.objects.filter(pk=substitute, memberships__club_id=event.club_id).first()
    if member is None:
        raise _error(
            "substitute_not_member",
            Text(_("Player %(substitute)s is not a member of the club."), substitute=substitute),
            "substitute",
        )
    if EventPlayer.objects.filter(event=event, player=member, present=True).exists():
        raise _error(
            "substitute_present",
            Text(
                _("%(member)s is here tonight: pair them as a player, not as a substitute."),
                member=member.name,
            ),
            "substitute",
        )
    return entry_set_present(event=event, actor=actor, player=member, present=True)


def team_sit_out(*, event: Event, actor: Actor, player: int) -> EventPlayer:
    """A present player without a partner sits the night out: checked out, so the seating
    leaves them out (no bye credit); their earlier results stay. Organizers only."""
    require_role(actor, event.club_id, ORGANIZER, _("pair teams"))
    with transaction.atomic():
        event = _locked(event)
        lone = _lone_player(event, player)
        entry = entry_set_present(event=event, actor=actor, player=lone.player, present=False)
        audit(actor, "event.team_sit_out", entry, club_id=event.club_id, player=player)
        return entry


def _lone_player(event: Event, player: int) -> EventPlayer:
    """The present player ``player`` of ``event`` without a partner, or the error saying why
    not."""
    lone = EventPlayer.objects.filter(event=event, player_id=player, present=True).first()
    if lone is None:
        raise _error(
            "team_not_present",
            Text(
                _("Player %(player)s is not checked in for %(event)s."),
                player=player,
                event=event.name,
            ),
            "player",
        )
    if player in teamed_players(event):
        raise _error(
            "team_player_taken",
            Text(_("%(player)s already has a partner tonight."), player=lone.player.name),
            "player",
        )
    return lone


def present_teams(event: Event) -> list[EventTeam]:
    """The event's teams whose two players are both present, in the order they were paired."""
    present = set(
        EventPlayer.objects.filter(event=event, present=True).values_list("player_id", flat=True)
    )
    return [
        team
        for team in EventTeam.objects.filter(event=event).order_by("pk")
        if team.first_id in present and team.second_id in present
    ]


def _locked(event: Event) -> Event:
    locked = Event.objects.select_for_update().get(pk=event.pk)
    if not plays_in_teams(locked):
        raise _error(
            "no_teams",
            Text(
                _("%(event)s plays %(game)s, which has no teams."),
                event=locked.name,
                game=locked.game,
            ),
        )
    if locked.status == Event.Status.FINISHED:
        raise _error("event_finished", _("This event is finished."))
    return locked


def _error(code: str, message: Message, field: str | None = None) -> ServiceError:
    return ServiceError.single(code, message, field=field)


__all__: Sequence[str] = (
    "team_pair",
    "team_pair_substitute",
    "team_sit_out",
    "team_unpair",
    "teams_pair_at_random",
    "present_teams",
)
