"""Issuing a night's codes while others write codes: two organizers at once leave every
player with the codes of one issue's slips, never half of each; a code a player chooses while
the night is issued waits for the players' lock and is kept."""

from __future__ import annotations

import threading
import time

import pytest
from django.contrib.auth.hashers import check_password
from django.contrib.auth.models import User
from django.db import connection

from clubs.access import codes
from clubs.access.codes import CodesIssued, player_codes_issue
from clubs.models import Membership, PlayerCode, Role
from tests.factories import ClubFactory, PlayerFactory, user_with_role

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_organizers_at_once_leave_one_issues_codes(monkeypatch):
    club = ClubFactory()
    organizers = [user_with_role(club, Role.ORGANIZER) for _ in range(2)]
    for user in organizers:
        user.save()
    players = [PlayerFactory() for _ in range(6)]
    for player in players:
        Membership.objects.create(club=club, player=player)
    write = codes._write_issued

    def slow_write(*args: object, **kwargs: object) -> None:
        write(*args, **kwargs)  # type: ignore[arg-type]
        time.sleep(0.02)  # a wide window: without the lock the two issues would interleave

    monkeypatch.setattr(codes, "_write_issued", slow_write)
    barrier = threading.Barrier(2)
    results: dict[int, CodesIssued] = {}

    def issue(index: int) -> None:
        try:
            barrier.wait()
            actor = User.objects.get(pk=organizers[index].pk)
            results[index] = player_codes_issue(
                actor=actor, club_id=club.pk, player_ids=[p.pk for p in players]
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=issue, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 2
    stored = {c.player_id: c.code_hash for c in PlayerCode.objects.all()}
    whole = [
        index
        for index, result in results.items()
        if all(check_password(code, stored[player.pk]) for player, code in result.codes)
    ]
    assert len(whole) == 1  # one issue's slips are right for every player


def test_a_code_a_player_chooses_while_the_night_is_issued_is_kept(monkeypatch):
    """The player chooses their own code while the organizer's issue is half way: the issue
    holds the players' lock, so the choice waits for it and is stored after it (without the
    lock the issue, having read "no own code" before, would overwrite the choice)."""
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    organizer.save()
    players = [PlayerFactory() for _ in range(3)]
    for player in players:
        Membership.objects.create(club=club, player=player)
    last = max(players, key=lambda p: p.pk)  # written last by the issue
    last.user = User.objects.create(username="last")
    last.save()
    write = codes._write_issued
    halfway = threading.Event()

    def slow_write(*args: object, **kwargs: object) -> None:
        write(*args, **kwargs)  # type: ignore[arg-type]
        if not halfway.is_set():
            halfway.set()
            time.sleep(0.5)  # the player chooses now

    monkeypatch.setattr(codes, "_write_issued", slow_write)
    issued: list[CodesIssued] = []

    def issue() -> None:
        try:
            issued.append(
                player_codes_issue(
                    actor=User.objects.get(pk=organizer.pk),
                    club_id=club.pk,
                    player_ids=[p.pk for p in players],
                )
            )
        finally:
            connection.close()

    def choose() -> None:
        try:
            halfway.wait(timeout=10)
            codes.player_code_set(actor=User.objects.get(pk=last.user_id), player=last, code="4071")
        finally:
            connection.close()

    threads = [threading.Thread(target=issue), threading.Thread(target=choose)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = PlayerCode.objects.get(player=last)
    assert not stored.issued and check_password("4071", stored.code_hash)
    assert len(issued) == 1 and len(issued[0].codes) == 3
