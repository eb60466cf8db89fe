"""Public pages (namespace ``public``) and the organizer's pages (namespace ``manage``) of
``tournaments``; ``web.pages.urls`` adds the pages that show sessions to both."""

from django.urls import path

from tournaments.door.views import door
from tournaments.door.views import organizer as door_organizer
from tournaments.events.views import codes, organizer
from tournaments.house_rules.views import house_rules
from tournaments.players.views import players
from tournaments.rounds.views import lifecycle, rounds, substitutes
from tournaments.screen.views import screen
from tournaments.teams.views import teams

manage_patterns = [
    path("clubs/<slug:slug>/events/new/", organizer.event_create, name="event_create"),
    path("clubs/<slug:slug>/rulesets/", house_rules.house_rules, name="house_rules"),
    path("clubs/<slug:slug>/players/", players.club_players, name="club_players"),
    path("events/<int:event_id>/", organizer.event_dashboard, name="event_dashboard"),
    path("events/<int:event_id>/checkin/", organizer.checkin, name="checkin"),
    path("events/<int:event_id>/walk-in/", organizer.walk_in, name="walk_in"),
    path("events/<int:event_id>/codes/", codes.night_codes, name="night_codes"),
    path(
        "events/<int:event_id>/checkin/last-time/",
        organizer.checkin_last_time,
        name="checkin_last_time",
    ),
    path("events/<int:event_id>/door/", door_organizer.door_sign, name="door_sign"),
    path("events/<int:event_id>/door/renew/", door_organizer.door_renew, name="door_renew"),
    path("events/<int:event_id>/door/sign-in/", door_organizer.door_sign_in, name="door_sign_in"),
    path(
        "events/<int:event_id>/door/arrivals/", door_organizer.door_arrivals, name="door_arrivals"
    ),
    path("events/<int:event_id>/door/undo/", door_organizer.door_undo, name="door_undo"),
    path("events/<int:event_id>/teams/", teams.teams_page, name="teams_page"),
    path("events/<int:event_id>/rounds/new/", organizer.seat_round, name="seat_round"),
    path("events/<int:event_id>/publish/", organizer.event_publish, name="event_publish"),
    path(
        "events/<int:event_id>/standings-count/", organizer.standings_count, name="standings_count"
    ),
    path("events/<int:event_id>/close/", lifecycle.event_close, name="event_close"),
    path("events/<int:event_id>/reopen/", lifecycle.event_reopen, name="event_reopen"),
    path("rounds/<int:round_id>/", rounds.round_page, name="round_page"),
    path("rounds/<int:round_id>/swap/", rounds.round_swap, name="round_swap"),
    path("rounds/<int:round_id>/accept/", rounds.round_accept, name="round_accept"),
    path("rounds/<int:round_id>/regenerate/", rounds.round_regenerate, name="round_regenerate"),
    path("rounds/<int:round_id>/close/", lifecycle.round_close, name="round_close"),
    path("rounds/<int:round_id>/reopen/", lifecycle.round_reopen, name="round_reopen"),
    path("rounds/<int:round_id>/timer/", rounds.round_timer, name="round_timer"),
    path("rounds/<int:round_id>/cards/", rounds.table_cards, name="table_cards"),
    path(
        "tables/<int:table_id>/substitute/", substitutes.table_substitute, name="table_substitute"
    ),
]

public_patterns = [
    path("events/<int:event_id>/screen/", screen.screen, name="screen"),
    path("events/<int:event_id>/screen.json", screen.screen_json, name="screen_json"),
    path("door/<str:token>/", door.door_page, name="door_page"),
    path("door/<str:token>/check-in/", door.door_check_in, name="door_check_in"),
    path("door/<str:token>/leaving/", door.door_leaving, name="door_leaving"),
    path("me/", door.me_page, name="me_page"),
    path("me/events/<int:event_id>/leaving/", door.me_leaving, name="me_leaving"),
]
