"""A toy fifth game in its own folder: its rules (``rules``, pure), its Django side (``plugin``,
with ``templates/duel/``) and its app (``apps``); ``rounds/`` is the same game entered a round at
a time, as a second app. A test installs them as a club installs a game, with their lines in
``INSTALLED_APPS`` (``installed``); nothing outside this folder names them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.test import override_settings

from games import registry
from tests.toy_game.rules import Duel, DuelRounds

APPS = ("tests.toy_game", "tests.toy_game.rounds")


@contextmanager
def installed() -> Iterator[tuple[Duel, DuelRounds]]:
    """Both toy games installed, their lines added to ``INSTALLED_APPS`` for the block."""
    with override_settings(INSTALLED_APPS=[*settings.INSTALLED_APPS, *APPS]):
        duel, rounds = registry.get_game("duel"), registry.get_game("duelrounds")
        assert isinstance(duel, Duel) and isinstance(rounds, DuelRounds)
        yield duel, rounds
