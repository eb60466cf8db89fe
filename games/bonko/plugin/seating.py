"""Seating a Bonko round from the teams and the last round's results.

Partners sit opposite each other: at every table the team already there (it rolls first) takes
seats 0 and 2, the team that moved there seats 1 and 3. The first round seats the present
teams in a random order (the first table is the King's). After a round, ``games.bonko.rules``'s
movement decides (``next_tables``, the ruleset's rule): the winners of every table move up one
table, the losers stay, the King's table's winners stay and its losers go to the lowest table.
Teams that were not seated in the last round join at the bottom; with an odd number of teams
the last one sits out, and so do players without a partner.

The round is saved as a preview (``planned``) like any other seating: the organizer looks at
it, may swap players, and starts it (``tournaments.rounds.services.round_accept``).
"""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

import seating
from clubs.audit import audit
from clubs.selectors import ORGANIZER, require_role
from core.errors import ServiceError, Text
from games.bonko.rules import GAME, next_tables
from results.models import Session
from tournaments.door.services import leavers_check_out
from tournaments.house_rules.services import event_ruleset
from tournaments.models import Event, EventPlayer, EventTeam, Round, Table
from tournaments.rounds.services import _planned_round, _played_rounds, _save_tables
from tournaments.rounds.tables import refuse_finished
from tournaments.teams.services import present_teams

Actor = User | AnonymousUser | None
METHOD = "bonko"


def bonko_round_generate(*, event: Event, actor: Actor, seed: int | None = None) -> Round:
    """Seat the next round of a Bonko event (or seat the planned one again) as a preview."""
    require_role(actor, event.club_id, ORGANIZER, _("seat a round"))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        refuse_finished(event.pk)
        round_ = _planned_round(event)
        leavers_check_out(event, round_.number, actor)
        teams = present_teams(event)
        if len(teams) < 2:
            raise ServiceError.single(
                "too_few_teams",
                Text(
                    ngettext_lazy(
                        "%(count)s team is here; a Bonko table needs two. Pair the players who "
                        "are here into teams first.",
                        "%(count)s teams are here; a Bonko table needs two. Pair the players who "
                        "are here into teams first.",
                        "count",
                    ),
                    count=len(teams),
                ),
            )
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
        ladder = team_ladder(event, round_.number, teams, seed)
        seated = ladder[: len(ladder) - len(ladder) % 2]
        tables = [
            [there.first_id, moved.first_id, there.second_id, moved.second_id]
            for there, moved in zip(seated[0::2], seated[1::2], strict=True)
        ]
        playing = {player for table in tables for player in table}
        byes = sorted(
            player
            for player in EventPlayer.objects.filter(event=event, present=True).values_list(
                "player_id", flat=True
            )
            if player not in playing
        )
        played = _played_rounds(event, before=round_.number)
        partners = [(team.first_id, team.second_id) for team in teams]
        report = seating.quality_report(
            [*played, seating.SeatingRound(tables=tables, byes=byes)], partners
        )
        round_.seating_method, round_.seed, round_.quality = METHOD, seed, asdict(report)
        round_.save()
        _save_tables(round_, tables, byes)
        audit(actor, "round.generate", round_, club_id=event.club_id, method=METHOD, seed=seed)
        return round_


def team_ladder(event: Event, number: int, teams: list[EventTeam], seed: int) -> list[EventTeam]:
    """The present teams from the King's table down, two by two: (already there, moved)."""
    by_id = {team.pk: team for team in teams}
    ladder: list[EventTeam] = []
    if number > 1:
        ruleset = (
            event_ruleset(event.club_id, GAME.code, event.ruleset)
            or GAME.rulesets.get(event.ruleset)
            or GAME.rulesets[GAME.default_ruleset]
        )
        results = last_results(event, number - 1)
        if results:
            moved = next_tables(results, rule=ruleset.movement)
            ladder = [by_id[team] for pair in moved for team in pair if team in by_id]
    newcomers = [team for team in teams if team not in ladder]
    random.Random(seed).shuffle(newcomers)
    return ladder + newcomers


def last_results(event: Event, number: int) -> list[tuple[int, int]]:
    """By table of round ``number`` (the King's first): (winning team, losing team) as
    ``EventTeam`` ids. Tables whose two teams are not teams of the night are left out; a table
    without a result stops the seating with a clear error."""
    round_ = Round.objects.filter(event=event, number=number).first()
    if round_ is None:
        return []
    team_of: dict[int, int] = {}
    for team in EventTeam.objects.filter(event=event):
        for player in team.player_ids:
            team_of[player] = team.pk
    sessions = {s.table_id: s for s in Session.objects.filter(table__round=round_)}
    results: list[tuple[int, int]] = []
    tables = Table.objects.filter(round=round_).order_by("number").prefetch_related("seats")
    for table in tables:
        seats = {seat.position: seat.player_id for seat in table.seats.all()}
        session = sessions.get(table.pk)
        if session is None or not session.complete:
            raise ServiceError.single(
                "table_without_result",
                Text(
                    _(
                        "Table %(table)s of round %(number)s has no result yet: the movement needs "
                        "every table's winners. Enter it first, or seat the round another way."
                    ),
                    table=table.number,
                    number=number,
                ),
            )
        pair = _winners_and_losers(session.result, seats, team_of)
        if pair is not None:
            results.append(pair)
    return results


def _winners_and_losers(
    result: dict[str, Any], seats: dict[int, int], team_of: dict[int, int]
) -> tuple[int, int] | None:
    played, winner = result.get("teams"), result.get("winner")
    if not isinstance(played, list) or len(played) != 2 or winner not in (0, 1):
        return None
    found = []
    for team_seats in played:
        ids = {team_of.get(seats.get(seat, -1)) for seat in team_seats}
        if len(ids) != 1 or None in ids:
            return None  # not partners of the night: these players join at the bottom
        found.append(ids.pop())
    if found[0] == found[1]:
        return None
    return (found[winner], found[1 - winner])
