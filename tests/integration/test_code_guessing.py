"""Guessing personal codes: a guesser is stopped per player, per table and per address, while
the honest players at the other tables of the same network (a café's wifi) still sign; a player
guessed at is protected and still confirms from their own phone; concurrent guesses never
compare more codes than the limit allows."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connection
from django.test import override_settings

from clubs.access.code_guard import CODE_PLAYER_LIMIT, CODE_TABLE_LIMIT
from clubs.access.codes import player_code_check, player_code_issue
from core.errors import ServiceError, TooManyAttempts
from results.models import Session, Signature
from results.signoff.services import sign_as_player, sign_with_code
from tests.conftest import needs, redis_available
from tests.factories import EventFactory, UserFactory
from tests.integration.test_signoff import finished_table

pytestmark = [pytest.mark.django_db, pytest.mark.redis]

CAFE = "192.0.2.7"


def wrong_code(right: str) -> str:
    return "0000" if right != "0000" else "1111"


def attempt(table, player, code, address=CAFE, actor=None) -> str:
    """'signed', 'wrong' or 'refused'."""
    try:
        sign_with_code(
            table=table,
            actor=actor,
            player_id=player.pk,
            code=code,
            revision=1,
            table_token=table.scoring_token,
            address=address,
        )
    except TooManyAttempts as exc:
        assert exc.retry_after > 0
        return "refused"
    except ServiceError as exc:
        assert exc.errors[0]["code"] == "wrong_code", exc.errors
        return "wrong"
    return "signed"


def test_a_guesser_on_the_cafes_wifi_locks_out_no_other_table():
    event = EventFactory(published=True)
    tables = [finished_table(event, number=n) for n in range(1, 6)]
    # The guesser tries every player of tables 1 and 2, far more often than the limits allow.
    answers = [
        attempt(table, player, wrong_code(codes[player.pk]))
        for table, _o, players, codes in tables[:2]
        for player in players
        for _try in range(15)
    ]
    # Everyone at the other tables, on the same wifi, signs with their code.
    for table, _o, players, codes in tables[2:]:
        assert [attempt(table, p, codes[p.pk]) for p in players] == ["signed"] * 4
        assert Session.objects.get(table=table).signed_at is not None
    assert answers.count("wrong") <= 2 * CODE_TABLE_LIMIT and "refused" in answers
    # A typo at a fresh table is told it is wrong, not refused.
    extra = finished_table(event, number=6)
    player = extra[2][0]
    assert attempt(extra[0], player, wrong_code(extra[3][player.pk])) == "wrong"
    assert attempt(extra[0], player, extra[3][player.pk]) == "signed"


def test_the_guessers_table_is_stopped_but_not_its_players_own_phones():
    event = EventFactory(published=True)
    table, organizer, players, codes = finished_table(event)
    answers = [
        attempt(table, p, wrong_code(codes[p.pk]), address=f"198.51.100.{n}")
        for n in range(7)
        for p in players
    ]
    assert answers.count("wrong") == CODE_TABLE_LIMIT and answers.count("refused") == 8
    assert attempt(table, players[0], codes[players[0].pk], address="203.0.113.1") == "refused"
    own = UserFactory()
    players[0].user = own
    players[0].save()
    assert attempt(table, players[0], codes[players[0].pk], actor=own) == "signed"
    assert sign_as_player(table=table, actor=own, revision=1).created_now is False
    other, _o, other_players, other_codes = finished_table(event, number=2)
    assert attempt(other, other_players[0], other_codes[other_players[0].pk]) == "signed"


def test_a_player_guessed_at_from_many_addresses_is_protected():
    event = EventFactory(published=True)
    table, organizer, players, codes = finished_table(event)
    target, wrong = players[0], wrong_code(codes[players[0].pk])
    answers = [attempt(table, target, wrong, address=f"198.51.100.{n}") for n in range(16)]
    # Ten guesses, then nothing is compared for that player, from any address.
    assert answers == ["wrong"] * CODE_PLAYER_LIMIT + ["refused"] * 6
    assert attempt(table, target, codes[target.pk], address="203.0.113.9") == "refused"
    # The other players of the table still sign; the player signs on their own phone.
    assert [attempt(table, p, codes[p.pk]) for p in players[1:]] == ["signed"] * 3
    own = UserFactory()
    target.user = own
    target.save()
    sign_as_player(table=table, actor=own, revision=1)
    assert Session.objects.get(table=table).signed_at is not None


def test_a_new_code_starts_the_count_afresh():
    table, organizer, players, codes = finished_table()
    target = players[0]
    for n in range(CODE_PLAYER_LIMIT):
        attempt(table, target, wrong_code(codes[target.pk]), address=f"198.51.100.{n}")
    assert attempt(table, target, codes[target.pk]) == "refused"
    code = player_code_issue(actor=organizer, player=target)
    assert attempt(table, target, code) == "signed"
    assert Signature.objects.filter(player=target).exists()


# --- concurrent guesses ---------------------------------------------------------------------


def _guess_at_once(player, table_id: int, code: str, threads: int, address: str) -> dict[str, int]:
    barrier = threading.Barrier(threads)
    answers: dict[str, int] = {"wrong": 0, "refused": 0}
    lock = threading.Lock()

    def guess() -> None:
        barrier.wait()
        outcome = "right"
        try:
            player_code_check(player=player, code=code, address=address, table_id=table_id)
        except TooManyAttempts:
            outcome = "refused"
        except ServiceError:
            outcome = "wrong"
        finally:
            connection.close()
        with lock:
            answers[outcome] += 1

    running = [threading.Thread(target=guess) for _ in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    return answers


def _redis_cache() -> dict[str, dict[str, str]]:
    from django.conf import settings

    url = settings.CELERY_BROKER_URL
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": f"test-{uuid.uuid4().hex}",
        }
    }


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("backend", ["redis", "locmem"])
def test_concurrent_wrong_codes_compare_no_more_than_the_limit(backend):
    if backend == "redis":
        needs("Redis", redis_available())
        caches = _redis_cache()
    else:
        caches = {
            "default": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": f"test-{uuid.uuid4().hex}",
            }
        }
    event = EventFactory(published=True)
    with override_settings(CACHES=caches):
        for trial in range(3):
            table, _organizer, players, codes = finished_table(event, number=trial + 1)
            answers = _guess_at_once(
                players[0],
                table.pk,
                wrong_code(codes[players[0].pk]),
                24,
                address=f"198.51.100.{trial}",
            )
            # Never more compared than the limit. While 24 checks race, the table's and the
            # address's counts run ahead of the ones given back, so a check within the player's
            # limit may be refused as well: fewer compared, never more.
            assert 1 <= answers["wrong"] <= CODE_PLAYER_LIMIT, (trial, answers)
            assert answers["wrong"] + answers["refused"] == 24, (trial, answers)
