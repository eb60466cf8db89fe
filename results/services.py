"""Writes of session results. Every path (API, HTML forms, demo data) goes through here.

A write locks the table (then reads its round, its event and the writer's club role, so a
round closed while it waited for the lock is seen), checks who may write, runs the pure rules
engine on the whole document, and saves the session, a new revision, its new games and
per-seat results in one transaction (plain SQL in ``results.store``). Standings and ratings
read complete sessions only: when a write completes or changes a complete session, the
event's results version moves on and Celery tasks enqueued after commit recompute them; a part
added to a session still being played changes neither. A rejected document saves nothing."""

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from clubs.audit import audit
from clubs.selectors import ORGANIZER
from core.errors import Conflict, Named, NotFound, ServiceError, Text, problem
from games.registry import get_game
from games.seam import Game, Outcome
from results import store
from results.document_players import named_players_problems
from results.models import Session
from results.rows import replace_rows
from results.writers import Actor, check_writable, require_session_writer
from tournaments import announce
from tournaments.game_plugins import game_plugin
from tournaments.house_rules.services import event_ruleset
from tournaments.models import Event, Table
from tournaments.tasks import enqueue_evening, enqueue_ratings, enqueue_standings

TableRef = Table | int  # a table, or its id: the write reads it again under its lock anyway


class SessionRejected(ServiceError):
    """The rules engine refused the document; ``errors`` are the engine's problems."""


def session_submit(
    *,
    table: TableRef,
    submitted_by: Actor,
    document: Any,
    expected_revision: int | None = None,
    reason: str = "",
    table_token: str | None = None,
) -> Session:
    """Save a table's whole session document (new, in progress, complete or corrected)."""
    return _session_write(
        table=table,
        actor=submitted_by,
        change=lambda _current, _game: document,
        expected_revision=expected_revision,
        reason=reason,
        table_token=table_token,
        correction=True,
    )


