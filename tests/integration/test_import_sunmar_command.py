"""``manage.py import_sunmar``: the example backup into a club, a re-import, a dry run, a
refused file."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from clubs.models import Membership, Role
from results.models import Session
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tests.sunmar_backups import EXAMPLE_ZIP, build_backup, finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = ClubFactory()
    user_with_role(club, Role.ORGANIZER).save()
    return club


def run(*args):
    out = StringIO()
    call_command("import_sunmar", *map(str, args), stdout=out)
    return out.getvalue()


def test_the_example_is_imported_once(club):
    anna = PlayerFactory(name="Anna")
    Membership.objects.create(club=club, player=anna)
    out = run(EXAMPLE_ZIP, "--club", club.pk, "--match", "Bram=new")
    assert "imported 5b7e2f1a" in out and "counts level" in out
    assert "skipped 0d9c8b7a" in out and "a pending round" in out
    assert f"Anna -> player {anna.pk}" in out and "new players: Bram, Cees, Daan" in out
    assert Session.objects.count() == 1
    again = run(EXAMPLE_ZIP, "--club", club.pk)
    assert "already imported: 5b7e2f1a" in again and "0 games imported" in again
    assert Session.objects.count() == 1


def test_a_dry_run_stores_nothing(club):
    out = run(EXAMPLE_ZIP, "--club", club.pk, "--dry-run")
    assert "dry run" in out and Session.objects.count() == 0


def test_a_refused_backup_and_bad_arguments(club, tmp_path):
    tampered = tmp_path / "tampered.zip"
    tampered.write_bytes(build_backup([finished_game()], tamper="games"))
    with pytest.raises(CommandError, match="games.json: 'games.json' does not match"):
        run(tampered, "--club", club.pk)
    with pytest.raises(CommandError, match="no club"):
        run(EXAMPLE_ZIP, "--club", 999999)
    with pytest.raises(CommandError, match="--match"):
        run(EXAMPLE_ZIP, "--club", club.pk, "--match", "Zoe=new")
    with pytest.raises(CommandError, match="cannot read"):
        run(tmp_path / "missing.zip", "--club", club.pk)
    with pytest.raises(CommandError, match="no organizer"):
        run(EXAMPLE_ZIP, "--club", ClubFactory().pk)
