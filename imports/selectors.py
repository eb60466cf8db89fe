"""Reads for an import: the upload converted again, and who each app name is in the club.

Terms: an app *name* is a player's name in the app (the app gives a player a new id in every
game, so names are all there is); a *match* is the club member an app name is, or None for a
new player. Names are matched case-insensitively, ignoring surrounding spaces.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clubs.models import Player
from imports.models import ImportedGame, SunmarUpload
from sunmar import Backup, Conversion, ConvertedGame, convert_backup


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


@dataclass(slots=True)
class NameMatch:
    """An app name, the member proposed for it (None: a new player) and whether several
    members carry the name (then the organizer picks)."""

    name: str
    player: Player | None
    ambiguous: bool = False


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
        found = members.get(name_key(name), [])
        matches.append(NameMatch(name, found[0] if len(found) == 1 else None, len(found) > 1))
    return matches


def upload_preview(upload: SunmarUpload) -> Preview:
    conversion = convert_backup(Backup(manifest=upload.manifest, games=upload.games))
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
