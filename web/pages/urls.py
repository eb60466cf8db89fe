"""The public pages (namespace ``public``): those that show sessions and ``tournaments``' own;
and the organizer's pages of this app (``manage_patterns``, included by ``config.urls``)."""

from django.urls import path

from tournaments.urls import public_patterns
from web.pages.views import evening, exports, public, sheets

app_name = "public"

manage_patterns = [
    path("rounds/<int:round_id>/sheets/", sheets.score_sheets, name="sheets"),
]

urlpatterns = [
    path("", public.home, name="home"),
    path("events/<int:event_id>/", public.event_standings, name="event-standings"),
    path("t/<str:token>/standings/", public.table_standings, name="table-standings"),
    *public_patterns,
    path("events/<int:event_id>/standings.csv", exports.standings_csv, name="standings-csv"),
    path("events/<int:event_id>/sessions.csv", exports.sessions_csv, name="sessions-csv"),
    path("events/<int:event_id>/tables/<int:table_id>/", public.table_sheet, name="table-sheet"),
    path("events/<int:event_id>/players/<int:player_id>/", evening.evening_page, name="evening"),
    path("players/<int:player_id>/", public.player_page, name="player"),
]
