"""Public pages (namespace ``public``) and the organizer's pages (namespace ``manage``)."""

from django.urls import path

from tournaments.web import (
    bonko_print,
    exports,
    house_rules,
    lifecycle,
    organizer,
    players,
    public,
    rounds,
    screen,
    substitutes,
    teams,
)

app_name = "public"

manage_patterns = [
    path("clubs/<slug:slug>/events/new/", organizer.event_create, name="event-create"),
    path("clubs/<slug:slug>/rulesets/", house_rules.house_rules, name="house-rules"),
    path("clubs/<slug:slug>/players/", players.club_players, name="club-players"),
    path("events/<int:event_id>/", organizer.event_dashboard, name="event"),
    path("events/<int:event_id>/checkin/", organizer.checkin, name="checkin"),
    path("events/<int:event_id>/walk-in/", organizer.walk_in, name="walk-in"),
    path("events/<int:event_id>/checkin/last-time/", organizer.check_in_last_time,
         name="checkin-last-time"),
    path("events/<int:event_id>/teams/", teams.teams_page, name="teams"),
    path("events/<int:event_id>/teams/cards/", bonko_print.score_cards, name="bonko-cards"),
    path("events/<int:event_id>/rounds/new/", organizer.seat_round, name="seat-round"),
    path("events/<int:event_id>/publish/", organizer.publish, name="publish"),
    path("events/<int:event_id>/standings-count/", organizer.standings_count,
         name="standings-count"),
    path("events/<int:event_id>/close/", lifecycle.close_event, name="close"),
    path("events/<int:event_id>/reopen/", lifecycle.reopen_event, name="reopen"),
    path("rounds/<int:round_id>/", rounds.round_page, name="round"),
    path("rounds/<int:round_id>/swap/", rounds.swap, name="swap"),
    path("rounds/<int:round_id>/accept/", rounds.accept, name="accept"),
    path("rounds/<int:round_id>/regenerate/", rounds.regenerate, name="regenerate"),
    path("rounds/<int:round_id>/close/", lifecycle.close_round, name="round-close"),
    path("rounds/<int:round_id>/reopen/", lifecycle.reopen_round, name="round-reopen"),
    path("rounds/<int:round_id>/timer/", rounds.timer, name="round-timer"),
    path("rounds/<int:round_id>/cards/", rounds.table_cards, name="cards"),
    path("tables/<int:table_id>/substitute/", substitutes.substitute, name="substitute"),
    path("rounds/<int:round_id>/sheets/", rounds.score_sheets, name="sheets"),
]

urlpatterns = [
    path("", public.home, name="home"),
    path("events/<int:event_id>/", public.event_standings, name="event-standings"),
    path("events/<int:event_id>/screen/", screen.screen, name="screen"),
    path("events/<int:event_id>/screen.json", screen.screen_json, name="screen-json"),
    path("events/<int:event_id>/standings.csv", exports.standings_csv, name="standings-csv"),
    path("events/<int:event_id>/sessions.csv", exports.sessions_csv, name="sessions-csv"),
    path("events/<int:event_id>/tables/<int:table_id>/", public.table_sheet, name="table-sheet"),
    path("players/<int:player_id>/", public.player_page, name="player"),
]

# Included from config.urls under "manage/" with its own namespace.
manage_urls = (manage_patterns, "manage")
