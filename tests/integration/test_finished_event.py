"""A finished event takes no new round, table, seat, timer, bell or result: every write refuses
with ``event_finished`` (the code the door's leaving uses), through the API and the services
alike; only an organizer's correction of a whole session, with a reason, still changes a
result."""

import pytest

from clubs.models import Role
from games.bonko.plugin.bell import ring_bell
from ranking.standings.event_standings import computed_standing_lines
from results.services import session_append_part, session_submit, session_undo_last_part
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, PlayerFactory, api_client, seated_table, user_with_role
from tournaments.models import EventPlayer, Round, Seat, Table
from tournaments.rounds.lifecycle import event_close
from tournaments.rounds.services import round_accept, round_seat_manually, round_swap
from tournaments.rounds.substitutes import table_substitute
from tournaments.rounds.tables import (
    round_create,
    round_delete,
    seat_create,
    seat_delete,
    table_create,
    table_delete,
)
from tournaments.rounds.timer import round_timer

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished():
    """A finished event: round 1's two tables complete, eight players checked in."""
    event = EventFactory(planned_rounds=3)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    tables = [seated_table(event, table_number=n) for n in (1, 2)]
    for table in tables:
        for seat in table.seats.all():
            EventPlayer.objects.create(event=event, player=seat.player, present=True)
        session_submit(table=table, submitted_by=organizer, document=classic_document())
    Round.objects.filter(event=event).update(status=Round.Status.PLAYING)
    event_close(event=event, actor=organizer)
    return event, organizer, tables


def code(response) -> str:
    return response.json()["errors"][0]["code"]


def test_the_api_takes_no_new_round_and_no_result_on_a_finished_event(finished):
    event, organizer, tables = finished
    client = api_client(organizer)
    before = computed_standing_lines(event)
    response = client.post(f"/api/v1/events/{event.pk}/seating/", {"seed": 1}, format="json")
    assert response.status_code == 400, response.content
    assert code(response) == "event_finished"
    leaver = tables[0].seats.first().player_id
    leaving = client.post(
        f"/api/v1/events/{event.pk}/leaving/", {"player": leaver, "leaving": True}, format="json"
    )
    assert code(leaving) == "event_finished"  # the same code the leaving endpoint answers
    assert Round.objects.filter(event=event).count() == 1
    # A round left planned before the event finished (or added by hand) does not start.
    planned = Round.objects.create(event=event, number=2, status=Round.Status.PLANNED)
    response = client.post(f"/api/v1/rounds/{planned.pk}/accept/")
    assert code(response) == "event_finished"
    response = client.post(
        f"/api/v1/rounds/{planned.pk}/timer/", {"action": "start", "minutes": 30}, format="json"
    )
    assert code(response) == "event_finished"
    assert Round.objects.get(pk=planned.pk).status == Round.Status.PLANNED
    assert computed_standing_lines(event) == before


def test_a_round_playing_in_a_finished_event_takes_no_result_but_a_correction(finished):
    event, organizer, tables = finished
    # A round seated after the event finished (as the API allowed before): no result enters.
    playing = seated_table(
        event,
        round_number=2,
        table_number=1,
        players=[seat.player for seat in tables[0].seats.order_by("position")],
    )
    Round.objects.filter(pk=playing.round_id).update(status=Round.Status.PLAYING)
    before = computed_standing_lines(event)
    url = f"/api/v1/tables/{playing.pk}/session/"
    link = api_client()
    response = link.put(
        url,
        {"document": classic_document()},
        format="json",
        HTTP_X_TABLE_TOKEN=playing.scoring_token,
    )
    assert response.status_code == 400 and code(response) == "event_finished"
    response = link.post(
        f"{url}games/",
        {"part": classic_games()[0]},
        format="json",
        HTTP_X_TABLE_TOKEN=playing.scoring_token,
    )
    assert code(response) == "event_finished"
    scorer = user_with_role(event.club, Role.SCORER)
    response = api_client(scorer).put(
        url, {"document": classic_document(), "reason": "x"}, format="json"
    )
    assert code(response) == "event_finished"
    with pytest.raises(Exception) as refused:
        session_append_part(table=playing, submitted_by=organizer, part=classic_games()[0])
    assert refused.value.errors[0]["code"] == "event_finished"
    assert computed_standing_lines(event) == before
    # The organizer's correction of a whole session, with a reason, as for a closed round.
    response = api_client(organizer).put(url, {"document": classic_document()}, format="json")
    assert code(response) == "reason_required"
    response = api_client(organizer).put(
        f"/api/v1/tables/{tables[0].pk}/session/",
        {"document": classic_document(11), "reason": "the sheet had eleven games"},
        format="json",
    )
    assert response.status_code == 200, response.content
    with pytest.raises(Exception) as refused:  # parts are entered while the event runs
        session_undo_last_part(table=tables[0], submitted_by=organizer)
    assert refused.value.errors[0]["code"] == "event_finished"


def test_every_other_write_refuses_with_event_finished(finished):
    event, organizer, tables = finished
    first = tables[0]
    players = [seat.player_id for seat in first.seats.order_by("position")]
    newcomer = PlayerFactory()
    planned = Round.objects.create(event=event, number=2, status=Round.Status.PLANNED)
    empty = Table.objects.create(round=planned, number=1)
    seat = Seat.objects.create(table=empty, round=planned, player_id=players[0], position=0)
    attempts = {
        "seat by hand": lambda: round_seat_manually(
            event=event,
            actor=organizer,
            tables=[players, [s.player_id for s in tables[1].seats.all()]],
        ),
        "swap": lambda: round_swap(
            round_=planned, actor=organizer, player_a=players[0], player_b=players[1]
        ),
        "start": lambda: round_accept(round_=planned, actor=organizer),
        "round by hand": lambda: round_create(event=event, actor=organizer),
        "delete a round": lambda: round_delete(round_=planned, actor=organizer),
        "table by hand": lambda: table_create(round_=planned, actor=organizer),
        "delete a table": lambda: table_delete(table=empty, actor=organizer),
        "seat": lambda: seat_create(
            table=empty, actor=organizer, position=1, player=first.seats.get(position=1).player
        ),
        "delete a seat": lambda: seat_delete(seat=seat, actor=organizer),
        "timer": lambda: round_timer(actor=organizer, round_=planned, action="reset"),
        "bell": lambda: ring_bell(actor=organizer, round_=planned),
        "substitute": lambda: table_substitute(
            table=first, actor=organizer, position=0, player=newcomer, from_part=1
        ),
        "session": lambda: session_submit(
            table=empty,
            submitted_by=user_with_role(event.club, Role.SCORER),
            document=classic_document(),
        ),
    }
    codes = {}
    for name, attempt in attempts.items():
        try:
            attempt()
        except Exception as refused:  # noqa: BLE001 - every refusal's code is compared below
            codes[name] = getattr(refused, "errors", [{"code": repr(refused)}])[0]["code"]
        else:
            codes[name] = "accepted"
    assert codes == {name: "event_finished" for name in attempts}
    assert Round.objects.filter(event=event).count() == 2
    assert Table.objects.filter(round=planned).count() == 1
