"""Writes of an import of the SunMar Bonken app's backups: the upload, then the import the
organizer confirmed.

``sunmar_upload`` checks the file (``games.bonken.sunmar.read_backup``) and keeps it for its
organizer; ``sunmar_import`` stores its games, once the organizer said who each app name is.
Every game becomes one table's session of the club's "history" event of its evening (one round
per game, in the order they were scored), through the services that own those writes (events,
rounds, tables, seats, sessions), so each keeps its rules, permission check and audit entry.
The event is published and closed, so standings and ratings take the evening in (a later
import of the same evening reopens it, the reason in the audit log, and closes it again: a
finished event takes no new round); ratings
follow the play order, so the club's pool is replayed from the earliest imported evening on.
An app game already imported (by its app id) is never imported again.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from clubs.audit import audit
from clubs.models import Club, Player
from clubs.names import name_key
from clubs.selectors import ORGANIZER, require_role
from clubs.services import player_register
from core.errors import Conflict, NotAllowed, ServiceError, Text, problem
from core.locks import advisory_lock
from core.names import cleaned_name, name_problems
from games.bonken.imports.models import SUNMAR, ImportedEvening, ImportedGame, SunmarUpload
from games.bonken.imports.selectors import Preview, upload_preview, uploads
from games.bonken.sunmar import BackupRefused, ConvertedGame, read_backup
from results.services import session_submit
from tournaments.events import services as events
from tournaments.models import Event, Round
from tournaments.rounds import tables
from tournaments.rounds.lifecycle import event_close, event_reopen, round_close
from tournaments.tasks import enqueue_ratings

Actor = User | AnonymousUser | None
IMPORT_LOCK = 0x534D  # namespace of the per-club advisory lock ("SM")
MAX_ROUNDS = 50  # an event plans at most this many rounds


@dataclass(slots=True)
class ImportReport:
    """What an import did (app ids and names, for the page, the API and the command)."""

    imported: list[dict[str, Any]] = field(default_factory=list)
    already: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    new_players: list[str] = field(default_factory=list)
    events: list[int] = field(default_factory=list)


def sunmar_upload(*, club: Club, actor: Actor, data: bytes, file_name: str = "") -> SunmarUpload:
    """Check a backup and keep it for ``actor`` (an organizer of ``club``) until they confirm
    the import. An organizer's earlier uploads to the club that were never imported go."""
    organizer = require_role(actor, club.pk, ORGANIZER, gettext_lazy("import a backup"))
    file_name = "".join(c for c in file_name[:200] if c.isprintable())  # no NUL, no surrogate
    try:
        backup = read_backup(data)
    except BackupRefused as exc:
        raise ServiceError([p.to_dict() for p in exc.problems]) from exc
    with transaction.atomic():
        uploads().filter(club=club, uploaded_by=organizer, imported_at=None).delete()
        upload = SunmarUpload.objects.create(
            club=club,
            uploaded_by=organizer,
            file_name=file_name,
            sha256=hashlib.sha256(data).hexdigest(),
            manifest=backup.manifest,
            games=backup.games,
        )
        audit(
            actor,
            "sunmar.upload",
            upload,
            club_id=club.pk,
            file=file_name,
            games=len(backup.games["games"]),
        )
    return upload


def sunmar_import(
    *,
    upload: SunmarUpload,
    actor: Actor,
    matches: dict[str, int | None],
    include_rejected: bool = True,
) -> ImportReport:
    """Import the upload's finished games not imported before. ``matches`` gives, per app
    name (any case), the id of the club member it is, or None for a new player; a game the
    rules engine rejected is imported at the level it could keep (``include_rejected``) or
    left out."""
    require_role(actor, upload.club_id, ORGANIZER, gettext_lazy("import a backup"))
    if upload.uploaded_by_id != getattr(actor, "pk", None) and not getattr(
        actor, "is_superuser", False
    ):
        raise NotAllowed.single(
            "not_your_upload",
            gettext_lazy("This upload belongs to another organizer."),
        )
    try:
        with transaction.atomic():
            advisory_lock(IMPORT_LOCK, upload.club_id)
            upload = uploads().select_for_update().get(pk=upload.pk)
            return _import_locked(upload, actor, matches, include_rejected)
    except IntegrityError as exc:  # an import of the same games committed at the same moment
        raise Conflict.single(
            "concurrent_import",
            gettext_lazy("These games were imported at the same moment; reload."),
        ) from exc


def _import_locked(
    upload: SunmarUpload, actor: Actor, matches: dict[str, int | None], include_rejected: bool
) -> ImportReport:
    preview = upload_preview(upload)
    report = ImportReport(already=sorted(preview.already))
    games = preview.to_import(include_rejected=include_rejected)
    report.left_out = [g.app_id for g in preview.to_import() if g not in games]
    players = _players(upload, actor, preview, games, matches, report)
    by_evening: dict[datetime.date, list[ConvertedGame]] = {}
    for game in sorted(games, key=lambda g: g.scored_at):
        by_evening.setdefault(game.evening, []).append(game)
    for evening, evening_games in sorted(by_evening.items()):
        event = _history_event(upload.club, actor, evening, len(evening_games))
        report.events.append(event.pk)
        for game in evening_games:
            session_id = _import_game(
                upload, actor, event, game, [players[name_key(n)] for n in game.players]
            )
            report.imported.append(
                {
                    "app_id": game.app_id,
                    "name": cleaned_name(game.name),
                    "level": game.level,
                    "event": event.pk,
                    "session": session_id,
                }
            )
        events.event_publish(event=event, actor=actor)
        event_close(event=event, actor=actor)
    upload.imported_at = timezone.now()
    upload.save(update_fields=["imported_at"])
    audit(
        actor,
        "sunmar.import",
        upload,
        club_id=upload.club_id,
        imported=[g["app_id"] for g in report.imported],
        already=report.already,
        left_out=report.left_out,
        new_players=report.new_players,
    )
    if report.imported:
        enqueue_ratings(upload.club_id)  # replays the pool from the earliest imported evening
    return report


