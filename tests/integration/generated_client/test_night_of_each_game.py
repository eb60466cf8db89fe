"""A night of each game played through the generated client: event, players, check-in,
seating, every table's session, a correction with If-Match, a retried write, standings, ratings,
a paginated list and an error. And every module of the generated client imports."""

from __future__ import annotations

import datetime
import importlib
import pkgutil
import random
from typing import Any

import pytest

from clubs.access.tokens import api_token_create
from clubs.models import Role
from games.registry import games
from ranking.standings.services import standings_recompute
from tests.factories import ClubFactory, user_with_role
from tests.integration.generated_client.support import PACKAGE, endpoint, module, signed_in

pytestmark = pytest.mark.django_db


def test_every_generated_module_imports(generated: Any) -> None:
    names = [m.name for m in pkgutil.walk_packages(generated.__path__, f"{PACKAGE}.")]
    assert len(names) > 100
    for name in names:
        importlib.import_module(name)


@pytest.mark.parametrize("code", sorted(games()))
def test_a_night_through_the_generated_client(generated: Any, in_process: Any, code: str) -> None:
    models = module("models")
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    _token, key = api_token_create(user=organizer, name="club app")
    client = signed_in(generated, in_process, key)

    # Players, the first one retried with its Idempotency-Key: one player, the first answer.
    players = []
    for number in range(8):
        body = models.PlayerRequest(name=f"Speler {number + 1}", club=club.pk)
        answer = endpoint("players_create").sync_detailed(
            client=client, body=body, idempotency_key=f"player-{number}"
        )
        assert answer.status_code == 201, answer.content
        players.append(answer.parsed)
    retried = endpoint("players_create").sync_detailed(
        client=client,
        body=models.PlayerRequest(name="Speler 1", club=club.pk),
        idempotency_key="player-0",
    )
    assert retried.status_code == 201
    assert retried.headers["Idempotent-Replayed"] == "true"
    assert retried.parsed.id == players[0].id

    # A paginated list.
    page = endpoint("players_list").sync(client=client, club=club.pk, limit=3)
    assert page.count >= 8 and len(page.results) == 3 and page.next_

    # The event, everyone checked in, a round seated and accepted.
    event = endpoint("events_create").sync(
        client=client,
        body=models.EventRequest(
            club=club.pk,
            name=f"{code} night",
            date=datetime.date(2026, 11, 27),
            game=models.EventRequestGame(code),
        ),
    )
    assert event.game == code
    for player in players:
        entry = endpoint("entries_create").sync(
            client=client, body=models.EntryRequest(event=event.id, player=player.id, present=True)
        )
        assert entry.present
    if code == "bonko":  # Bonko is played in pairs
        paired = endpoint("events_teams_random_create").sync_detailed(
            event.id, client=client, body=models.RandomTeamsRequest(seed=7)
        )
        assert paired.status_code in (200, 201), paired.content
        names = {player.id: player.name for player in players}
        for team in paired.parsed:  # each member as the API names a player
            assert [(p.player, p.player_name) for p in team.players] == [
                (team.first, names[team.first]),
                (team.second, names[team.second]),
            ]
    plan = endpoint("events_seating_create").sync(
        event.id, client=client, body=models.GenerateRoundRequest(seed=7)
    )
    assert getattr(plan, "tables", None), plan
    endpoint("rounds_accept_create").sync(plan.id, client=client)

    # Every table's session, then a correction guarded by If-Match.
    game = games()[code]
    sample = importlib.import_module(f"games.{code}.rules.sample")
    ruleset = game.rulesets[game.default_ruleset]
    rng = random.Random(5)

    def played(rng: random.Random, seats: int) -> dict[str, Any]:
        if code == "bonko":  # the night's first round: a table's two teams and their scores
            high = rng.randint(21, 30)
            return {
                "game": "bonko",
                "set": 1,
                "round": 1,
                "bonkos": [0, 0, 0, 0],
                "teams": [
                    {"seats": [0, 2], "score": high, "rolloff": []},
                    {"seats": [1, 3], "score": rng.randint(0, 20), "rolloff": []},
                ],
            }
        return sample.random_session(rng, seats=seats, ruleset=ruleset)

    update = endpoint("tables_session_update")
    for table in plan.tables:
        document = played(rng, len(table.seats))
        saved = update.sync_detailed(
            table.id,
            client=client,
            body=models.SessionWriteRequest.from_dict({"document": document}),
        )
        assert saved.status_code == 201, saved.content
        assert saved.parsed.table == table.id
    table = plan.tables[0]
    read = endpoint("tables_session_retrieve").sync_detailed(table.id, client=client)
    etag = read.headers["ETag"]
    corrected = played(random.Random(6), len(table.seats))
    body = models.SessionWriteRequest.from_dict({"document": corrected, "reason": "recount"})
    fixed = update.sync_detailed(table.id, client=client, body=body, if_match=etag)
    assert fixed.status_code == 200, fixed.content
    assert fixed.headers["ETag"] == f'"{fixed.parsed.revision}"'
    stale = update.sync_detailed(table.id, client=client, body=body, if_match='"0"')
    assert stale.status_code == 412
    assert isinstance(stale.parsed, models.ErrorResponse)

    # Standings and ratings.
    endpoint("rounds_close_create").sync_detailed(plan.id, client=client)
    standings_recompute(event_id=event.id)  # what the worker does after a result
    standings = endpoint("events_standings_list").sync(event.id, client=client)
    assert standings.count == len(standings.results) == len(players)
    assert standings.meta.event == event.id
    ratings = endpoint("clubs_ratings_list").sync_detailed(
        club.pk, client=client, game=models.V1ClubsRatingsListGame(code), limit=2
    )
    assert ratings.status_code == 200, ratings.content
    assert ratings.parsed.meta.game == code and len(ratings.parsed.results) <= 2
    revisions = endpoint("sessions_revisions_list").sync(fixed.parsed.id, client=client)
    assert [r.number for r in revisions.results] == [1, 2]

    # An error, in the one error shape.
    missing = endpoint("events_retrieve").sync_detailed(999_999_999, client=client)
    assert missing.status_code == 404
    assert missing.parsed.errors[0].code == "not_found"
