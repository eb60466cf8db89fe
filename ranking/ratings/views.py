"""Public pages of the ratings: a club's rating list, a player's rating history (chart and
explained sessions) and a club's season standings. They read through the same selectors as
the API, and link to the API's CSV export with the same parameters. The rating pages show one
game's ratings (``?game=``, default Bonken or the club's only rated game) and link to the
club's other rated games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from core.csv_safe import EXCEL_NL
from core.errors import ServiceError, Text, problem
from core.view_helpers import dutch, problems
from games.registry import find_game
from ranking.arithmetic.ratings import Opponent, PlayerId
from ranking.arithmetic.standings import SEASON_CRITERIA
from ranking.ratings.chart import rating_chart
from ranking.ratings.season import club_season_standings, parse_season_params, season_games
from ranking.ratings.selectors import (
    club_ratings,
    player_pools,
    player_rating_history,
    rating_game,
    rating_games,
)

SHOW = {"all": None, "established": False, "provisional": True}
CRITERIA = {
    "total": _("total points"),
    "average": _("average per session"),
    "best_rounds": _("best evenings"),
    "placement_points": _("placement points"),
    "table_wins": _("table wins"),
}


def _date_param(request: HttpRequest, name: str, errors: list[dict]) -> date | None:
    value = request.GET.get(name, "").strip()
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        errors.append(
            problem(
                "invalid_parameter",
                Text(_("'%(value)s' is not a date (YYYY-MM-DD)."), value=value),
                field=name,
            )
        )
        return None


def _csv_url(name: str, pk: int, params: Mapping[str, object]) -> str:
    query = {k: v for k, v in params.items() if v not in (None, "")}
    # A Dutch page links to the file a Dutch Excel opens in columns.
    csv_format = EXCEL_NL if dutch() else "csv"
    return f"{reverse(name, args=[pk])}?{urlencode({**query, 'format': csv_format})}"


def game_label(code: str) -> str:
    """The game's name in the page's language (its code for a game no longer registered)."""
    game = find_game(code)
    if game is None:
        return code
    return game.name_nl if dutch() else game.name


def _game_param(request: HttpRequest, games: list[str], errors: list[dict]) -> str:
    wanted = request.GET.get("game", "").strip()
    if wanted and wanted not in games and find_game(wanted) is None:
        errors.append(
            problem(
                "invalid_parameter", Text(_("'%(game)s' is not a game."), game=wanted), field="game"
            )
        )
        wanted = ""
    return rating_game(games, wanted or None)


def _game_links(games: list[str], game: str, params: dict[str, object]) -> list[dict]:
    """One link per rated game (the current one marked), keeping the other parameters."""
    kept = {k: v for k, v in params.items() if v not in (None, "")}
    return [
        {
            "code": code,
            "name": game_label(code),
            "current": code == game,
            "query": urlencode({**kept, "game": code}),
        }
        for code in games
    ]


def club_ratings_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    errors: list[dict] = []
    show = request.GET.get("show", "all")
    if show not in SHOW:
        show = "all"
    as_of = _date_param(request, "as_of", errors)
    games = rating_games(club.pk)
    game = _game_param(request, games, errors)
    rows = club_ratings(club_id=club.pk, game=game, as_of=as_of, provisional=SHOW[show])
    provisional = {"all": None, "established": "false", "provisional": "true"}[show]
    return render(
        request,
        "ratings/club_ratings.html",
        {
            "club": club,
            "rows": rows,
            "show": show,
            "as_of": as_of,
            "game": game,
            "game_name": game_label(game),
            "games": _game_links(
                games, game, {"show": show if show != "all" else None, "as_of": as_of}
            ),
            "errors": problems(errors),
            "csv_url": _csv_url(
                "club_ratings", club.pk, {"provisional": provisional, "as_of": as_of, "game": game}
            ),
        },
        status=400 if errors else 200,
    )


def player_ratings_page(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id)
    pools = player_pools(player.pk)
    clubs = list(dict((club, name) for club, name, _ in pools).items())
    wanted = request.GET.get("club", "")
    club_id = next(
        (club for club, _ in clubs if str(club) == wanted), clubs[0][0] if clubs else None
    )
    games = [code for club, _, code in pools if club == club_id]
    wanted_game = request.GET.get("game", "").strip()
    game = wanted_game if wanted_game in games else rating_game(games)
    sessions = (
        player_rating_history(player_id=player.pk, club_id=club_id, game=game, viewer=request.user)
        if club_id is not None
        else []
    )
    chart = rating_chart(
        [(s.played_on, s.explanation.rating_after, s.explanation.provisional) for s in sessions]
    )
    rules = find_game(game)
    return render(
        request,
        "ratings/player_ratings.html",
        {
            "player": player,
            "pools": clubs,
            "club_id": club_id,
            "club_name": dict(clubs).get(club_id, "") if club_id is not None else "",
            "game": game,
            "game_name": game_label(game),
            "games": _game_links(games, game, {"club": club_id}),
            "current": sessions[-1].explanation if sessions else None,
            "by_points": any(s.explanation.rated_by == "points" for s in sessions),
            "team_game": rules is not None and rules.teams is not None,
            "sessions": [
                (
                    s,
                    _named(s.opponent_names, s.explanation.partners),
                    _named(s.opponent_names, s.explanation.opponents),
                )
                for s in reversed(sessions)
            ],
            "chart": chart,
            "csv_url": _csv_url(
                "player_rating_history", player.pk, {"club": club_id, "game": game}
            ),
        },
    )


def _named(names: Mapping[PlayerId, str], players: Sequence[Opponent]) -> list[tuple[str, float]]:
    """The players' names with their ratings before the session."""
    return [(names.get(o.player_id, ""), o.rating_before) for o in players]


def season_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A season of one game (``?game=``; Bonken, or the club's only or first game): points of
    different games do not add up."""
    club = get_object_or_404(Club, slug=slug)
    today = date.today()
    given = request.GET
    played = season_games(club.pk, request.user)
    game_errors: list[dict] = []
    game = _game_param(request, played, game_errors)
    form = {
        "start": given.get("start", f"{today.year}-01-01"),
        "end": given.get("end", f"{today.year}-12-31"),
        "min_sessions": given.get("min_sessions", ""),
        "best": given.get("best", ""),
        "rank_by": given.get("rank_by", "total"),
        "then_by": given.get("then_by", ""),
        "points_per_place": given.get("points_per_place", "3,2,1,0"),
    }
    order = [form["rank_by"]] + (
        [form["then_by"]] if form["then_by"] not in ("", form["rank_by"]) else []
    )
    params = {**form, "rank_by": ",".join(order)}
    params.pop("then_by")
    try:
        rules = parse_season_params(params, game)
    except ServiceError as error:
        errors, lines = game_errors + error.errors, []
    else:
        errors = game_errors
        lines = (
            []
            if errors
            else club_season_standings(club_id=club.pk, rules=rules, viewer=request.user, game=game)
        )
    params["game"] = game
    return render(
        request,
        "ratings/season.html",
        {
            "club": club,
            "game": game,
            "game_name": game_label(game),
            "games": _game_links(played, game, {k: v for k, v in params.items() if k != "game"}),
            "form": form,
            "criteria": [(name, CRITERIA[name]) for name in SEASON_CRITERIA],
            "lines": lines,
            "errors": problems(errors),
            "csv_url": _csv_url("club_season_standings", club.pk, params),
        },
        status=400 if errors else 200,
    )
