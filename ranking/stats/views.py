"""The statistics pages (namespace ``stats``): a player's statistics per game, and a club's
season in a picture. Read-only; they read through ``ranking.stats.selectors`` (as the API does) and
draw their charts with ``ranking.stats.charts`` (the lines with ``ranking.charts.lines``)."""

from __future__ import annotations

from datetime import date
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, Player
from core.errors import Text, problem
from core.parsing import whole_number
from core.view_helpers import dutch, problems
from games.registry import DEFAULT_GAME, find_game
from ranking.charts.lines import line_chart
from ranking.stats import charts, selectors


def game_label(code: str) -> str:
    game = find_game(code)
    if game is None:
        return code
    return game.name_nl if dutch() else game.name


def contract_label(code: str, names: dict[str, tuple[str, str]]) -> str:
    english, dutch_name = names.get(code, (code, code))
    return dutch_name if dutch() else english


def chosen_game(request: HttpRequest, played: list[str], errors: list[dict]) -> str:
    """``?game=`` when it names a game; else the default game when played (or nothing was), else the
    first game played. A name that is no game is a problem on the page."""
    wanted = request.GET.get("game", "").strip()
    if wanted and find_game(wanted) is not None:
        return wanted
    if wanted:
        errors.append(
            problem(
                "invalid_parameter",
                Text(gettext_lazy("'%(game)s' is not a game."), game=wanted),
                field="game",
            )
        )
    return DEFAULT_GAME if DEFAULT_GAME in played or not played else played[0]


def game_links(codes: list[str], game: str, kept: dict[str, object]) -> list[dict]:
    shown = {k: v for k, v in kept.items() if v not in (None, "")}
    return [
        {
            "code": code,
            "name": game_label(code),
            "current": code == game,
            "query": urlencode({**shown, "game": code}),
        }
        for code in codes
    ]


def short_date(day: date) -> str:
    return formats.date_format(day, "j M")


def player_stats_page(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id)
    if not selectors.player_visible(player, request.user):
        raise Http404
    errors: list[dict] = []
    played = selectors.player_games(player.pk, request.user)
    game = chosen_game(request, played, errors)
    stats = selectors.player_stats(player, request.user, game)
    names = selectors.contract_names(game)
    counts = dict(stats.summary.places)
    found = find_game(game)
    last = max([*counts, *(found.table_sizes if found is not None else ())], default=0)
    places_chart = charts.bar_chart(
        [(_("place %(place)s") % {"place": p}, counts.get(p, 0)) for p in range(1, last + 1)]
        if counts
        else [],
        label_width=90,
    )
    form_chart = charts.column_chart(
        [(short_date(e.played_on), e.average or 0.0) for e in stats.evenings]
    )
    contract_chart = charts.bar_chart(
        [(contract_label(line.contract, names), line.average or 0.0) for line in stats.contracts],
        label_width=130,
    )
    return render(
        request,
        "stats/player.html",
        {
            "player": player,
            "stats": stats,
            "game": game,
            "game_name": game_label(game),
            "games": game_links(played if game in played else [*played, game], game, {}),
            "game_figures": [
                {"label": f.name_nl if dutch() else f.name, "total": f.total} for f in stats.figures
            ],
            "contracts": [(line, contract_label(line.contract, names)) for line in stats.contracts],
            "places_chart": places_chart,
            "form_chart": form_chart,
            "contract_chart": contract_chart,
            "errors": problems(errors),
        },
        status=400 if errors else 200,
    )


def season_picture_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    errors: list[dict] = []
    years = selectors.season_years(club, request.user)
    wanted = request.GET.get("year", "").strip()
    year = years[0] if years else None
    if wanted:
        number = whole_number(wanted, maximum=9999)
        if number is not None and number >= 1900:
            year = number
        else:
            errors.append(
                problem(
                    "invalid_parameter",
                    Text(gettext_lazy("'%(year)s' is not a year."), year=wanted),
                    field="year",
                )
            )
    played = selectors.club_games(club, request.user)
    game = chosen_game(request, played, errors)
    context: dict[str, object] = {
        "club": club,
        "year": year,
        "game": game,
        "game_name": game_label(game),
        "games": game_links(played if game in played else [*played, game], game, {"year": year}),
        "years": [
            {"year": y, "current": y == year, "query": urlencode({"year": y, "game": game})}
            for y in years
        ],
        "errors": problems(errors),
    }
    if year is not None:
        events = selectors.season_events(club, request.user, game, year)
        evenings = selectors.sessions_per_evening(events)
        leaders = selectors.rating_leaders(club, game, year)
        names = selectors.contract_names(game)
        contracts = selectors.contracts_played(events) if names else []
        leaders_chart = line_chart(
            [(name, points) for name, _, points in leaders.lines], len(leaders.days)
        )
        context.update(
            {
                "evenings": evenings,
                "sessions": sum(n for _, _, n in evenings),
                "evenings_chart": charts.column_chart(
                    [(short_date(day), n) for day, _, n in evenings]
                ),
                "leaders": leaders,
                "leaders_chart": leaders_chart,
                "leader_lines": list(zip(leaders_chart.series, leaders.lines, strict=False))
                if leaders_chart
                else [],
                "first_day": leaders.days[0] if leaders.days else None,
                "last_day": leaders.days[-1] if leaders.days else None,
                "has_contracts": bool(names),
                "contracts_chart": charts.bar_chart(
                    [(contract_label(code, names), n) for code, n in contracts[:13]],
                    label_width=130,
                ),
            }
        )
    return render(request, "stats/season_picture.html", context, status=400 if errors else 200)
