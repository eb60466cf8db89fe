"""Writes of a league's seasons: a date range and how it ranks (the criteria of a season's
standings in order, the best N nights, a minimum of nights, points per table place, as many as
the game's largest table has places). Its organizers; every problem of a season at once."""

from datetime import date
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from core.errors import ServiceError, Text, problem
from core.names import normalized, typed_problems
from leagues import pending
from leagues.access import Actor, require_league_organizer
from leagues.models import League, LeagueSeason
from ranking.arithmetic.standings import SEASON_CRITERIA
from tournaments.models.standings_rules import largest_table

MOST_NIGHTS = 1000


def season_problems(
    league: League,
    *,
    name: str,
    start: date | None,
    end: date | None,
    rank_by: list[str],
    best_nights: int | None,
    min_nights: int,
    points_per_place: list[float],
    season: LeagueSeason | None = None,
) -> list[dict[str, Any]]:
    """Every problem of a season's fields at once."""
    problems = typed_problems(LeagueSeason, "name", name)
    if not problems and not normalized(name):
        problems.append(problem("name_required", _("A season needs a name."), field="name"))
    others = LeagueSeason.objects.filter(league=league, name=normalized(name))
    if season is not None:
        others = others.exclude(pk=season.pk)
    if normalized(name) and others.exists():
        problems.append(
            problem(
                "season_exists",
                Text(_("The league already has a season called %(name)s."), name=normalized(name)),
                field="name",
            )
        )
    if start is None:
        problems.append(problem("start_required", _("A season needs a first day."), field="start"))
    if end is None:
        problems.append(problem("end_required", _("A season needs a last day."), field="end"))
    if start is not None and end is not None and start > end:
        problems.append(
            problem("season_reversed", _("The season ends before it starts."), field="end")
        )
    if not rank_by or len(set(rank_by)) != len(rank_by) or set(rank_by) - set(SEASON_CRITERIA):
        problems.append(
            problem(
                "invalid_rank_by",
                Text(
                    _("rank_by takes distinct criteria from: %(known)s."),
                    known=", ".join(SEASON_CRITERIA),
                ),
                field="rank_by",
            )
        )
    if best_nights is not None and not 1 <= best_nights <= MOST_NIGHTS:
        problems.append(_nights_problem("best_nights", 1))
    if not 0 <= min_nights <= MOST_NIGHTS:
        problems.append(_nights_problem("min_nights", 0))
    most = largest_table(league.game)
    if not 1 <= len(points_per_place) <= most or not all(
        isinstance(p, int | float) and abs(p) <= 10_000 for p in points_per_place
    ):
        problems.append(
            problem(
                "invalid_points",
                Text(
                    _(
                        "Give points for 1 to %(most)s table places (a table of this game has at "
                        "most %(most)s places), each at most 10000."
                    ),
                    most=most,
                ),
                field="points_per_place",
            )
        )
    return problems


def _nights_problem(field: str, low: int) -> dict[str, Any]:
    return problem(
        "invalid_parameter",
        Text(
            _("%(name)s must be a whole number from %(low)s to %(highest)s."),
            name=field,
            low=low,
            highest=MOST_NIGHTS,
        ),
        field=field,
    )


@transaction.atomic
def league_season_save(
    *,
    league: League,
    actor: Actor,
    name: str,
    start: date | None,
    end: date | None,
    rank_by: list[str] | None = None,
    best_nights: int | None = None,
    min_nights: int = 0,
    points_per_place: list[float] | None = None,
    season: LeagueSeason | None = None,
) -> LeagueSeason:
    """Add a season to the league, or change ``season``; its standings are computed again."""
    require_league_organizer(actor, league, _("plan seasons"))
    league = pending.locked(league)
    if season is not None and season.league_id != league.pk:
        raise ServiceError.single("not_found", _("This season is not the league's."))
    rank_by = list(rank_by or ["total"])
    points = list(points_per_place or [3.0, 2.0, 1.0, 0.0])
    problems = season_problems(
        league,
        name=name,
        start=start,
        end=end,
        rank_by=rank_by,
        best_nights=best_nights,
        min_nights=min_nights,
        points_per_place=points,
        season=season,
    )
    if problems:
        raise ServiceError(problems)
    assert start is not None and end is not None
    fields = {
        "name": normalized(name),
        "start": start,
        "end": end,
        "rank_by": rank_by,
        "best_nights": best_nights,
        "min_nights": min_nights,
        "points_per_place": [float(p) for p in points],
    }
    if season is None:
        season = LeagueSeason.objects.create(league=league, **fields)
    else:
        for field, value in fields.items():
            setattr(season, field, value)
        season.save()
    shown = {k: str(v) if isinstance(v, date) else v for k, v in fields.items()}
    audit(actor, "league.season", season, league=league.pk, season=shown)
    pending.note(league, pending.RULES, season.name)
    return season
