"""The league's standings and rating, computed from its member clubs' sessions that count
(``leagues.inputs``) with the arithmetic every club's figures use: the season standings
(``ranking.arithmetic.standings.league_standings``, a club season's counted in nights) and the
ratings (``ranking.arithmetic.ratings.replay`` over the league's sessions in play order, one
pool for the league: players of different clubs compare through the nights they meet).

A computation whose inputs did not change, with no reason noted, writes nothing. Otherwise it
is a new version (``LeagueVersion``) with its reasons: the ones the services noted (a club
that left, a consent withdrawn, a night unmarked, ...), else ``correction`` when a session that
counted changed or went, else ``results``. One computation per league at a time: an advisory
lock and the league's row.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from core.locks import advisory_lock
from games.registry import find_game
from leagues import pending
from leagues.inputs import (
    CountedSession,
    LeagueInputs,
    league_config,
    league_inputs,
    league_player_of,
    numbered,
)
from leagues.models import (
    League,
    LeagueNight,
    LeagueRating,
    LeagueRatingEntry,
    LeagueSeason,
    LeagueStanding,
    LeagueVersion,
)
from ranking.arithmetic.ratings import HistoryEntry, ScoredSession, replay
from ranking.arithmetic.standings import LeagueRules, SeasonRules, league_standings, seat_results
from ranking.ratings.order import played_at

logger = logging.getLogger(__name__)
LEAGUE_LOCK = 0x4C47  # namespace of the per-league advisory lock ("LG")


def leagues_of_club(club_id: int) -> list[int]:
    """The leagues any of whose nights (counted or once counted) were the club's events."""
    return sorted(
        set(LeagueNight.objects.filter(event__club_id=club_id).values_list("league_id", flat=True))
    )


def league_recompute(*, league_id: int, force: str = "") -> LeagueVersion | None:
    """Compute the league again; the new version, or None when nothing changed. ``force``: a
    reason to make a version even so."""
    with transaction.atomic():
        advisory_lock(LEAGUE_LOCK, league_id)
        league = League.objects.select_for_update().filter(pk=league_id).first()
        if league is None:
            return None
        rules = find_game(league.game)
        inputs = league_inputs(league, rules is not None and rules.teams is not None)
        last = LeagueVersion.objects.filter(league=league).order_by("-number").first()
        reasons = list(league.pending)
        if force:
            reasons.append({"reason": force, "detail": ""})
        if last is not None and last.inputs.get("key") == inputs.digest and not reasons:
            return None
        if not reasons:
            reasons = [{"reason": _seen_change(last, inputs), "detail": ""}]
        version = LeagueVersion.objects.create(
            league=league,
            number=(last.number + 1) if last else 1,
            reason=reasons[-1]["reason"],  # the latest; all in inputs
            detail="; ".join(r["detail"] for r in reasons if r["detail"])[:200],
            computed_at=timezone.now(),
            sessions=len(inputs.sessions),
            nights=len(inputs.nights),
            inputs={
                "key": inputs.digest,
                "sessions": {str(s.session_id): s.revision for s in inputs.sessions},
                "reasons": sorted({r["reason"] for r in reasons}),
            },
        )
        _write(league, version, inputs)
        League.objects.filter(pk=league.pk).update(pending=[])
        return version


def _seen_change(last: LeagueVersion | None, inputs: LeagueInputs) -> str:
    """``correction`` when a session that counted changed or no longer counts, else
    ``results``."""
    if last is None:
        return pending.RESULTS
    before: dict[str, int] = last.inputs.get("sessions", {})
    now = {str(s.session_id): s.revision for s in inputs.sessions}
    if any(now.get(sid) != revision for sid, revision in before.items()):
        return pending.CORRECTION
    return pending.RESULTS


def _write(league: League, version: LeagueVersion, inputs: LeagueInputs) -> None:
    LeagueStanding.objects.filter(season__league=league).delete()
    LeagueRating.objects.filter(league=league).delete()
    LeagueRatingEntry.objects.filter(league=league).delete()
    _write_ratings(league, version, inputs.sessions)
    for season in LeagueSeason.objects.filter(league=league):
        _write_standings(version, season, inputs.sessions)


