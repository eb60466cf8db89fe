"""Backups of the SunMar Bonken app for tests: the example files of the design notes (kept in
``tests/fixtures/sunmar``) and backups the tests build, tamper with or change."""

from __future__ import annotations

import copy
import hashlib
import io
import json
import zipfile
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "sunmar"
EXAMPLE_ZIP = FIXTURES / "backup.zip"
FINISHED_ID = "5b7e2f1a-9c3d-4e6f-a8b0-1c2d3e4f5a60"
UNFINISHED_ID = "0d9c8b7a-6f5e-4d3c-b2a1-9f8e7d6c5b41"


def example_zip() -> bytes:
    return EXAMPLE_ZIP.read_bytes()


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
