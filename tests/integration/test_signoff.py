"""Table sign-off: players confirm their table's complete session with their personal code,
from their own account, or an organizer signs for them with a reason; disputes flag the table;
a change of the session removes the signatures; standings may count signed sessions only."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from clubs.access.codes import player_code_issue, player_code_set
from clubs.models import AuditEntry, Role
from core.errors import Conflict, NotAllowed, ServiceError, TooManyAttempts
from ranking.ratings.store.loading import session_results
from results.counted import counted_sessions
from results.models import Dispute, Session, Signature
from results.services import session_submit
from results.signoff.services import (
    dispute_raise,
    dispute_resolve,
    sign_as_player,
    sign_for_player,
    sign_with_code,
)
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tournaments.events.services import event_update
from tournaments.models import Event, Table

pytestmark = pytest.mark.django_db


def finished_table(event: Event | None = None, number: int = 1):
    """A table with a complete session, its organizer and each player's personal code."""
    event = event or EventFactory(published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event, table_number=number)
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    players = [s.player for s in table.seats.order_by("position")]
    codes = {p.pk: player_code_issue(actor=organizer, player=p) for p in players}
    return table, organizer, players, codes


def session_of(table: Table) -> Session:
    return Session.objects.get(table=table)


def sign_all(table: Table, players, codes, revision: int) -> None:
    for player in players:
        sign_with_code(
            table=table,
            actor=None,
            player_id=player.pk,
            code=codes[player.pk],
            revision=revision,
            table_token=table.scoring_token,
            address="10.0.0.1",
        )


def test_four_players_sign_with_their_codes_and_the_session_is_signed():
    table, _organizer, players, codes = finished_table()
    for player in players[:3]:
        sign_with_code(
            table=table,
            actor=None,
            player_id=player.pk,
            code=codes[player.pk],
            revision=1,
            table_token=table.scoring_token,
            address="10.0.0.1",
        )
        assert session_of(table).signed_at is None
    sign_with_code(
        table=table,
        actor=None,
        player_id=players[3].pk,
        code=codes[players[3].pk],
        revision=1,
        table_token=table.scoring_token,
        address="10.0.0.1",
    )
    assert session_of(table).signed_at is not None
    assert Signature.objects.filter(session__table=table, revision=1).count() == 4
    actions = list(AuditEntry.objects.values_list("action", flat=True))
    assert actions.count("session.sign") == 4 and "session.signed" in actions


def test_signing_twice_gives_the_same_signature():
    table, _organizer, players, codes = finished_table()
    first = sign_with_code(
        table=table,
        actor=None,
        player_id=players[0].pk,
        code=codes[players[0].pk],
        revision=1,
        table_token=table.scoring_token,
    )
    again = sign_with_code(
        table=table,
        actor=None,
        player_id=players[0].pk,
        code=codes[players[0].pk],
        revision=1,
        table_token=table.scoring_token,
    )
    assert first.pk == again.pk and not again.created_now


def test_a_wrong_code_is_refused_and_guessing_is_stopped():
    table, _organizer, players, codes = finished_table()
    wrong = "0000" if codes[players[0].pk] != "0000" else "1111"
    for _attempt in range(10):
        with pytest.raises(ServiceError) as refused:
            sign_with_code(
                table=table,
                actor=None,
                player_id=players[0].pk,
                code=wrong,
                revision=1,
                table_token=table.scoring_token,
                address="10.0.0.9",
            )
        assert refused.value.errors[0]["code"] == "wrong_code"
        assert players[0].name in refused.value.errors[0]["message"]
    with pytest.raises(TooManyAttempts) as stopped:
        sign_with_code(
            table=table,
            actor=None,
            player_id=players[0].pk,
            code=codes[players[0].pk],
            revision=1,
            table_token=table.scoring_token,
            address="10.0.0.9",
        )
    assert stopped.value.status_code == 429 and stopped.value.retry_after > 0
    assert not Signature.objects.exists()


def test_a_code_needs_the_scorers_phone_and_a_player_of_this_table():
    table, _organizer, players, codes = finished_table()
    with pytest.raises(NotAllowed):
        sign_with_code(
            table=table,
            actor=None,
            player_id=players[0].pk,
            code=codes[players[0].pk],
            revision=1,
            table_token="not-the-link",
        )
    other, _o, other_players, other_codes = finished_table(table.round.event, number=2)
    with pytest.raises(ServiceError) as refused:
        sign_with_code(
            table=table,
            actor=None,
            player_id=other_players[0].pk,
            code=other_codes[other_players[0].pk],
            revision=1,
            table_token=table.scoring_token,
        )
    assert refused.value.errors[0]["code"] == "not_at_table"


