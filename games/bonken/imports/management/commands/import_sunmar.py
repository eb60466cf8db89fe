"""Import a backup of the SunMar Bonken app into a club:
``manage.py import_sunmar BACKUP.zip --club ID [--user NAME] [--leave-out-rejected]
[--match "App name=PLAYER_ID"]... [--dry-run]``.

The app's player names are matched with the club's members by name, as the upload page
proposes; a name without a member becomes a new player, unless ``--match`` says who it is
(``--match "Anna=new"`` forces a new player); a name several members carry must be given with
``--match``. ``--dry-run`` shows what would be imported and
stores nothing. The import acts as ``--user`` (an organizer of the club), by default the
club's first organizer with a login.
"""

from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from clubs.models import Club, Membership, Role
from clubs.names import name_key
from core.errors import ServiceError
from core.parsing import whole_number
from games.bonken.imports.selectors import upload_preview
from games.bonken.imports.services import sunmar_import, sunmar_upload


class _DryRun(Exception):
    """Rolls back a dry run."""


class Command(BaseCommand):
    help = "Import a backup of the SunMar Bonken app into a club."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("backup", help="the backup file (.zip) the app made")
        parser.add_argument("--club", type=int, required=True, help="club id")
        parser.add_argument("--user", help="act as this organizer (username)")
        parser.add_argument(
            "--match",
            action="append",
            default=[],
            help='"App name=PLAYER_ID" or "App name=new" (repeatable)',
        )
        parser.add_argument(
            "--leave-out-rejected",
            action="store_true",
            help="leave out games the classic rules reject",
        )
        parser.add_argument("--dry-run", action="store_true", help="show, store nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(pk=options["club"]).first()
        if club is None:
            raise CommandError(f"no club with id {options['club']}")
        actor = self._actor(club, options["user"])
        path = Path(options["backup"])
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from exc
        try:
            with transaction.atomic():
                upload = sunmar_upload(club=club, actor=actor, data=data, file_name=path.name)
                preview = upload_preview(upload)
                matches = {  # a name several members carry is given with --match
                    m.name: (m.player.pk if m.player else None)
                    for m in preview.matches
                    if not m.ambiguous
                }
                matches.update(self._matches(options["match"], matches))
                self._show(preview, matches)
                report = sunmar_import(
                    upload=upload,
                    actor=actor,
                    matches=matches,
                    include_rejected=not options["leave_out_rejected"],
                )
                if options["dry_run"]:
                    raise _DryRun
        except _DryRun:
            self.stdout.write("dry run: nothing stored")
            return
        except ServiceError as exc:
            raise CommandError(
                "\n".join(
                    f"{e['field']}: {e['message']}" if e.get("field") else e["message"]
                    for e in exc.errors
                )
            ) from exc
        for game in report.imported:
            self.stdout.write(
                f"imported {game['app_id']} ({game['name']}) at the "
                f"{game['level']} level: event {game['event']}"
            )
        for app_id in report.already:
            self.stdout.write(f"already imported: {app_id}")
        for app_id in report.left_out:
            self.stdout.write(f"left out (rejected by the rules): {app_id}")
        if report.new_players:
            self.stdout.write(f"new players: {', '.join(report.new_players)}")
        count = len(report.imported)
        self.stdout.write(f"{count} game{'' if count == 1 else 's'} imported")

    def _actor(self, club: Club, username: str | None) -> User:
        if username:
            user = User.objects.filter(username=username).first()
            if user is None:
                raise CommandError(f"no user '{username}'")
            return user
        membership = (
            Membership.objects.filter(club=club, role=Role.ORGANIZER, player__user__isnull=False)
            .select_related("player__user")
            .order_by("id")
            .first()
        )
        if membership is None or membership.player.user is None:
            raise CommandError("the club has no organizer with a login; give --user")
        return membership.player.user

    def _matches(self, given: list[str], proposed: dict[str, int | None]) -> dict[str, int | None]:
        names = {name_key(name): name for name in proposed}
        chosen: dict[str, int | None] = {}
        for item in given:
            name, sep, value = item.rpartition("=")
            number = whole_number(value)
            if not sep or name_key(name) not in names or (value != "new" and number is None):
                raise CommandError(
                    f'--match {item!r}: give "App name=PLAYER_ID" or '
                    f'"App name=new" for one of: {", ".join(proposed)}'
                )
            chosen[names[name_key(name)]] = None if value == "new" else number
        return chosen

    def _show(self, preview: Any, matches: dict[str, int | None]) -> None:
        for skipped in preview.conversion.skipped:
            why = "; ".join(p.message for p in skipped.problems) or (
                f"unfinished ({skipped.rounds} of 12 rounds"
                + (", a pending round" if skipped.pending_round else "")
                + ")"
            )
            self.stdout.write(f"skipped {skipped.app_id} ({skipped.name}): {why}")
        for game in preview.conversion.games:
            for mismatch in game.mismatches:
                self.stdout.write(
                    f"{game.app_id} round {mismatch.round}: the app stored "
                    f"{mismatch.stored}, the rules compute {mismatch.computed}"
                )
            if game.rejected:
                why = "; ".join(
                    (f"round {p.round}: " if p.round else "") + p.message for p in game.problems
                )
                self.stdout.write(f"rejected {game.app_id} ({game.name}): {why}")
        for name, player_id in matches.items():
            self.stdout.write(
                f"{name} -> " + (f"player {player_id}" if player_id else "a new player")
            )
