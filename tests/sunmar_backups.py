"""Backups of the SunMar Bonken app for tests: the example files of the design notes (kept in
``tests/fixtures/sunmar``) and backups the tests build, tamper with or change."""

from __future__ import annotations

import copy
import hashlib
import io
import json
import struct
import zipfile
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "sunmar"
EXAMPLE_ZIP = FIXTURES / "backup.zip"
FINISHED_ID = "5b7e2f1a-9c3d-4e6f-a8b0-1c2d3e4f5a60"
UNFINISHED_ID = "0d9c8b7a-6f5e-4d3c-b2a1-9f8e7d6c5b41"


def example_zip(*, stored: bool = False) -> bytes:
    """The example backup; ``stored``: its entries again, uncompressed."""
    if not stored:
        return EXAMPLE_ZIP.read_bytes()
    example = zipfile.ZipFile(io.BytesIO(EXAMPLE_ZIP.read_bytes()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name in example.namelist():
            archive.writestr(name, example.read(name))
    return buffer.getvalue()


def loose_example_zip() -> bytes:
    """The second example: a zip made of the example's loose files, as the app writes one."""
    entries = {
        name: (FIXTURES / name).read_bytes()
        for name in ("manifest.json", "games.json", "settings.json")
    }
    return zip_of(entries)


def example_games() -> dict[str, Any]:
    return json.loads((FIXTURES / "games.json").read_text())


def finished_game() -> dict[str, Any]:
    return copy.deepcopy(next(g for g in example_games()["games"] if g["id"] == FINISHED_ID))


def zip_of(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def build_backup(
    games: list[dict[str, Any]],
    *,
    offset: str = "+01:00",
    settings: bool = True,
    extra: dict[str, bytes] | None = None,
    tamper: str | None = None,
    manifest_changes: dict[str, Any] | None = None,
    games_version: int = 11,
) -> bytes:
    """A backup holding ``games`` as the app writes one; ``tamper`` names a stream whose text
    is changed after its hash was taken; ``extra`` adds entries."""
    streams = {"games": json.dumps({"version": games_version, "games": games}).encode()}
    if settings:
        streams["settings"] = (FIXTURES / "settings.json").read_bytes()
    manifest: dict[str, Any] = {
        "version": 1,
        "appVersion": "1.4.0",
        "buildNumber": "42",
        "exportedAt": "2026-03-20T09:15:02.551203",
        "utcOffset": offset,
        "contains": list(streams),
        "hashes": {
            name: {"algo": "sha256", "hash": hashlib.sha256(data).hexdigest()}
            for name, data in streams.items()
        },
    }
    manifest.update(manifest_changes or {})
    if tamper:
        streams[tamper] = streams[tamper].replace(b"}", b" }", 1)
    entries = {"manifest.json": json.dumps(manifest).encode()}
    entries.update({f"{name}.json": data for name, data in streams.items()})
    entries.update(extra or {})
    return zip_of(entries)


def renamed(game: dict[str, Any], app_id: str, **names: str) -> dict[str, Any]:
    """A copy of ``game`` under another app id, its players renamed (old name=new name)."""
    game = copy.deepcopy(game)
    game["id"] = app_id
    for player in game["players"]:
        player["name"] = names.get(player["name"], player["name"])
    return game


def forced_rotation(game: dict[str, Any]) -> dict[str, Any]:
    """The game with rounds 5 and 12 swapped but their choosers kept: Anna chooses two plus
    contracts and Daan none (the app lets players force this)."""
    game = copy.deepcopy(game)
    five, twelve = game["rounds"][4], game["rounds"][11]
    for key in ("gameId", "scores", "input", "doublesJson"):
        five_value, twelve_value = five.pop(key, None), twelve.pop(key, None)
        if twelve_value is not None:
            five[key] = twelve_value
        if five_value is not None:
            twelve[key] = five_value
    return game


def chooser_doubles_first(game: dict[str, Any]) -> dict[str, Any]:
    """Round 2's chooser (Bram) doubles Anna before she doubled him: the classic rules allow
    the chooser only to double back."""
    game = copy.deepcopy(game)
    bram = game["rounds"][1]["chooserId"]
    for pair in game["rounds"][1]["doublesJson"].values():
        pair["initiator"] = bram
    # The app's scores: Bram's queens count 0, Anna's 1 (-45): doubling moves 45 more to Bram
    # whoever started it, so the stored scores stay as they are.
    return game


def raw_backup(
    games_text: bytes,
    *,
    offset: str = "+01:00",
    exported_at: str = "2026-03-20T09:15:02.551203",
    manifest_text: bytes | None = None,
) -> bytes:
    """A backup of ``games.json`` text as given (NaN, a key twice, any depth), its hash
    right; ``manifest_text`` replaces the manifest."""
    manifest = {
        "version": 1,
        "exportedAt": exported_at,
        "utcOffset": offset,
        "contains": ["games"],
        "hashes": {"games": {"algo": "sha256", "hash": hashlib.sha256(games_text).hexdigest()}},
    }
    return zip_of(
        {
            "manifest.json": manifest_text or json.dumps(manifest).encode(),
            "games.json": games_text,
        }
    )


def games_text(*games: dict[str, Any], extra: bytes = b"") -> bytes:
    """``games.json`` holding ``games``; ``extra`` is put in as the first member's text."""
    text = json.dumps({"version": 11, "games": list(games)}).encode()
    return b"{" + extra + b", " + text[1:] if extra else text


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def damaged_deflate() -> bytes:
    """The example zip with the compressed data of its first entry (games.json) damaged
    so that inflating it fails (an invalid block type), its directory intact."""
    data = bytearray(example_zip())
    name_length, extra_length = struct.unpack("<HH", data[26:30])
    data[30 + name_length + extra_length] = 0xFF
    return bytes(data)


def crafted_backups() -> dict[str, tuple[bytes, str, str]]:
    """Backups made to break an importer: name -> (file, the problem's code, the entry or
    field it names)."""
    game = finished_game()

    def changed(**values: Any) -> dict[str, Any]:
        return {**game, **values}

    manifest_deep = b'{"version": 1, "utcOffset": "+01:00", "x": ' + nested(1000) + b"}"
    deep_in_a_game = changed(ruleVariants=json.loads(nested(30)))
    return {
        "manifest nested 1,000 deep": (
            raw_backup(games_text(game), manifest_text=manifest_deep),
            "json_too_deep",
            "manifest.json",
        ),
        "manifest nested 100,000 deep": (
            raw_backup(games_text(game), manifest_text=nested(100_000)),
            "json_too_deep",
            "manifest.json",
        ),
        "games.json nested 1,000 deep": (
            raw_backup(games_text(game, extra=b'"x": ' + nested(1000))),
            "json_too_deep",
            "games.json",
        ),
        "games.json nested 100,000 deep": (
            raw_backup(nested(100_000)),
            "json_too_deep",
            "games.json",
        ),
        "a game's member nested 30 deep": (
            raw_backup(games_text(deep_in_a_game)),
            "json_too_deep",
            "games.json",
        ),
        "utcOffset +24:00": (
            raw_backup(games_text(game), offset="+24:00"),
            "manifest_field",
            "utcOffset",
        ),
        "utcOffset +99:00": (
            raw_backup(games_text(game), offset="+99:00"),
            "manifest_field",
            "utcOffset",
        ),
        "utcOffset -14:30": (
            raw_backup(games_text(game), offset="-14:30"),
            "manifest_field",
            "utcOffset",
        ),
        "NaN in games.json": (
            raw_backup(games_text(changed(scoredAt=float("nan")))),
            "json_not_a_number",
            "games.json",
        ),
        "Infinity in games.json": (
            raw_backup(games_text(game, extra=b'"x": Infinity')),
            "json_not_a_number",
            "games.json",
        ),
        "-Infinity in games.json": (
            raw_backup(games_text(game, extra=b'"x": -Infinity')),
            "json_not_a_number",
            "games.json",
        ),
        "1e400 in games.json": (
            raw_backup(games_text(game, extra=b'"x": 1e400')),
            "json_not_whole_number",
            "games.json",
        ),
        "a score of 2.5e1": (
            raw_backup(games_text(game).replace(b'": -45', b'": -4.5e1', 1)),
            "json_not_whole_number",
            "games.json",
        ),
        "a score of 10**20": (
            raw_backup(games_text(game).replace(b'": -45', b'": -100000000000000000000', 1)),
            "json_number_too_large",
            "games.json",
        ),
        "a number of 5,000 digits": (
            raw_backup(games_text(game, extra=b'"x": ' + b"9" * 5000)),
            "json_number_too_large",
            "games.json",
        ),
        "a game scored in year 1": (
            raw_backup(games_text(changed(scoredAt="0001-01-01T00:00:00.000"))),
            "game_time_range",
            "games[1].scoredAt",
        ),
        "a game scored in year 9999": (
            raw_backup(games_text(changed(scoredAt="9999-12-31T23:59:59.999")), offset="-05:00"),
            "game_time_range",
            "games[1].scoredAt",
        ),
        "exported in year 1": (
            raw_backup(games_text(game), exported_at="0001-01-01T00:00:00.000"),
            "manifest_field",
            "exportedAt",
        ),
        "damaged compressed data": (damaged_deflate(), "entry_unreadable", "games.json"),
        "games.json a list": (raw_backup(b"[]"), "games_type", "games.json"),
        "games.json null": (raw_backup(b"null"), "games_type", "games.json"),
        "manifest a string": (
            raw_backup(games_text(game), manifest_text=b'"manifest"'),
            "manifest_type",
            "manifest.json",
        ),
        "a key twice": (
            raw_backup(games_text(game, extra=b'"version": 11')),
            "json_key_twice",
            "games.json",
        ),
        "a name of 100,000 characters": (
            raw_backup(
                games_text(
                    changed(
                        players=[{**game["players"][0], "name": "A" * 100_000}]
                        + game["players"][1:]
                    )
                )
            ),
            "json_string_too_long",
            "games.json",
        ),
        "a name with \\u0000": (
            raw_backup(games_text(game).replace(b'"Anna"', b'"An\\u0000na"')),
            "json_unstorable_character",
            "games.json",
        ),
        "a name with a lone surrogate": (
            raw_backup(games_text(game).replace(b'"Anna"', b'"An\\ud800na"')),
            "json_unstorable_character",
            "games.json",
        ),
    }


def store_upload_json(upload_id: int, column: str, text: str) -> None:
    """Put ``text`` as it is into the JSON column ``column`` of upload ``upload_id``, past
    Python's parser (which refuses the depths the database keeps), as an older version of the
    service could have stored it: PostgreSQL reads it as ``jsonb``, SQLite keeps the text."""
    from django.db import connection

    value = "CAST(%s AS jsonb)" if connection.vendor == "postgresql" else "%s"
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE imports_sunmarupload SET {column} = {value} WHERE id = %s", [text, upload_id]
        )