def test_a_signature_for_an_old_revision_is_a_conflict():
    table, organizer, players, codes = finished_table()
    session_submit(table=table, submitted_by=organizer, document=classic_document(11))
    with pytest.raises(Conflict) as conflict:
        sign_with_code(
            table=table,
            actor=None,
            player_id=players[0].pk,
            code=codes[players[0].pk],
            revision=1,
            table_token=table.scoring_token,
        )
    assert conflict.value.errors[0]["code"] == "revision_moved"
    assert "revision 2" in conflict.value.errors[0]["message"]


def test_an_incomplete_session_cannot_be_signed():
    table, organizer, players, codes = finished_table()
    session_submit(table=table, submitted_by=organizer, document=classic_document(11))
    with pytest.raises(ServiceError) as refused:
        sign_with_code(
            table=table,
            actor=None,
            player_id=players[0].pk,
            code=codes[players[0].pk],
            revision=2,
            table_token=table.scoring_token,
        )
    assert refused.value.errors[0]["code"] == "session_not_complete"


def test_any_change_removes_the_signatures_and_asks_again():
    table, organizer, players, codes = finished_table()
    sign_all(table, players, codes, 1)
    assert session_of(table).signed_at is not None
    session_submit(table=table, submitted_by=organizer, document=classic_document(11))
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    session = session_of(table)
    assert session.revision == 3 and session.complete and session.signed_at is None
    assert not Signature.objects.filter(session=session).exists()
    saved = AuditEntry.objects.filter(action="session.save").order_by("id")
    assert [e.details.get("signatures_cleared") for e in saved] == [None, 4, None]
    sign_all(table, players, codes, 3)
    assert session_of(table).signed_at is not None


def test_the_player_confirms_from_their_own_account():
    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    own = user_with_role(event.club, Role.MEMBER)
    stranger = user_with_role(event.club, Role.MEMBER)
    table = seated_table(event)
    seat = table.seats.get(position=2)
    seat.player = own.player
    seat.save()
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    signature = sign_as_player(table=table, actor=own, revision=1)
    assert signature.method == "account" and signature.player_id == own.player.pk
    with pytest.raises(ServiceError):
        sign_as_player(table=table, actor=stranger, revision=1)
    player_code_set(actor=own, player=own.player, code="4071")
    with pytest.raises(NotAllowed):
        player_code_set(actor=stranger, player=own.player, code="4071")


def test_an_organizer_signs_for_a_player_with_a_reason_only():
    table, organizer, players, codes = finished_table()
    scorer = user_with_role(table.round.event.club, Role.SCORER)
    with pytest.raises(ServiceError) as refused:
        sign_for_player(
            table=table, actor=organizer, player_id=players[0].pk, revision=1, reason="  "
        )
    assert refused.value.errors[0]["field"] == "reason"
    with pytest.raises(NotAllowed):
        sign_for_player(
            table=table, actor=scorer, player_id=players[0].pk, revision=1, reason="went home"
        )
    signature = sign_for_player(
        table=table, actor=organizer, player_id=players[0].pk, revision=1, reason="went home early"
    )
    assert signature.method == "organizer" and signature.reason == "went home early"


def test_a_dispute_flags_the_table_until_the_organizer_resolves_it():
    table, organizer, players, codes = finished_table()
    sign_all(table, players, codes, 1)
    dispute = dispute_raise(
        table=table,
        actor=None,
        player_id=players[1].pk,
        reason="game 7 was hearts, not queens",
        code=codes[players[1].pk],
        table_token=table.scoring_token,
    )
    session = session_of(table)
    assert session.signed_at is None  # the disputing player's signature is withdrawn
    assert not Signature.objects.filter(session=session, player=players[1]).exists()
    with pytest.raises(NotAllowed):
        dispute_resolve(
            dispute_id=dispute.pk, actor=user_with_role(table.round.event.club, Role.SCORER)
        )
    resolved = dispute_resolve(dispute_id=dispute.pk, actor=organizer, resolution="checked")
    assert resolved.resolved_by == organizer and resolved.resolved_at is not None
    with pytest.raises(Conflict):
        dispute_resolve(dispute_id=dispute.pk, actor=organizer)
    sign_all(table, players[1:2], codes, 1)
    assert session_of(table).signed_at is not None
    assert Dispute.objects.get().resolution == "checked"


def test_signed_only_standings_count_signed_sessions_and_unfinished_partial_tables():
    event = EventFactory(published=True)
    table, organizer, players, codes = finished_table(event)
    other, _o, other_players, other_codes = finished_table(event, number=2)

    def counted() -> set[int]:
        return set(
            Session.objects.filter(counted_sessions()).values_list("table__number", flat=True)
        )

    assert counted() == {1, 2}
    before = Event.objects.get(pk=event.pk).results_version
    event_update(event=event, actor=organizer, standings_count="signed")
    assert Event.objects.get(pk=event.pk).results_version == before + 1
    assert counted() == set()
    sign_all(table, players, codes, 1)
    assert counted() == {1}
    partial = seated_table(event, table_number=3)
    session_submit(table=partial, submitted_by=organizer, document=classic_document(5))
    Table.objects.filter(pk=partial.pk).update(unfinished="partial")
    assert counted() == {1, 3}


