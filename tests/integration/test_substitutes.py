"""A player leaves mid-session and a substitute plays on: the rotation checks still hold, and
standings and ratings count the seat for whom the event says."""

import pytest

from clubs.models import AuditEntry, Membership, Role
from core.errors import ServiceError
from ranking.standings.event_standings import computed_standing_lines
from results.models import SessionSeat
from results.services import session_append_part, session_submit
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, PlayerFactory, api_client, seated_table, user_with_role
from tests.web.conftest import client_for
from tournaments.events.services import event_update
from tournaments.models import Bye, Seat, Substitution
from tournaments.rounds.substitutes import table_substitute

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_and_sub():
    event = EventFactory(published=True)
    table = seated_table(event)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document(3))
    substitute = PlayerFactory(name="Invaller")
    Membership.objects.create(club=event.club, player=substitute)
    return event, table, organizer, substitute


def credited(table):
    return dict(
        SessionSeat.objects.filter(session__table=table).values_list("position", "player_id")
    )


def test_the_starter_keeps_the_seat_by_default(table_and_sub):
    event, table, organizer, substitute = table_and_sub
    starter = Seat.objects.get(table=table, position=1).player
    table_substitute(table=table, actor=organizer, position=1, player=substitute, from_part=4)
    for game in classic_games()[3:]:  # the rotation runs on: the seat plays on
        session_append_part(table=table, submitted_by=organizer, part=game)
    assert credited(table)[1] == starter.pk
    entry = AuditEntry.objects.get(action="table.substitute")
    assert entry.details["left"] == starter.name and entry.details["substitute"] == "Invaller"


def test_whoever_played_most_holds_the_seat_when_the_event_says_so(
    table_and_sub, django_capture_on_commit_callbacks
):
    event, table, organizer, substitute = table_and_sub
    starter = Seat.objects.get(table=table, position=1).player
    event_update(event=event, actor=organizer, substitute_counts="most_parts")
    table_substitute(table=table, actor=organizer, position=1, player=substitute, from_part=4)
    assert credited(table)[1] == starter.pk  # 3 games each way so far: not yet
    with django_capture_on_commit_callbacks(execute=True):
        for game in classic_games()[3:]:
            session_append_part(table=table, submitted_by=organizer, part=game)
    assert credited(table)[1] == substitute.pk  # 9 of 12 games
    lines = {line["player_id"]: line for line in computed_standing_lines(event)}
    assert lines[substitute.pk]["sessions"] == 1 and lines[starter.pk]["sessions"] == 0
    with django_capture_on_commit_callbacks(execute=True):  # the setting back: the starter
        event_update(event=event, actor=organizer, substitute_counts="starter")
    assert credited(table)[1] == starter.pk


def test_a_substitute_is_a_member_not_playing_in_the_round(table_and_sub):
    event, table, organizer, substitute = table_and_sub
    other = seated_table(event, table_number=2)
    busy = Seat.objects.get(table=other, position=0).player
    for player, code in ((busy, "already_playing"), (PlayerFactory(), "not_a_member")):
        with pytest.raises(ServiceError) as refused:
            table_substitute(table=table, actor=organizer, position=0, player=player, from_part=2)
        assert refused.value.errors[0]["code"] == code
    for from_part in (0, 5):
        with pytest.raises(ServiceError) as refused:
            table_substitute(
                table=table, actor=organizer, position=0, player=substitute, from_part=from_part
            )
        assert refused.value.errors[0]["code"] == "bad_from_part"
    sitting_out = PlayerFactory()
    Membership.objects.create(club=event.club, player=sitting_out)
    Bye.objects.create(round=table.round, player=sitting_out)
    table_substitute(table=table, actor=organizer, position=0, player=sitting_out, from_part=2)
    with pytest.raises(ServiceError) as refused:
        table_substitute(table=table, actor=organizer, position=0, player=substitute, from_part=2)
    assert refused.value.errors[0]["code"] == "seat_substituted"


def test_the_round_page_seats_a_substitute(table_and_sub):
    event, table, organizer, substitute = table_and_sub
    client = client_for(organizer)
    page = client.get(f"/manage/rounds/{table.round_id}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "A player left?" in page.content.decode()
    response = client.post(
        f"/manage/tables/{table.pk}/substitute/",
        {"position": "2", "player": substitute.pk, "from_part": "4"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Invaller plays for" in response.content.decode()
    assert Substitution.objects.filter(table=table, position=2, from_part=4).exists()
    member = user_with_role(event.club, Role.MEMBER)
    response = client_for(member).post(
        f"/manage/tables/{table.pk}/substitute/",
        {"position": "1", "player": substitute.pk, "from_part": "4"},
    )
    assert response.status_code == 403


def test_the_api_seats_a_substitute(table_and_sub):
    event, table, organizer, substitute = table_and_sub
    client = api_client(organizer)
    url = f"/api/v1/tables/{table.pk}/substitute/"
    response = client.post(
        url, {"position": 1, "player": substitute.pk, "from_part": 9}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "from_part"
    response = client.post(
        url, {"position": 1, "player": substitute.pk, "from_part": 4}, format="json"
    )
    assert response.status_code == 201 and response.json()["from_part"] == 4
