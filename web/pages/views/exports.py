"""CSV downloads of an event's standings and sessions, for whoever may see the event.

``?format=excel-nl`` gives the file for a Dutch Excel (semicolons, a byte order mark, Dutch
headings; see ``core.csv_safe``); the Dutch pages link to it. Without it the file is the plain,
comma-separated one with English column names that scripts read."""

from django.http import HttpRequest, HttpResponse
from django.utils.text import slugify

from core.csv_safe import CONTENT_TYPE, EXCEL_NL, CSVFile, attachment
from games.registry import get_game
from tournaments.events.views.visible import visible_event
from tournaments.selectors import stored_standings
from web.pages import queries

STANDINGS_HEADER = ["rank", "tied", "player_id", "player", "total", "sessions", "table_wins"]
PLACES = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
SESSIONS_HEADER = [
    "round",
    "table",
    "seat",
    "player_id",
    "player",
    "total",
    "placement",
    "complete",
    "{parts}",
    "revision",
]


def _export(request: HttpRequest, filename: str) -> tuple[HttpResponse, CSVFile]:
    """The download's response and its CSV file, plain or for Dutch Excel."""
    response = HttpResponse(content_type=CONTENT_TYPE)
    response["Content-Disposition"] = attachment(filename)
    return response, CSVFile(response, excel_nl=request.GET.get("format") == EXCEL_NL)


def standings_csv(request: HttpRequest, event_id: int) -> HttpResponse:
    event = visible_event(request, event_id)
    response, export = _export(request, f"{slugify(event.name) or 'event'}-standings.csv")
    seats = max(get_game(event.game).table_sizes)  # a column per place at the largest table
    export.header([*STANDINGS_HEADER, *PLACES[:seats]])
    for row in stored_standings(event):
        places = (list(row.placements) + [0] * seats)[:seats]
        export.writerow(
            [
                row.rank,
                int(row.tied),
                row.player_id,
                row.player.name,
                row.total,
                row.sessions,
                row.table_wins,
                *places,
            ]
        )
    return response


def sessions_csv(request: HttpRequest, event_id: int) -> HttpResponse:
    event = visible_event(request, event_id)
    response, export = _export(request, f"{slugify(event.name) or 'event'}-sessions.csv")
    parts = get_game(event.game).parts_key or "parts"  # games, rounds, hands
    export.header([parts if name == "{parts}" else name for name in SESSIONS_HEADER])
    for session in queries.event_sessions(event):
        games = len(session.result.get(parts) or [])
        for seat in sorted(session.seat_results.all(), key=lambda s: s.position):
            export.writerow(
                [
                    session.table.round.number,
                    session.table.number,
                    seat.position + 1,
                    seat.player_id,
                    seat.player.name,
                    seat.total,
                    seat.placement if seat.placement is not None else "",
                    int(session.complete),
                    games,
                    session.revision,
                ]
            )
    return response
