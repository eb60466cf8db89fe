"""Open a backup file of the SunMar Bonken app and check its envelope (the format is described
in the design notes, ``SUNMAR_BACKUP.md``).

A backup is a zip holding ``manifest.json`` and one ``<stream>.json`` per stream the manifest
``contains`` (``games``, ``settings``), nothing else. The manifest gives the SHA-256 of every
stream's text. ``read_backup`` refuses, with every reason it finds, a file that is not such a
zip: too big, an entry too many or missing, an entry whose name tries a path (``../x``,
``a/b``), an entry twice, a hash that does not match, a manifest or ``games.json`` of another
version. Its JSON is read within what the service can represent (``games.bonken.sunmar.jsontext``)
and its times within their range (``games.bonken.sunmar.times``): a file that breaks either is
refused as a whole, naming the entry and the problem. Nothing is ever extracted to disk.
``reread_backup`` checks a backup kept in the database again, the same way. Pure: no Django.
"""

from __future__ import annotations

import hashlib
import io
import lzma
import re
import zipfile
import zlib
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from games.bonken.sunmar.jsontext import load_json
from games.bonken.sunmar.problems import BackupRefused, Problem, refuse
from games.bonken.sunmar.times import RANGE, in_range, parse_local_time, parse_offset

MAX_FILE_BYTES = 10 * 1024 * 1024  # the app's own limits
MAX_ENTRIES = 3
MAX_UNCOMPRESSED_BYTES = 10 * 1024 * 1024
MANIFEST = "manifest.json"
STREAMS = ("games", "settings")
BACKUP_VERSION = 1
GAMES_VERSION = 11
SHA256 = re.compile(r"[0-9a-f]{64}")
GAME_TIMES = ("createdAt", "updatedAt", "scoredAt")


@dataclass(frozen=True, slots=True)
class Backup:
    """A backup whose envelope checked out: its manifest and the ``games.json`` data."""

    manifest: dict[str, Any]
    games: dict[str, Any]

    @property
    def utc_offset(self) -> timedelta:
        offset = parse_offset(self.manifest["utcOffset"])
        if offset is None:  # a Backup is made of checked values only
            raise ValueError(self.manifest["utcOffset"])
        return offset


def read_backup(data: bytes) -> Backup:
    """The backup in ``data`` (the file's bytes), or BackupRefused saying what is wrong."""
    if len(data) > MAX_FILE_BYTES:
        raise refuse(
            "file_too_large", "The file is larger than 10 MB.", "Het bestand is groter dan 10 MB."
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, NotImplementedError, OSError, EOFError) as exc:
        raise refuse(  # damaged: no directory, offsets out of the file, an unknown zip version
            "not_a_zip",
            "The file is not a backup of the Bonken app (not a zip file).",
            "Het bestand is geen back-up van de Bonken-app (geen zipbestand).",
        ) from exc
    with archive:
        entries = _entries(archive)
        manifest = _manifest(_read(archive, entries, MANIFEST))
        _check_entry_set(entries, manifest["contains"])
        texts = {
            stream: _read(archive, entries, f"{stream}.json") for stream in manifest["contains"]
        }
    _check_hashes(manifest, texts)
    if "games" not in texts:
        raise refuse(
            "no_games",
            "The backup holds no games (its manifest lists no 'games').",
            "De back-up bevat geen spellen (het manifest noemt geen 'games').",
            MANIFEST,
        )
    return Backup(manifest=manifest, games=_games(load_json(texts["games"], "games.json")))


def reread_backup(manifest: bytes, games: bytes) -> Backup:
    """A backup kept since its upload, read again from the text of its manifest and games with
    every check but the hashes (the text the database gives back is not the file's)."""
    checked = _manifest(manifest)
    if "games" not in checked["contains"]:
        raise refuse(
            "no_games",
            "The backup holds no games (its manifest lists no 'games').",
            "De back-up bevat geen spellen (het manifest noemt geen 'games').",
            MANIFEST,
        )
    return Backup(manifest=checked, games=_games(load_json(games, "games.json")))


