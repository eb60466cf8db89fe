"""The demo that `make run` loads works, and shows every game the service has."""

import pytest
from django.core.management import call_command

from games.registry import games
from results.models import Session
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_demo_loads_an_evening_of_every_game():
    call_command("load_demo")
    for code in games():
        assert Session.objects.filter(event__game=code, complete=True).exists(), code
    assert Event.objects.filter(status=Event.Status.RUNNING).exists()
