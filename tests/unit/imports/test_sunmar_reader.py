"""The envelope of a SunMar backup: what is read, and every way a zip is refused (no
database)."""

import io
import json
import zipfile

import pytest

from games.bonken.sunmar import BackupRefused, read_backup
from tests.sunmar_backups import (
    build_backup,
    example_zip,
    finished_game,
    loose_example_zip,
    zip_of,
)


def codes(data: bytes) -> list[str]:
    with pytest.raises(BackupRefused) as refused:
        read_backup(data)
    return [problem.code for problem in refused.value.problems]


def test_the_example_backups_are_read():
    for data in (example_zip(), loose_example_zip()):
        backup = read_backup(data)
        assert backup.manifest["contains"] == ["games", "settings"]
        assert str(backup.utc_offset) == "1:00:00"
        assert [g["id"][:8] for g in backup.games["games"]] == ["5b7e2f1a", "0d9c8b7a"]


def test_a_built_backup_without_settings_is_read():
    backup = read_backup(build_backup([finished_game()], settings=False, offset="-03:30"))
    assert backup.manifest["contains"] == ["games"]
    assert backup.utc_offset.total_seconds() == -3.5 * 3600


def test_a_tampered_stream_is_refused_naming_it():
    with pytest.raises(BackupRefused) as refused:
        read_backup(build_backup([finished_game()], tamper="games"))
    (problem,) = refused.value.problems
    assert problem.code == "hash_mismatch" and problem.where == "games.json"
    assert "SHA-256" in problem.message and "gewijzigd" in problem.message_nl


def test_an_extra_file_is_refused_naming_it():
    data = build_backup([finished_game()], settings=False, extra={"notes.txt": b"hi"})
    with pytest.raises(BackupRefused) as refused:
        read_backup(data)
    assert [(p.code, p.where) for p in refused.value.problems] == [("entry_extra", "notes.txt")]


def test_a_fourth_entry_is_too_many():
    data = build_backup([finished_game()], extra={"x.json": b"{}"})
    assert codes(data) == ["entry_extra", "too_many_entries"]


def test_a_missing_stream_is_refused():
    manifest = json.loads(zipfile.ZipFile(io.BytesIO(example_zip())).read("manifest.json"))
    data = zip_of(
        {
            "manifest.json": json.dumps(manifest).encode(),
            "games.json": zipfile.ZipFile(io.BytesIO(example_zip())).read("games.json"),
        }
    )
    assert codes(data) == ["entry_missing"]


@pytest.mark.parametrize(
    "name", ["../games.json", "sub/games.json", "/etc/passwd", "..\\x.json", ".hidden"]
)
def test_paths_inside_the_zip_are_refused(name):
    assert codes(build_backup([finished_game()], settings=False, extra={name: b"{}"})) == [
        "entry_path"
    ]


def test_an_entry_twice_is_refused():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive, pytest.warns(UserWarning):
        archive.writestr("manifest.json", b"{}")
        archive.writestr("manifest.json", b"{}")
    assert codes(buffer.getvalue()) == ["entry_twice"]


def test_not_a_zip_and_no_manifest():
    assert codes(b"PK not really") == ["not_a_zip"]
    assert codes(zip_of({"games.json": b"{}"})) == ["manifest_missing"]


def test_manifest_checks():
    game = [finished_game()]
    assert codes(build_backup(game, manifest_changes={"version": 2})) == ["backup_too_new"]
    assert codes(build_backup(game, manifest_changes={"utcOffset": "CET"})) == ["manifest_field"]
    assert codes(build_backup(game, manifest_changes={"contains": ["games", "photos"]})) == [
        "manifest_field"
    ]
    bad_hash = {
        "hashes": {
            "games": {"algo": "md5", "hash": "0" * 32},
            "settings": {"algo": "sha256", "hash": "0" * 64},
        }
    }
    assert codes(build_backup(game, manifest_changes=bad_hash)) == ["manifest_field"]
    assert codes(zip_of({"manifest.json": b"\xff"})) == ["entry_not_json"]


def test_games_of_another_version_are_refused():
    assert codes(build_backup([finished_game()], games_version=10)) == ["games_version"]


def test_a_huge_entry_is_refused_without_unpacking_it_all():
    data = build_backup(
        [finished_game()], settings=False, extra={"settings.json": b" " * (11 * 1024 * 1024)}
    )
    assert "too_large_unpacked" in codes(data)
