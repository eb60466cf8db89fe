"""Sign-off once a table's round is closed: the players' signatures and disputes are over (a
closed event's standings never change because a player disputes late), the table's link checks
no code at all (so it cannot tell a right code from a wrong one), and only the organizer signs
for a player or resolves a dispute, with a reason, in the audit log."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import AuditEntry, Role
from core.errors import ServiceError
from results.counted import counted_sessions
from results.models import Dispute, Session, Signature
from results.signoff import (
    dispute_raise,
    dispute_resolve,
    sign_as_player,
    sign_for_player,
    sign_with_code,
)
from tests.factories import EventFactory, api_client, user_with_role
from tests.integration.test_signoff import finished_table, session_of, sign_all
from tests.web.conftest import client_for
from tournaments.models import Event, Round
from tournaments.round_lifecycle import event_close, round_close

pytestmark = pytest.mark.django_db


def counted() -> set[int]:
    return set(Session.objects.filter(counted_sessions()).values_list("table__number", flat=True))


def closed_signed_only_event():
    """A signed-only event of two tables, both signed, its round and the event closed."""
    event = EventFactory(published=True, standings_count="signed")
    table, organizer, players, codes = finished_table(event)
    other, _o, other_players, other_codes = finished_table(event, number=2)
    sign_all(table, players, codes, 1)
    sign_all(other, other_players, other_codes, 1)
    event_close(event=event, actor=organizer)
    assert Round.objects.get(pk=table.round_id).status == Round.Status.CLOSED
    return event, table, organizer, players, codes


def test_a_late_dispute_does_not_change_a_closed_events_standings():
    event, table, _organizer, players, codes = closed_signed_only_event()
    assert counted() == {1, 2}
    version = Event.objects.get(pk=event.pk).results_version
    with pytest.raises(ServiceError) as refused:
        dispute_raise(
            table=table,
            actor=None,
            player_id=players[1].pk,
            reason="game 7",
            code=codes[players[1].pk],
            table_token=table.scoring_token,
        )
    problem = refused.value.errors[0]
    assert problem["code"] == "signoff_closed" and "organizer" in problem["message"]
    assert counted() == {1, 2}
    assert session_of(table).signed_at is not None
    assert Signature.objects.filter(session__table=table).count() == 4
    assert not Dispute.objects.exists()
    assert Event.objects.get(pk=event.pk).results_version == version


def test_no_player_signs_a_closed_round_in_any_way():
    event = EventFactory(published=True)
    table, organizer, players, codes = finished_table(event)
    own = user_with_role(event.club, Role.MEMBER)
    seat = table.seats.get(position=0)
    seat.player = own.player
    seat.save()
    round_close(round_=table.round, actor=organizer)
    for attempt in (
        lambda: sign_with_code(
            table=table,
            actor=None,
            player_id=players[1].pk,
            code=codes[players[1].pk],
            revision=1,
            table_token=table.scoring_token,
        ),
        lambda: sign_as_player(table=table, actor=own, revision=1),
        lambda: dispute_raise(table=table, actor=own, player_id=own.player.pk, reason="no"),
    ):
        with pytest.raises(ServiceError) as refused:
            attempt()
        assert refused.value.errors[0]["code"] == "signoff_closed"
    assert not Signature.objects.exists() and not Dispute.objects.exists()


def test_the_organizer_signs_for_and_resolves_after_the_close_with_a_reason():
    event = EventFactory(published=True, standings_count="signed")
    table, organizer, players, codes = finished_table(event)
    sign_all(table, players[:3], codes, 1)
    dispute = dispute_raise(
        table=table,
        actor=None,
        player_id=players[0].pk,
        reason="game 2",
        code=codes[players[0].pk],
        table_token=table.scoring_token,
    )
    event_close(event=event, actor=organizer)
    with pytest.raises(ServiceError) as refused:
        dispute_resolve(dispute_id=dispute.pk, actor=organizer, resolution="  ")
    assert refused.value.errors[0]["code"] == "reason_required"
    assert refused.value.errors[0]["field"] == "resolution"
    dispute_resolve(dispute_id=dispute.pk, actor=organizer, resolution="checked the sheet")
    sign_for_player(
        table=table,
        actor=organizer,
        player_id=players[0].pk,
        revision=1,
        reason="agreed after the recount",
    )
    assert counted() == set()
    sign_for_player(
        table=table, actor=organizer, player_id=players[3].pk, revision=1, reason="left early"
    )
    assert session_of(table).signed_at is not None and counted() == {1}
    actions = list(AuditEntry.objects.values_list("action", flat=True))
    assert "session.dispute_resolve" in actions and actions.count("session.sign") == 5


def test_a_closed_tables_link_checks_no_code():
    """A right code and a wrong one get the same refusal, and nothing is counted."""
    table, organizer, players, codes = finished_table()
    round_close(round_=table.round, actor=organizer)
    link = APIClient()
    link.credentials(HTTP_X_TABLE_TOKEN=table.scoring_token)
    right, wrong = codes[players[0].pk], "0000" if codes[players[0].pk] != "0000" else "1111"
    answers = []
    for code in [wrong] * 12 + [right]:
        for url, body in (
            ("disputes", {"player": players[0].pk, "reason": "late", "code": code}),
            (
                "signatures",
                {"method": "code", "revision": 1, "player": players[0].pk, "code": code},
            ),
        ):
            response = link.post(f"/api/v1/tables/{table.pk}/session/{url}/", body, format="json")
            answers.append((response.status_code, response.json()["errors"][0]["code"]))
    assert set(answers) == {(400, "signoff_closed")}
    assert not Dispute.objects.exists() and not Signature.objects.exists()


def test_the_api_and_the_table_page_offer_no_sign_off_on_a_closed_round():
    table, organizer, players, codes = finished_table()
    own = user_with_role(table.round.event.club, Role.MEMBER)
    seat = table.seats.get(position=0)
    seat.player = own.player
    seat.save()
    link = APIClient()
    link.credentials(HTTP_X_TABLE_TOKEN=table.scoring_token)
    url = f"/api/v1/tables/{table.pk}/session/signatures/"
    assert link.get(url).json()["closed"] is False
    page = client_for(own).get(f"/t/{table.scoring_token}/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'class="signoff-code"' in page.content.decode()
    round_close(round_=table.round, actor=organizer)
    assert link.get(url).json()["closed"] is True
    page = client_for(own).get(f"/t/{table.scoring_token}/", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert 'id="signoff"' in text and "data-signoff-closed" in text
    for offer in ('class="signoff-code"', 'class="signoff-self"', 'value="dispute"'):
        assert offer not in text
    response = api_client(own).post(url, {"method": "account", "revision": 1}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "signoff_closed"