def test_the_ratings_read_the_sessions_that_count_in_a_signed_only_event():
    """The ratings' own SQL (``ranking.ratings.store.loading``) follows the one rule of
    ``counted_sessions``."""
    event = EventFactory(published=True, standings_count="signed")
    table, organizer, players, codes = finished_table(event)
    finished_table(event, number=2)
    partial = seated_table(event, table_number=3)
    session_submit(table=partial, submitted_by=organizer, document=classic_document(5))
    Table.objects.filter(pk=partial.pk).update(unfinished="partial")
    sign_all(table, players, codes, 1)

    def read() -> set[int]:
        return {
            pool_session.session_id
            for pool_session, _ in session_results(event.club_id, event.game)
        }

    expected = set(Session.objects.filter(counted_sessions()).values_list("id", flat=True))
    assert read() == expected == {session_of(table).pk, session_of(partial).pk}
    event_update(event=event, actor=organizer, standings_count="complete")
    assert len(read()) == 3


def test_becoming_signed_moves_the_results_on_in_a_signed_only_event():
    event = EventFactory(published=True, standings_count="signed")
    table, _organizer, players, codes = finished_table(event)
    before = Event.objects.get(pk=event.pk).results_version
    sign_all(table, players, codes, 1)
    assert Event.objects.get(pk=event.pk).results_version == before + 1


def test_the_setting_is_checked():
    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    with pytest.raises(ServiceError) as refused:
        event_update(event=event, actor=organizer, standings_count="sometimes")
    assert refused.value.errors[0]["field"] == "standings_count"


# --- races: a change of the session while someone signs -----------------------------------


def _race(table_id: int, organizer_id: int, player_id: int, code: str) -> dict[str, object]:
    from django.contrib.auth.models import User

    organizer = User.objects.get(pk=organizer_id)
    table = Table.objects.get(pk=table_id)
    barrier = threading.Barrier(2)
    answers: dict[str, object] = {}

    def sign() -> None:
        barrier.wait()
        try:
            sign_with_code(
                table=table_id,
                actor=None,
                player_id=player_id,
                code=code,
                revision=1,
                table_token=table.scoring_token,
            )
            answers["sign"] = "signed"
        except Conflict:
            answers["sign"] = "conflict"
        finally:
            connection.close()

    def change() -> None:
        barrier.wait()
        session_submit(table=table_id, submitted_by=organizer, document=classic_document(11))
        answers["change"] = "saved"
        connection.close()

    threads = [threading.Thread(target=sign), threading.Thread(target=change)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.django_db(transaction=True)
def test_a_change_while_the_last_player_signs_never_leaves_a_signed_new_revision():
    outcomes = set()
    for trial in range(8):
        table, organizer, players, codes = finished_table()
        sign_all(table, players[:3], codes, 1)
        answers = _race(table.pk, organizer.pk, players[3].pk, codes[players[3].pk])
        outcomes.add(answers["sign"])
        session = session_of(table)
        assert answers["change"] == "saved", trial
        assert session.revision == 2, trial
        # Whoever won: no signature survives for a revision nobody confirmed.
        assert session.signed_at is None, trial
        assert not Signature.objects.filter(session=session).exists(), trial
    assert outcomes <= {"signed", "conflict"}


@pytest.mark.django_db(transaction=True)
def test_the_last_two_signing_at_once_sign_the_session_once():
    for trial in range(5):
        event = EventFactory(published=True, standings_count="signed")
        table, _organizer, players, codes = finished_table(event)
        sign_all(table, players[:2], codes, 1)
        before = Event.objects.get(pk=event.pk).results_version
        _at_once(table, players[2:], codes)
        assert session_of(table).signed_at is not None, trial
        assert Signature.objects.filter(session__table=table).count() == 4, trial
        # Signed once: the results moved on exactly once.
        assert Event.objects.get(pk=event.pk).results_version == before + 1, trial
        assert AuditEntry.objects.filter(action="session.signed").count() == trial + 1


def _at_once(table: Table, players, codes) -> None:
    """The players sign at the same moment, each from its own connection."""
    barrier = threading.Barrier(len(players))

    def last(player) -> None:
        barrier.wait()
        try:
            sign_with_code(
                table=table.pk,
                actor=None,
                player_id=player.pk,
                code=codes[player.pk],
                revision=1,
                table_token=table.scoring_token,
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=last, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