def _entries(archive: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    problems: list[Problem] = []
    infos = archive.infolist()
    found: dict[str, zipfile.ZipInfo] = {}
    for info in infos:
        name = info.filename
        if "/" in name or "\\" in name or ".." in name or ":" in name or name.startswith("."):
            problems.append(
                Problem(
                    "entry_path",
                    f"The zip holds an entry with a path, '{name[:80]}': a backup "
                    "holds plain files only.",
                    f"De zip bevat een onderdeel met een pad, '{name[:80]}': een back-up bevat "
                    "alleen losse bestanden.",
                    name[:80],
                )
            )
        elif name in found:
            problems.append(
                Problem(
                    "entry_twice",
                    f"The zip holds '{name}' twice.",
                    f"De zip bevat '{name}' twee keer.",
                    name,
                )
            )
        elif info.flag_bits & 0x1:
            problems.append(
                Problem(
                    "entry_encrypted", f"'{name}' is encrypted.", f"'{name}' is versleuteld.", name
                )
            )
        found.setdefault(name, info)
    if sum(info.file_size for info in infos) > MAX_UNCOMPRESSED_BYTES:
        problems.append(
            Problem(
                "too_large_unpacked",
                "Unpacked, the backup is larger than 10 MB.",
                "Uitgepakt is de back-up groter dan 10 MB.",
            )
        )
    if problems:
        raise BackupRefused(problems)
    if MANIFEST not in found:
        raise refuse(
            "manifest_missing",
            "The zip holds no manifest.json.",
            "De zip bevat geen manifest.json.",
            MANIFEST,
        )
    return found


def _read(archive: zipfile.ZipFile, entries: dict[str, zipfile.ZipInfo], name: str) -> bytes:
    """An entry's bytes, read at most up to the limit (the sizes in a zip's directory can lie)."""
    try:
        with archive.open(entries[name]) as stream:
            data = stream.read(MAX_UNCOMPRESSED_BYTES + 1)
    except (
        zipfile.BadZipFile,
        OSError,
        RuntimeError,
        NotImplementedError,
        EOFError,
        ValueError,  # an entry's offset before the start of the file
        zlib.error,  # damaged compressed data
        lzma.LZMAError,
    ) as exc:
        raise refuse(
            "entry_unreadable",
            f"'{name}' cannot be read from the zip.",
            f"'{name}' kan niet uit de zip worden gelezen.",
            name,
        ) from exc
    if len(data) > MAX_UNCOMPRESSED_BYTES:
        raise refuse(
            "too_large_unpacked",
            "Unpacked, the backup is larger than 10 MB.",
            "Uitgepakt is de back-up groter dan 10 MB.",
            name,
        )
    return data


def _manifest(data: bytes) -> dict[str, Any]:
    """The manifest, refused with every problem of its fields (its hashes once the rest is
    right)."""
    manifest = _versioned_manifest(data)
    problems = _field_problems(manifest) or _hash_problems(manifest)
    if problems:
        raise BackupRefused(problems)
    return manifest


def _versioned_manifest(data: bytes) -> dict[str, Any]:
    """The manifest as an object of a version this service reads (refused at once if not)."""
    manifest = load_json(data, MANIFEST)
    if not isinstance(manifest, dict):
        raise refuse(
            "manifest_type",
            "manifest.json is not an object.",
            "manifest.json is geen object.",
            MANIFEST,
        )
    version = manifest.get("version")
    if type(version) is not int or version < 1:
        raise refuse(
            "manifest_version",
            "manifest.json has no valid 'version'.",
            "manifest.json heeft geen geldige 'version'.",
            "version",
        )
    if version > BACKUP_VERSION:
        raise refuse(
            "backup_too_new",
            f"The backup was made by a newer app (backup version "
            f"{version}); this service reads version {BACKUP_VERSION}.",
            f"De back-up is gemaakt door een nieuwere app (back-upversie {version}); "
            f"deze dienst leest versie {BACKUP_VERSION}.",
            "version",
        )
    return manifest


def _field_problems(manifest: dict[str, Any]) -> list[Problem]:
    """What is wrong with the manifest's time, offset and list of streams."""
    problems: list[Problem] = []
    exported = parse_local_time(manifest.get("exportedAt"))
    if exported is None or not in_range(exported):
        problems.append(
            Problem(
                "manifest_field",
                f"manifest.json has no 'exportedAt' time (a local time within {RANGE}).",
                f"manifest.json heeft geen tijd 'exportedAt' (een lokale tijd binnen {RANGE}).",
                "exportedAt",
            )
        )
    if parse_offset(manifest.get("utcOffset")) is None:
        problems.append(
            Problem(
                "manifest_field",
                "manifest.json has no valid 'utcOffset' (like +01:00, from -14:00 to +14:00).",
                "manifest.json heeft geen geldige 'utcOffset' (zoals +01:00, van -14:00 tot "
                "+14:00).",
                "utcOffset",
            )
        )
    contains = manifest.get("contains")
    if (
        not isinstance(contains, list)
        or not contains
        or any(not isinstance(s, str) or s not in STREAMS for s in contains)
        or len(set(contains)) != len(contains)
    ):
        problems.append(
            Problem(
                "manifest_field",
                "manifest.json's 'contains' must list 'games' and/or 'settings', each once.",
                "'contains' in manifest.json moet 'games' en/of 'settings' noemen, elk één keer.",
                "contains",
            )
        )
    return problems


def _hash_problems(manifest: dict[str, Any]) -> list[Problem]:
    """What is wrong with the manifest's hashes: one per stream it contains, each a SHA-256."""
    hashes = manifest.get("hashes")
    if not (isinstance(hashes, dict) and set(hashes) == set(manifest.get("contains") or [])):
        return [
            Problem(
                "manifest_field",
                "manifest.json's 'hashes' must give a hash for every stream it "
                "contains, and no other.",
                "'hashes' in manifest.json moet een hash geven voor elk "
                "onderdeel dat het noemt, en geen andere.",
                "hashes",
            )
        ]
    return [
        Problem(
            "manifest_field",
            f"manifest.json's hash of '{stream}' is not a SHA-256 (64 lowercase hex digits).",
            f"De hash van '{stream}' in manifest.json is geen SHA-256 (64 hexadecimale tekens).",
            f"hashes.{stream}",
        )
        for stream, given in hashes.items()
        if not (
            isinstance(given, dict)
            and given.get("algo") == "sha256"
            and isinstance(given.get("hash"), str)
            and SHA256.fullmatch(given["hash"])
        )
    ]


def _check_entry_set(entries: dict[str, zipfile.ZipInfo], contains: list[str]) -> None:
    expected = {MANIFEST} | {f"{stream}.json" for stream in contains}
    problems = [
        Problem(
            "entry_extra",
            f"The zip holds '{name}', which a backup does not have.",
            f"De zip bevat '{name}', dat niet in een back-up hoort.",
            name,
        )
        for name in sorted(set(entries) - expected)
    ] + [
        Problem(
            "entry_missing",
            f"The manifest lists '{name}' but the zip does not hold it.",
            f"Het manifest noemt '{name}' maar de zip bevat het niet.",
            name,
        )
        for name in sorted(expected - set(entries))
    ]
    if len(entries) > MAX_ENTRIES:
        problems.append(
            Problem(
                "too_many_entries",
                f"The zip holds {len(entries)} entries; a backup has at most {MAX_ENTRIES}.",
                f"De zip bevat {len(entries)} onderdelen; een back-up heeft er hoogstens "
                f"{MAX_ENTRIES}.",
            )
        )
    if problems:
        raise BackupRefused(problems)


def _check_hashes(manifest: dict[str, Any], texts: dict[str, bytes]) -> None:
    problems = [
        Problem(
            "hash_mismatch",
            f"'{stream}.json' does not match its SHA-256 in the manifest: "
            "the file was changed or damaged.",
            f"'{stream}.json' klopt niet met zijn "
            "SHA-256 in het manifest: het bestand is gewijzigd of beschadigd.",
            f"{stream}.json",
        )
        for stream, data in texts.items()
        if hashlib.sha256(data).hexdigest() != manifest["hashes"][stream]["hash"]
    ]
    if problems:
        raise BackupRefused(problems)


def _games(games: Any) -> dict[str, Any]:
    if not isinstance(games, dict) or not isinstance(games.get("games"), list):
        raise refuse(
            "games_type",
            "games.json is not an object with a list of games.",
            "games.json is geen object met een lijst spellen.",
            "games.json",
        )
    version = games.get("version")
    if type(version) is not int or version != GAMES_VERSION:
        raise refuse(
            "games_version",
            f"games.json has version {version!r}; this service reads "
            f"version {GAMES_VERSION}. Open the backup in a current app and make a new "
            "one.",
            f"games.json heeft versie {version!r}; deze dienst leest versie "
            f"{GAMES_VERSION}. Open de back-up in een recente app en maak een nieuwe.",
            "games.json",
        )
    problems = _time_problems(games["games"])
    if problems:
        raise BackupRefused(problems)
    return games


def _time_problems(games: list[Any]) -> list[Problem]:
    """A problem for each time of a game that is one but lies outside the range the service
    keeps (a time that is no time at all makes only its game unreadable)."""
    problems = []
    for index, game in enumerate(games, start=1):
        for key in GAME_TIMES if isinstance(game, dict) else ():
            moment = parse_local_time(game.get(key))
            if moment is not None and not in_range(moment):
                problems.append(
                    Problem(
                        "game_time_range",
                        f"games.json: game {index} has {key} {moment.isoformat()}, outside "
                        f"{RANGE}.",
                        f"games.json: spel {index} heeft {key} {moment.isoformat()}, buiten "
                        f"{RANGE}.",
                        f"games[{index}].{key}",
                    )
                )
    return problems[:20]