def rated(sessions: list[CountedSession]) -> list[tuple[CountedSession, ScoredSession]]:
    """The sessions as the rating engine takes them; one that cannot be rated (a person on two
    seats through two linked records, a team game without its teams) is left out, logged."""
    out = []
    for session in sessions:
        try:
            scored = ScoredSession(
                session.session_id,
                played_at(session.played_on),
                session.participants,
                session.totals,
                session.places,
                session.teams,
            )
        except ValueError as error:
            logger.warning("league session %s cannot be rated: %s", session.session_id, error)
            continue
        out.append((session, scored))
    return out


def _write_ratings(league: League, version: LeagueVersion, sessions: list[CountedSession]) -> None:
    pairs = rated(sessions)
    result = replay((scored for _, scored in pairs), league_config(league))
    by_session = {session.session_id: session for session, _ in pairs}
    positions = {session.session_id: n for n, (session, _) in enumerate(pairs, start=1)}
    LeagueRatingEntry.objects.bulk_create(
        (
            _entry(league, version, by_session[int(e.session_id)], positions, e)
            for e in result.history
        ),
        batch_size=2000,
    )
    LeagueRating.objects.bulk_create(
        (
            LeagueRating(
                league=league,
                version=version,
                league_player_id=numbered(str(skill.player_id)),
                mu=skill.mu,
                sigma=skill.sigma,
                ordinal=skill.ordinal,
                sessions_played=skill.sessions_played,
                provisional=skill.provisional,
                last_played_on=skill.last_played_at.date() if skill.last_played_at else None,
            )
            for skill in result.state.players.values()
            if league_player_of(str(skill.player_id)) is not None
        ),
        batch_size=2000,
    )


def _entry(
    league: League,
    version: LeagueVersion,
    session: CountedSession,
    positions: dict[int, int],
    e: HistoryEntry,
) -> LeagueRatingEntry:
    return LeagueRatingEntry(
        league=league,
        version=version,
        session_id=session.session_id,
        event_id=session.event_id,
        club_id=session.club_id,
        league_player_id=league_player_of(str(e.player_id)),
        position=positions[session.session_id],
        seat=e.seat,
        played_on=session.played_on,
        total=e.total,
        place=e.place,
        actual_placement=e.actual_placement,
        expected_placement=e.expected_placement,
        mu_before=e.mu_before,
        sigma_before=e.sigma_before,
        ordinal_before=e.ordinal_before,
        mu_after=e.mu_after,
        sigma_after=e.sigma_after,
        ordinal_after=e.ordinal_after,
        sessions_played=e.sessions_played,
        provisional=e.provisional,
    )


def season_rules(season: LeagueSeason) -> LeagueRules:
    return LeagueRules(
        SeasonRules(
            start=season.start,
            end=season.end,
            rank_by=tuple(season.rank_by),
            best_rounds=season.best_nights,
            points_per_place=tuple(float(p) for p in season.points_per_place),
        ),
        min_nights=season.min_nights,
    )


def _write_standings(
    version: LeagueVersion, season: LeagueSeason, sessions: list[CountedSession]
) -> None:
    results = [
        result
        for session in sessions
        if season.start <= session.played_on <= season.end
        for result in seat_results(
            session_id=session.session_id,
            round_id=session.event_id,
            played_on=session.played_on,
            player_ids=session.participants,
            totals=session.totals,
            ranks=session.places,
        )
        if league_player_of(str(result.player_id)) is not None
    ]
    rows = league_standings(results, season_rules(season))
    LeagueStanding.objects.bulk_create(
        LeagueStanding(
            version=version,
            season=season,
            league_player_id=numbered(str(row.player_id)),
            rank=row.rank,
            tied=row.tied,
            line=line,
            nights=row.rounds,
            sessions=row.sessions,
            total=row.total,
            average=row.average,
            best_nights_total=row.best_rounds_total,
            placement_points=row.placement_points,
            table_wins=row.table_wins,
        )
        for line, row in enumerate(rows, start=1)
    )
