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
    path("clubs/<slug:slug>/events/new/", organizer.event_create, name="event-create"),
    path("clubs/<slug:slug>/rulesets/", house_rules.house_rules, name="house-rules"),
    path("clubs/<slug:slug>/players/", players.club_players, name="club-players"),
    path("events/<int:event_id>/", organizer.event_dashboard, name="event"),
    path("events/<int:event_id>/checkin/", organizer.checkin, name="checkin"),
    path("events/<int:event_id>/walk-in/", organizer.walk_in, name="walk-in"),
    path("events/<int:event_id>/codes/", codes.night_codes, name="night-codes"),
    path(
        "events/<int:event_id>/checkin/last-time/",
        organizer.check_in_last_time,
        name="checkin-last-time",
    ),
    path("events/<int:event_id>/door/", door_organizer.door_sign, name="door-sign"),
    path("events/<int:event_id>/door/renew/", door_organizer.door_renew, name="door-renew"),
    path("events/<int:event_id>/door/sign-in/", door_organizer.door_sign_in, name="door-sign-in"),
    path("events/<int:event_id>/door/arrivals/", door_organizer.arrivals, name="door-arrivals"),
    path("events/<int:event_id>/door/undo/", door_organizer.door_undo, name="door-undo"),
    path("events/<int:event_id>/teams/", teams.teams_page, name="teams"),
    path("events/<int:event_id>/rounds/new/", organizer.seat_round, name="seat-round"),
    path("events/<int:event_id>/publish/", organizer.publish, name="publish"),
    path(
        "events/<int:event_id>/standings-count/", organizer.standings_count, name="standings-count"
    ),
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
]

public_patterns = [
    path("events/<int:event_id>/screen/", screen.screen, name="screen"),
    path("events/<int:event_id>/screen.json", screen.screen_json, name="screen-json"),
    path("door/<str:token>/", door.door_page, name="door"),
    path("door/<str:token>/check-in/", door.door_check_in, name="door-check-in"),
    path("door/<str:token>/leaving/", door.door_leaving, name="door-leaving"),
    path("me/", door.me_page, name="me"),
    path("me/events/<int:event_id>/leaving/", door.me_leaving, name="me-leaving"),
]
