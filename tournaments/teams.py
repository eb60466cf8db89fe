"""Teams for the night of a team game (Bonko: two partners, who sit opposite each other all
evening): the organizer pairs two entered players, or lets the service pair the players who are
present and not in a team yet at random; a team can be taken apart again. The one service for
``EventTeam`` rows (permission, the event's lock, audit entry)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction

from clubs.audit import audit
from clubs.models import Player
from clubs.selectors import ORGANIZER, require_role
from core.errors import NotFound, ServiceError
from games.registry import find_game
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
    require_role(actor, event.club_id, ORGANIZER, "pair teams")
    with transaction.atomic():
        event = _locked(event)
        if first == second:
            raise _error(
                "team_same_player",
                "A team is two different players.",
                "Een team bestaat uit twee verschillende spelers.",
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
                    f"Player {player} is not entered in {event.name}.",
                    f"Speler {player} doet niet mee aan {event.name}.",
                    field,
                )
        taken = teamed_players(event)
        for field, player in (("first", first), ("second", second)):
            if player in taken:
                raise _error(
                    "team_player_taken",
                    f"{entered[player]} already has a partner tonight.",
                    f"{entered[player]} heeft vanavond al een partner.",
                    field,
                )
        clean = (
            " ".join(name.split())[:MAX_NAME] or f"{entered[first]} & {entered[second]}"[:MAX_NAME]
        )
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
    require_role(actor, event.club_id, ORGANIZER, "pair teams")
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
                "Fewer than two present players are without a partner.",
                "Minder dan twee aanwezige spelers zijn nog zonder partner.",
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
    require_role(actor, team.event.club_id, ORGANIZER, "pair teams")
    with transaction.atomic():
        event = _locked(team.event)
        found = EventTeam.objects.filter(pk=team.pk, event=event).first()
        if found is None:
            raise NotFound.single(
                "team_not_found", "There is no such team.", "Dat team bestaat niet."
            )
        audit(
            actor,
            "event.team_unpair",
            found,
            club_id=event.club_id,
            event=event.pk,
            players=list(found.player_ids),
        )
        found.delete()


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
            f"{locked.name} plays {locked.game}, which has no teams.",
            f"{locked.name} speelt {locked.game}, dat geen teams kent.",
        )
    if locked.status == Event.Status.FINISHED:
        raise _error("event_finished", "This event is finished.", "Dit evenement is afgelopen.")
    return locked


def _error(code: str, message: str, message_nl: str, field: str | None = None) -> ServiceError:
    return ServiceError.single(code, message, message_nl, field=field)


__all__: Sequence[str] = ("team_pair", "team_unpair", "teams_pair_at_random", "present_teams")
