"""Whatever a file holds, reading a backup raises nothing but the reader's own refusal, and a
backup it accepts converts, shows and stores without an error (no database)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bonken.sunmar import BackupRefused, convert_backup, read_backup
from games.bonken.sunmar.reader import reread_backup
from tests.sunmar_backups import example_zip, zip_of
from tests.sunmar_strategies import GAME, GAME_PATHS, json_ish, offsets, replaced, times

SOME = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def backup_of(manifest: dict[str, Any] | None, games_text: bytes) -> bytes:
    if manifest is None:
        manifest = {
            "version": 1,
            "exportedAt": "2026-03-20T09:15:02.551203",
            "utcOffset": "+01:00",
            "contains": ["games"],
        }
    manifest.setdefault(
        "hashes", {"games": {"algo": "sha256", "hash": hashlib.sha256(games_text).hexdigest()}}
    )
    manifest_text = json.dumps(manifest).encode()
    return zip_of({"manifest.json": manifest_text, "games.json": games_text})


def read_and_show(data: bytes) -> None:
    """Read ``data``; if it is accepted, convert it, render it as the API does and read it back
    as the database would give it."""
    try:
        backup = read_backup(data)
    except BackupRefused as refused:
        assert refused.problems and all(p.message and p.message_nl for p in refused.problems)
        return
    shown = convert_backup(backup).to_dict()
    json.dumps(shown, allow_nan=False)
    stored = json.dumps(backup.manifest, allow_nan=False), json.dumps(backup.games, allow_nan=False)
    again = reread_backup(stored[0].encode(), stored[1].encode())
    assert convert_backup(again).to_dict() == shown


@SOME
@given(st.binary(max_size=300))
def test_any_bytes(data):
    read_and_show(data)


@SOME
@given(
    st.sampled_from([example_zip(), example_zip(stored=True)]),
    st.lists(st.tuples(st.integers(min_value=0), st.integers(0, 255)), min_size=1, max_size=6),
)
def test_any_damage_to_a_real_zip(data, damage):
    damaged = bytearray(data)
    for position, value in damage:
        damaged[position % len(damaged)] = value
    read_and_show(bytes(damaged))


@SOME
@given(json_ish)
def test_any_games_document(value):
    read_and_show(backup_of(None, json.dumps(value).encode()))
    read_and_show(backup_of(None, json.dumps({"version": 11, "games": [value]}).encode()))


@SOME
@given(st.lists(st.tuples(st.sampled_from(GAME_PATHS), json_ish), min_size=1, max_size=4))
def test_a_real_game_with_any_of_its_values_replaced(changes):
    game = GAME
    for path, value in changes:
        try:
            game = replaced(game, path, value)
        except (KeyError, IndexError, TypeError):  # an earlier change removed the path
            continue
    read_and_show(backup_of(None, json.dumps({"version": 11, "games": [game]}).encode()))


@SOME
@given(
    st.one_of(offsets, json_ish),
    st.one_of(times, json_ish),
    st.dictionaries(st.sampled_from(["version", "contains", "hashes", "x"]), json_ish, max_size=2),
)
def test_any_manifest_values(offset, exported_at, changes):
    games_text = json.dumps({"version": 11, "games": [GAME]}).encode()
    manifest = {
        "version": 1,
        "exportedAt": "2026-03-20T09:15:02.551203",
        "utcOffset": "+01:00",
        "contains": ["games"],
        "hashes": {"games": {"algo": "sha256", "hash": hashlib.sha256(games_text).hexdigest()}},
    }
    manifest.update(changes, utcOffset=offset, exportedAt=exported_at)
    read_and_show(backup_of(manifest, games_text))


@SOME
@given(
    st.integers(min_value=1, max_value=200_000),
    st.sampled_from([b"[", b'{"a":', b"[{}, ["]),
    st.booleans(),
)
def test_any_depth_of_nesting(depth, opening, in_the_manifest):
    closing = {b"[": b"]", b'{"a":': b"}", b"[{}, [": b"]]"}[opening]
    nested = opening * depth + b"1" + closing * depth
    games_text = b'{"version": 11, "games": [], "x": ' + nested + b"}"
    if in_the_manifest:
        manifest = b'{"version": 1, "x": ' + nested + b"}"
        read_and_show(zip_of({"manifest.json": manifest, "games.json": games_text}))
    else:
        read_and_show(backup_of(None, games_text))


@SOME
@given(st.text(alphabet='[]{}",:0123456789.eE+-truefalsnNaIiy \\u', max_size=200))
def test_any_json_like_text(text):
    read_and_show(backup_of(None, text.encode()))