def document_with_part(
    current: dict[str, Any] | None,
    part: Any,
    *,
    key: str,
    opening: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A session's document with ``part`` added to its ``key`` list: what
    :func:`session_append_part` stores, and what a table page previews before saving. The first
    part, when ``opening`` is given, starts the document afresh from it."""
    parts = current.get(key) if current else None
    stored = parts if isinstance(parts, list) else []
    if not stored and opening is not None:
        return {**opening, key: [part]}
    # Shallow copies: stored parts are never changed in place, only new lists are built.
    return {**(current or {}), key: [*stored, part]}


def session_append_part(
    *,
    table: TableRef,
    submitted_by: Actor,
    part: Any,
    opening: dict[str, Any] | None = None,
    expected_revision: int | None = None,
    table_token: str | None = None,
) -> Session:
    """Add the next part (a Bonken game, a Jonkler round, a Bonanza hand: the game's
    ``parts_key`` list) to a table's session while the table plays: every game's table page
    saves its parts here. ``opening``: what the game's document records once, with its first
    part (Jonkler's and Bonanza's first dealer); the first part, when it brings one, starts the
    document afresh from it, and every later part is appended to the stored one."""

    def change(current: dict[str, Any] | None, game: Game) -> dict[str, Any]:
        return document_with_part(current, part, key=_parts_key(game), opening=opening)

    return _session_write(
        table=table,
        actor=submitted_by,
        change=change,
        expected_revision=expected_revision,
        table_token=table_token,
    )


def session_undo_last_part(
    *,
    table: TableRef,
    submitted_by: Actor,
    expected_revision: int | None = None,
    table_token: str | None = None,
) -> Session:
    """Take back the last part entered (a new revision; the old one stays in the history)."""

    def change(current: dict[str, Any] | None, game: Game) -> dict[str, Any]:
        key = _parts_key(game)
        if not current or not isinstance(current.get(key), list) or not current[key]:
            raise ServiceError.single("no_game_to_undo", _("There is nothing to undo."))
        return {**current, key: current[key][:-1]}

    return _session_write(
        table=table,
        actor=submitted_by,
        change=change,
        expected_revision=expected_revision,
        reason="undo last part",
        table_token=table_token,
    )


def _parts_key(game: Game) -> str:
    if game.parts_key is None:
        raise ServiceError.single(
            "whole_document_only",
            Text(
                _("A session of %(game)s is entered as a whole document, not part by part."),
                game=Named(game),
            ),
        )
    return game.parts_key


def _session_write(
    *,
    table: TableRef,
    actor: Actor,
    change: Callable[[dict[str, Any] | None, Game], Any],
    expected_revision: int | None,
    reason: str = "",
    table_token: str | None = None,
    correction: bool = False,
) -> Session:
    """``correction``: a whole document, which an organizer may write with a reason even
    in a closed round (parts are entered while the round is played)."""
    table_id = table if isinstance(table, int) else table.pk
    try:
        with transaction.atomic():
            user = _user_or_none(actor)
            found = store.table_lock(table_id, user_id=user.pk if user else None)
            if found is None:
                raise NotFound.single(
                    "table_not_found",
                    Text(_("There is no table %(table)s."), table=table_id),
                )
            locked = found.table
            require_session_writer(locked, actor, table_token, actor_role=found.actor_role)
            return _write_locked(
                locked,
                actor,
                change,
                expected_revision,
                reason,
                organizer=correction and found.actor_role in ORGANIZER,
            )
    except IntegrityError as exc:  # a concurrent first submission for the same table won
        raise Conflict.single(
            "concurrent_update",
            _("Another submission for this table was saved at the same moment; reload and retry."),
        ) from exc


def _write_locked(
    table: Table,
    actor: Actor,
    change: Callable[[dict[str, Any] | None, Game], Any],
    expected_revision: int | None,
    reason: str,
    *,
    organizer: bool = False,
) -> Session:
    """The session write once the table is locked: check, score, save, record, recompute."""
    event = table.round.event
    # Read after the lock, never joined into the locking statement: PostgreSQL would recheck
    # the locked table row only, and miss a session a concurrent first write just committed.
    session = store.table_session(table.pk)
    was_complete = bool(session and session.complete)
    check_writable(table, session, expected_revision, reason, organizer=organizer)
    game = get_game(event.game)
    seats = _seated_players(table, game)
    names = [s.player.name for s in seats]
    house = event_ruleset(event.club_id, game.code, event.ruleset)
    previous = game.score(session.document, names=names, ruleset=house) if session else None
    previous_parts = previous.parts() if previous is not None and previous.valid else []
    document = change(session.document if session else None, game)
    named = named_players_problems(  # points go by seat: a list of the players must fit it
        document,
        game,
        table_number=table.number,
        seats=seats,
        stored=session.document if session else None,
    )
    if named:
        raise SessionRejected(named)
    document = _table_document(table, game, document, names)
    result = game.score(document, names=names, ruleset=house)
    if not result.valid:
        raise SessionRejected([_error_dict(e) for e in result.errors])
    if session is not None and session.document == document:
        session.created_now = False
        return session  # the same document again: nothing changed, nothing to record

    created = session is None
    session = _save_session(table, session, document, result, actor, reason)
    # A changed complete session is asked to be signed again (results.signoff.services).
    cleared = store.signatures_clear(session.pk) if was_complete else 0
    session.table = table
    session.created_now = created  # the API answers 201 for a new session, 200 for a change
    replace_rows(session, result, seats, previous_parts, event.substitute_counts)
    audit(
        actor,
        "session.save",
        session,
        club_id=event.club_id,
        label="table link" if not _user_or_none(actor) else "",
        revision=session.revision,
        complete=result.complete,
        reason=reason[:200],
        **({"signatures_cleared": cleared} if was_complete else {}),
    )
    if result.complete or was_complete:  # standings and ratings read complete sessions only
        announce.result_saved(  # told before the standings it changes
            table,
            [seat.player for seat in seats],
            totals=result.totals,
            placements=result.placements,
            complete=result.complete,
            revision=session.revision,
            corrected=was_complete,
        )
        results_changed(event)
    return session


def results_changed(event: Event) -> None:
    """The event's results moved on: its results version, and after commit its standings and
    its club's ratings are recomputed."""
    Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
    enqueue_standings(event.pk)
    enqueue_ratings(event.club_id)
    if event.status == Event.Status.FINISHED:  # a correction: the evenings go out again
        enqueue_evening(event.pk)


def _seated_players(table: Table, game: Game) -> list[store.SeatedPlayer]:
    """The table's seats, refused unless as many players sit there as the game plays with."""
    seats = store.table_players(table.pk)
    if len(seats) not in game.table_sizes:
        sizes = "/".join(str(size) for size in game.table_sizes)
        raise ServiceError.single(
            "table_not_full",
            Text(
                ngettext_lazy(
                    "Table %(table)s has %(count)s player seated; a session of %(game)s needs "
                    "%(sizes)s.",
                    "Table %(table)s has %(count)s players seated; a session of %(game)s needs "
                    "%(sizes)s.",
                    "count",
                ),
                table=table.number,
                count=len(seats),
                game=Named(game),
                sizes=sizes,
            ),
        )
    return seats


def _table_document(table: Table, game: Game, document: Any, names: list[str]) -> Any:
    """The document with what the service says of the table: its players and ruleset, and on
    a night with a bell the King's table, the bell, and the set and round of the set."""
    document = _with_table(document, game, table.round.event.ruleset, names)
    if isinstance(document, dict):  # the game's night hook (Bonko: king, bell, set, round)
        document = game_plugin(game.code).session_document(table, document)
    return document


def _save_session(
    table: Table,
    session: Session | None,
    document: Any,
    result: Outcome,
    actor: Actor,
    reason: str,
) -> Session:
    """Store the scored document: a new session or its next revision, and the revision row."""
    event = table.round.event
    stored = result.to_dict()
    stats = result.stats()
    if stats:  # the per-seat figures standings may rank by (Bonko's wins and Bonkos)
        stored["stats"] = stats
    now = timezone.now()
    if session is None:
        session = Session.objects.create(
            table=table,
            event=event,
            ruleset=event.ruleset,
            document=document,
            result=stored,
            complete=result.complete,
            revision=1,
            updated_by=_user_or_none(actor),
        )
    else:
        session.document = document
        session.result = stored
        session.complete = result.complete
        session.revision += 1
        session.updated_by = _user_or_none(actor)
        store.session_update(session, updated_at=now)
    store.revision_insert(session, created_by_id=session.updated_by_id, reason=reason[:500], at=now)
    return session


def _with_table(document: Any, game: Game, ruleset: str, names: list[str]) -> Any:
    """The document as stored: the event's ruleset and the table's players filled in (by the
    game, which knows where its documents keep them)."""
    if not isinstance(document, dict):
        return document  # the game reports what is wrong with it
    given = document.get("ruleset")
    if given is not None and given != ruleset:
        raise SessionRejected(
            [
                problem(
                    "ruleset_mismatch",
                    Text(
                        _("This event plays the '%(ruleset)s' rules, not '%(given)s'."),
                        ruleset=ruleset,
                        given=given,
                    ),
                    field="ruleset",
                )
            ]
        )
    return game.table_document(document, ruleset=ruleset, names=names)


def _error_dict(error: Any) -> dict[str, Any]:
    return {
        "code": error.code,
        "message": error.message,
        "message_nl": error.message_nl,
        "game": error.game,
        "field": error.field,
    }


def _user_or_none(actor: Actor) -> User | None:
    return actor if actor is not None and actor.is_authenticated else None
