"""A recompute writes only the standings lines that changed, and still ends exactly where a
computation from scratch would: a finished table rewrites a few lines, not the whole event."""

import datetime

import pytest
from django.db.models import F

from clubs.models import Player
from ranking.standings.event_standings import STANDING_FIELDS, computed_standing_lines
from ranking.standings.services import standings_recompute
from tests.factories import ClubFactory
from tests.integration.ratings_support import correct, play
from tournaments.models import Event, Standing

pytestmark = pytest.mark.django_db


def stored(event: Event) -> dict[int, tuple]:
    rows = Standing.objects.filter(event=event).values_list("pk", "player_id", *STANDING_FIELDS)
    return {player_id: (pk, *values) for pk, player_id, *values in rows}


def from_scratch(event: Event) -> dict[int, tuple]:
    return {
        line["player_id"]: tuple(line[name] for name in STANDING_FIELDS)
        for line in computed_standing_lines(event)
    }


def bump(event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)


def test_a_new_result_rewrites_only_the_lines_it_changes():
    event = Event.objects.create(
        club=ClubFactory(), name="Avond", published=True, date=datetime.date(2026, 3, 1)
    )
    players = [Player.objects.create(name=f"Speler {i:02}") for i in range(16)]
    for table in range(4):
        play(event, 1, table + 1, players[4 * table : 4 * table + 4], [30, 10, -10, -30])
    bump(event)
    standings_recompute(event_id=event.pk)
    before = stored(event)
    assert len(before) == 16

    # Round 2, one table of the four last players: they stay below everyone else, so only
    # their own lines change.
    last = [players[3], players[7], players[11], players[15]]
    session = play(event, 2, 1, last, [10, 0, -5, -5])
    bump(event)
    standings_recompute(event_id=event.pk)
    after = stored(event)
    rewritten = {player for player in after if after[player][0] != before[player][0]}
    assert rewritten == {p.pk for p in last}
    assert {player: values[1:] for player, values in after.items()} == from_scratch(event)

    # A correction of that session moves the lines again.
    correct(session, [40, 0, -20, -20])
    bump(event)
    standings_recompute(event_id=event.pk)
    assert {player: values[1:] for player, values in stored(event).items()} == from_scratch(event)


def test_a_recompute_with_nothing_new_writes_nothing():
    event = Event.objects.create(
        club=ClubFactory(), name="Avond", published=True, date=datetime.date(2026, 3, 1)
    )
    players = [Player.objects.create(name=f"Speler {i}") for i in range(8)]
    play(event, 1, 1, players[:4], [30, 10, -10, -30])
    play(event, 1, 2, players[4:], [5, 5, -5, -5])
    bump(event)
    standings_recompute(event_id=event.pk)
    before = stored(event)
    standings_recompute(event_id=event.pk, force=True)
    assert stored(event) == before  # the same rows, not rewritten ones
