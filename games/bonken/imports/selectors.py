"""Reads for an import: the upload converted again, and who each app name is in the club.

Terms: an app *name* is a player's name in the app (the app gives a player a new id in every
game, so names are all there is); a *match* is the club member an app name is, or None for a
new player. Names are matched ignoring case, accents and extra spaces (``clubs.names``).

An upload's manifest and games are never loaded as model fields (``UPLOAD_FIELDS`` only):
``stored_backup`` reads their text and checks it again with the reader, so an upload kept
before a check existed (nested too deep for the JSON parser, an offset or a time out of range)
is refused with its reason instead of breaking the page that shows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast
from django.utils.translation import gettext_lazy

from clubs.models import Player
from clubs.names import name_key
from core.errors import ServiceError, problem
from games.bonken.imports.models import ImportedGame, SunmarUpload
from games.bonken.sunmar import Backup, BackupRefused, Conversion, ConvertedGame, convert_backup
from games.bonken.sunmar.reader import reread_backup

STORED_BACKUP = ("manifest", "games")


def uploads() -> QuerySet[SunmarUpload]:
    """Uploads without their manifest and games (read those with ``stored_backup``)."""
    return SunmarUpload.objects.defer(*STORED_BACKUP)


@dataclass(slots=True)
class NameMatch:
    """An app name and the member proposed for it. Exactly one member with the name: that
    member. Several (``ambiguous``) or none: nobody (``player`` None), and the organizer says
    who it is; ``similar`` lists the members to offer first (those carrying the name, or whose
    name begins or ends with it, such as "Bram de Vries" for "Bram")."""

    name: str
    player: Player | None
    ambiguous: bool = False
    similar: list[Player] = field(default_factory=list)

    @property
    def unclear(self) -> bool:
        return self.player is None


@dataclass(slots=True)
class Preview:
    """What confirming the upload would do: the conversion, the games already imported (by
    app id) and the proposed matches."""

    upload: SunmarUpload
    conversion: Conversion
    already: set[str]
    matches: list[NameMatch] = field(default_factory=list)

    def to_import(self, *, include_rejected: bool = True) -> list[ConvertedGame]:
        return [
            game
            for game in self.conversion.games
            if game.document is not None
            and game.app_id not in self.already
            and (include_rejected or not game.rejected)
        ]


def club_members(club_id: int) -> list[Player]:
    return list(Player.objects.filter(memberships__club_id=club_id).order_by("name", "id"))


def propose_matches(club_id: int, names: list[str]) -> list[NameMatch]:
    members: dict[str, list[Player]] = {}
    for player in club_members(club_id):
        members.setdefault(name_key(player.name), []).append(player)
    matches = []
    for name in names:
        key = name_key(name)
        found = members.get(key, [])
        if len(found) == 1:
            matches.append(NameMatch(name, found[0]))
        elif found:
            matches.append(NameMatch(name, None, ambiguous=True, similar=found))
        else:
            matches.append(NameMatch(name, None, similar=_similar(key, members)))
    return matches


def _similar(key: str, members: dict[str, list[Player]]) -> list[Player]:
    """Members whose name begins or ends with the whole app name (a first name, a surname)."""
    return [
        player
        for other, players in sorted(members.items())
        if other.startswith(key + " ") or other.endswith(" " + key)
        for player in players
    ]


def stored_backup(upload: SunmarUpload) -> Backup:
    """The upload's backup, read again from its stored text with the reader's checks; a
    ServiceError saying why if it breaks one."""
    manifest, games = (
        SunmarUpload.objects.filter(pk=upload.pk)
        .values_list(*(Cast(name, TextField()) for name in STORED_BACKUP))
        .get()
    )
    try:
        return reread_backup(manifest.encode(), games.encode())
    except BackupRefused as exc:
        unreadable = problem(
            "upload_unreadable",
            gettext_lazy("This upload cannot be read any more; upload the backup again."),
        )
        raise ServiceError([unreadable, *(p.to_dict() for p in exc.problems)]) from exc


def upload_preview(upload: SunmarUpload) -> Preview:
    conversion = convert_backup(stored_backup(upload))
    app_ids = [game.app_id for game in conversion.games]
    already = set(
        ImportedGame.objects.filter(club_id=upload.club_id, app_game_id__in=app_ids).values_list(
            "app_game_id", flat=True
        )
    )
    preview = Preview(upload, conversion, already)
    names = sorted(
        {name_key(n): n for g in preview.to_import() for n in g.players}.values(), key=str.casefold
    )
    preview.matches = propose_matches(upload.club_id, names)
    return preview
