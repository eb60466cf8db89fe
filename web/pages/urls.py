"""The public pages (namespace ``public``): those that show sessions and ``tournaments``' own;
and the organizer's pages of this app (``manage_patterns``, included by ``config.urls``)."""

from django.urls import path

from tournaments.urls import public_patterns
from web.pages.views import evening, exports, public, rules, sheets

app_name = "public"

manage_patterns = [
    path("rounds/<int:round_id>/sheets/", sheets.score_sheets, name="score_sheets"),
]

urlpatterns = [
    path("", public.home, name="home"),
    path("events/<int:event_id>/", public.event_standings, name="event_standings"),
    path("t/<str:token>/standings/", public.table_standings, name="table_standings"),
    *public_patterns,
    path("events/<int:event_id>/standings.csv", exports.standings_csv, name="standings_csv"),
    path("events/<int:event_id>/sessions.csv", exports.sessions_csv, name="sessions_csv"),
    path("events/<int:event_id>/tables/<int:table_id>/", public.table_sheet, name="table_sheet"),
    path(
        "events/<int:event_id>/players/<int:player_id>/", evening.evening_page, name="evening_page"
    ),
    path("players/<int:player_id>/", public.player_page, name="player_page"),
    path("games/<str:code>/rules/", rules.game_rules, name="game_rules"),
]