def _players(
    upload: SunmarUpload,
    actor: Actor,
    preview: Preview,
    games: list[ConvertedGame],
    matches: dict[str, int | None],
    report: ImportReport,
) -> dict[str, Player]:
    """The club member each app name of ``games`` is, new players registered; every problem
    with ``matches`` at once."""
    given = {name_key(name): player_id for name, player_id in matches.items()}
    wanted = {name_key(n): n for game in games for n in game.players}
    members = {
        p.pk: p
        for p in Player.objects.filter(
            memberships__club_id=upload.club_id, pk__in=[i for i in given.values() if i is not None]
        )
    }
    problems = []
    for key, name in sorted(wanted.items()):
        if key not in given:
            problems.append(
                problem(
                    "match_missing",
                    Text(
                        gettext_lazy("Say who '%(name)s' is: a member or a new player."),
                        name=name,
                    ),
                    field=name,
                )
            )
        elif given[key] is not None and given[key] not in members:
            problems.append(
                problem(
                    "match_not_member",
                    Text(
                        gettext_lazy(
                            "'%(name)s' is matched with someone who is not a member of this club."
                        ),
                        name=name,
                    ),
                    field=name,
                )
            )
    for key, name in sorted(wanted.items()):  # a new player's name obeys the rule for names
        if given.get(key, 0) is None:
            problems += name_problems(
                name,
                field=name,
                label=Text(
                    gettext_lazy("The name '%(name)s' in the backup"), name=cleaned_name(name)
                ),
            )
    for game in games:
        chosen = [given.get(name_key(n)) for n in game.players]
        if len({c for c in chosen if c is not None}) < len([c for c in chosen if c is not None]):
            problems.append(
                problem(
                    "match_twice",
                    Text(
                        gettext_lazy(
                            "In game '%(game)s' two app names are matched with the same member."
                        ),
                        game=game.name,
                    ),
                    field=game.app_id,
                )
            )
    if problems:
        raise ServiceError(problems)
    players: dict[str, Player] = {}
    for key, name in sorted(wanted.items()):
        player_id = given[key]
        if player_id is None:
            players[key] = player_register(club=upload.club, name=name, actor=actor)
            report.new_players.append(players[key].name)
        else:
            players[key] = members[player_id]
    return players


def _history_event(club: Club, actor: Actor, evening: datetime.date, games: int) -> Event:
    """The club's history event of ``evening`` (made on the first import of that evening)."""
    known = ImportedEvening.objects.filter(club=club, source=SUNMAR, date=evening).first()
    if known is not None:
        event = Event.objects.get(pk=known.event_id)
        if event.status == Event.Status.FINISHED:  # a finished event takes no new round
            event = event_reopen(
                event=event,
                actor=actor,
                reason="more games of this evening imported from the Bonken app",
            )
        return event
    event = events.event_create(
        club=club,
        actor=actor,
        date=evening,
        game="bonken",
        ruleset="classic",
        name=_("History from the Bonken app, %(date)s") % {"date": evening.isoformat()},
        planned_rounds=min(max(games, 1), MAX_ROUNDS),
    )
    ImportedEvening.objects.create(event=event, club=club, source=SUNMAR, date=evening)
    return event


def _import_game(
    upload: SunmarUpload, actor: Actor, event: Event, game: ConvertedGame, seated: list[Player]
) -> int:
    """One app game as one round of one table: seated in the app's order, its session
    submitted (its seats naming the members they were matched to, by id: an app's name may
    differ from the member's), the round closed."""
    round_ = tables.round_create(event=event, actor=actor)
    table = tables.table_create(round_=round_, actor=actor, number=1)
    for position, player in enumerate(seated):
        tables.seat_create(table=table, actor=actor, position=position, player=player)
    document = {**(game.document or {}), "seats": [player.pk for player in seated]}
    session = session_submit(
        table=table.pk, submitted_by=actor, document=document, reason=_reason(game)
    )
    round_close(round_=Round.objects.get(pk=round_.pk), actor=actor)
    ImportedGame.objects.create(
        club_id=event.club_id,
        source=SUNMAR,
        app_game_id=game.app_id,
        session=session,
        upload=upload,
        name=cleaned_name(game.name)[:100],
        scored_at=game.scored_at,
        level=game.level or "",
        problems=[p.to_dict() for p in game.problems],
        mismatches=[m.to_dict() for m in game.mismatches],
    )
    return session.pk


def _reason(game: ConvertedGame) -> str:
    reason = _("Imported from the Bonken app (game %(name)s).") % {"name": cleaned_name(game.name)}
    if game.rejected:
        dutch = (get_language() or "nl").startswith("nl")
        why = "; ".join(p.message_nl if dutch else p.message for p in game.problems)
        reason += " " + _("Kept at the %(level)s level: %(why)s") % {
            "level": game.level,
            "why": why,
        }
    return reason[:500]
