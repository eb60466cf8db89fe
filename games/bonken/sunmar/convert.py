"""Turn the games of a SunMar backup into Bonken session documents of the ``classic`` ruleset.

Terms:

* **app game**: one game of the app's ``games.json`` (four players, up to twelve rounds); a
  *finished* one has twelve rounds. Unfinished games, and a started but unscored *pending
  round*, are skipped and listed.
* **round**: one contract played, a *game* of the session document (read by
  ``games.bonken.sunmar.rounds``, which maps the app's contracts to the classic ones).
* **stored scores**: what the app saved per round, after doubling. The app does not recompute
  them on load, so they are compared with what the rules engine computes (a *mismatch*).
* **level**: how much of the app game the document keeps (``games.bonken.rules`` reads all three):
  ``counts`` (counts and doubles, the engine computes everything); ``net`` (the rounds the
  engine rejects, for instance a double the classic rules do not allow, keep their scores after
  doubling and lose their doubles); ``totals`` (only the four totals, when the rotation itself
  breaks the classic rules: the app lets players force their choice past its suggestions).
  A game whose level is not ``counts`` is *rejected*: ``problems`` says why.
* **evening**: the play date of an app game: the local date of its ``scoredAt`` six hours
  earlier, so a game finished after midnight belongs to the evening it started.

Pure: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from typing import Any

from games.bonken.rules import score_session
from games.bonken.sunmar.problems import Problem
from games.bonken.sunmar.reader import Backup
from games.bonken.sunmar.rounds import (
    SunmarRound,
    Unreadable,
    names_if_any,
    read_local_time,
    read_players,
    read_round,
    unreadable,
)

RULESET = "classic"
ROUNDS = 12
EVENING_CUTOFF = timedelta(hours=6)


@dataclass(slots=True)
class Mismatch:
    round: int
    stored: list[int]
    computed: list[int]

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "stored": self.stored, "computed": self.computed}


@dataclass(slots=True)
class ConvertedGame:
    """A finished app game, converted. ``document`` is None when not even its totals make a
    valid classic session (``problems`` says why): it cannot be imported."""

    app_id: str
    name: str
    players: list[str]
    scored_at: datetime
    evening: date
    level: str | None
    document: dict[str, Any] | None
    totals: list[int]
    problems: list[Problem] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def rejected(self) -> bool:
        return self.level != "counts"

    def to_dict(self) -> dict[str, Any]:
        return {
            "app_id": self.app_id,
            "name": self.name,
            "players": self.players,
            "scored_at": self.scored_at.isoformat(),
            "evening": self.evening.isoformat(),
            "level": self.level,
            "rejected": self.rejected,
            "totals": self.totals,
            "problems": [p.to_dict() for p in self.problems],
            "mismatches": [m.to_dict() for m in self.mismatches],
        }


@dataclass(slots=True)
class SkippedGame:
    """An app game that is not imported: unfinished (``rounds`` played, a pending round or
    not), or unreadable (``problems``)."""

    app_id: str
    name: str
    players: list[str]
    rounds: int
    pending_round: bool
    problems: list[Problem] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "app_id": self.app_id,
            "name": self.name,
            "players": self.players,
            "rounds": self.rounds,
            "pending_round": self.pending_round,
            "problems": [p.to_dict() for p in self.problems],
        }


@dataclass(slots=True)
class Conversion:
    games: list[ConvertedGame]
    skipped: list[SkippedGame]

    def player_names(self) -> list[str]:
        """Every player name of the importable games, once (case-insensitively), sorted."""
        names: dict[str, str] = {}
        for game in self.games:
            if game.document is not None:
                for name in game.players:
                    names.setdefault(name.casefold(), name)
        return sorted(names.values(), key=str.casefold)

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": [g.to_dict() for g in self.games],
            "skipped": [s.to_dict() for s in self.skipped],
            "players": self.player_names(),
        }


def convert_backup(backup: Backup) -> Conversion:
    """Every app game of the backup, converted or skipped, in the order of the file."""
    zone = timezone(backup.utc_offset)
    conversion = Conversion(games=[], skipped=[])
    seen: set[str] = set()
    for index, raw in enumerate(backup.games["games"], start=1):
        where = f"games[{index}]"
        app_id = raw.get("id") if isinstance(raw, dict) else None
        name = raw.get("gameName") if isinstance(raw, dict) else None
        label = name if isinstance(name, str) and name else f"#{index}"
        try:
            if not isinstance(raw, dict) or not isinstance(app_id, str) or not app_id.strip():
                raise unreadable(where, "has no id", "heeft geen id")
            if app_id in seen or len(app_id) > 64:
                raise unreadable(
                    where,
                    "has an id that is repeated or too long",
                    "heeft een id dat herhaald of te lang is",
                )
            seen.add(app_id)
            ids, names = read_players(raw, where)
            rounds_raw = raw.get("rounds")
            if not isinstance(rounds_raw, list) or len(rounds_raw) > ROUNDS:
                raise unreadable(
                    where,
                    "has no list of at most 12 rounds",
                    "heeft geen lijst van hoogstens 12 rondes",
                )
            if len(rounds_raw) < ROUNDS:  # unfinished (a pending round is never imported)
                conversion.skipped.append(
                    SkippedGame(
                        app_id, label, names, len(rounds_raw), raw.get("pendingRound") is not None
                    )
                )
                continue
            rounds = [
                read_round(r, n, ids, f"{where}.rounds[{n}]")
                for n, r in enumerate(rounds_raw, start=1)
            ]
            scored_at = read_local_time(raw.get("scoredAt"), where).replace(tzinfo=zone)
        except Unreadable as exc:
            conversion.skipped.append(
                SkippedGame(
                    app_id if isinstance(app_id, str) else "",
                    label,
                    names_if_any(raw),
                    0,
                    False,
                    [exc.problem],
                )
            )
            continue
        conversion.games.append(convert_game(app_id, label, names, rounds, scored_at))
    return conversion


def convert_game(
    app_id: str, name: str, players: list[str], rounds: list[SunmarRound], scored_at: datetime
) -> ConvertedGame:
    """One finished app game: at the ``counts`` level if the engine accepts it, else at the
    ``net`` level for the rounds it rejects, else as totals only."""
    evening = (scored_at.replace(tzinfo=None) - EVENING_CUTOFF).date()
    computed = [r.computed() for r in rounds]
    totals = [sum(points[seat] for points in computed) for seat in range(4)]
    converted = ConvertedGame(app_id, name, players, scored_at, evening, None, None, totals)
    document: dict[str, Any] = {
        "game": "bonken",
        "ruleset": RULESET,
        "seats": players,
        "games": [_game(r) for r in rounds],
    }
    result = score_session(document)
    if result.valid:
        computed = [g.points for g in result.games]
        converted.level, converted.document = "counts", document
    else:
        converted.problems = [_engine_problem(e) for e in result.errors]
        wrong = {e.game for e in result.errors if e.game is not None}
        if wrong and all(e.game is not None for e in result.errors):
            net_document = {
                **document,
                "games": [
                    {"contract": r.contract, "chooser": r.chooser, "net": computed[i]}
                    if r.number in wrong
                    else game
                    for i, (r, game) in enumerate(zip(rounds, document["games"], strict=True))
                ],
            }
            if score_session(net_document).valid:
                converted.level, converted.document = "net", net_document
        if converted.document is None:
            totals_document = {
                "game": "bonken",
                "ruleset": RULESET,
                "seats": players,
                "totals": totals,
            }
            totals_result = score_session(totals_document)
            if totals_result.valid:
                converted.level, converted.document = "totals", totals_document
            else:
                converted.problems += [_engine_problem(e) for e in totals_result.errors]
    converted.mismatches = [
        Mismatch(r.number, r.stored, points)
        for r, points in zip(rounds, computed, strict=True)
        if r.stored != points
    ]
    return converted


def _game(r: SunmarRound) -> dict[str, Any]:
    game: dict[str, Any] = {"contract": r.contract, "chooser": r.chooser, "counts": r.counts}
    if r.doubles:
        game["doubles"] = r.doubles
    return game


def _engine_problem(error: Any) -> Problem:
    return Problem(error.code, error.message, error.message_nl, round=error.game)
