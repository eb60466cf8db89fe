from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.game_plugins import plugin_urlpatterns
from web.api.access.table_scope import table_routes
from web.api.idempotency import keyed_routes
from web.api.views.accounts.clubs import ClubViewSet, MembershipViewSet, PlayerViewSet
from web.api.views.accounts.embed_origins import EmbedOriginsView
from web.api.views.accounts.tokens import ApiTokenViewSet
from web.api.views.feeds import (
    ClubEventsFeedView,
    ClubNightsFeedView,
    ClubRatingsFeedView,
    EventStandingsFeedView,
)
from web.api.views.league_feeds import (
    LeagueFeedView,
    LeagueNightsFeedView,
    LeagueRatingsFeedView,
    LeagueSeasonStandingsFeedView,
    LeaguesFeedView,
    LeagueStandingsFeedView,
)
from web.api.views.night.door import DoorCheckInView, EventLeavingView
from web.api.views.night.events import (
    EntryViewSet,
    EventScorersView,
    EventScorerView,
    EventViewSet,
    RoundViewSet,
    SeatViewSet,
    TableViewSet,
)
from web.api.views.night.round_timer import RoundTimerView
from web.api.views.night.rounds import (
    EventManualSeatingView,
    EventSeatingView,
    RoundAcceptView,
    RoundCloseView,
    RoundRegenerateView,
    RoundReopenView,
    RoundSwapView,
)
from web.api.views.night.rulesets import ClubRulesetsView
from web.api.views.night.sessions import (
    SessionValidateView,
    SessionViewSet,
    TableSessionGamesView,
    TableSessionUndoView,
    TableSessionView,
)
from web.api.views.night.signoff import DisputeResolveView, TableDisputesView, TableSignaturesView
from web.api.views.night.standings import EventStandingsConfigView
from web.api.views.night.teams import (
    EventTeamSitOutView,
    EventTeamsRandomView,
    EventTeamSubstituteView,
    EventTeamsView,
    EventTeamView,
)
from web.api.views.ranking.ratings import ClubRatingsView, PlayerRatingHistoryView
from web.api.views.ranking.season import ClubSeasonStandingsView
from web.api.views.ranking.stats import PlayerStatsView
from web.api.views.week.calendar_feed import ClubCalendarRenewView, ClubCalendarView
from web.api.views.week.imports import SunmarImportView, SunmarPreviewView, SunmarUploadView
from web.api.views.week.mail_settings import MailSettingsView
from web.api.views.week.personal_links import (
    ClubPersonalLinkRenewView,
    ClubPersonalLinksEveryMemberView,
    ClubPersonalLinksView,
    ClubPersonalLinkView,
)
from web.api.views.week.planning import (
    ClubNightsView,
    EventCheckInComingView,
    LinkAnswerView,
    NightCancelView,
    NightOpenView,
    NightRsvpsView,
    NightView,
)
from web.api.views.week.webhooks import DeliveryResendView, HookViewSet

# No format suffixes (``/events/3.json``): an answer's format is asked for with ``?format=``
# or ``Accept``, and the suffix routes of the extra actions (``.../substitute.json``) would hand
# the actions a keyword they do not take.
router = DefaultRouter()
router.include_format_suffixes = False
router.register("clubs", ClubViewSet, basename="club")
router.register("players", PlayerViewSet, basename="player")
router.register("memberships", MembershipViewSet, basename="membership")
router.register("events", EventViewSet, basename="event")
router.register("entries", EntryViewSet, basename="entry")
router.register("rounds", RoundViewSet, basename="round")
router.register("tables", TableViewSet, basename="table")
router.register("seats", SeatViewSet, basename="seat")
router.register("sessions", SessionViewSet, basename="session")
router.register("tokens", ApiTokenViewSet, basename="token")
router.register("hooks", HookViewSet, basename="hook")

urlpatterns = [
    path(
        "hooks/<int:hook_id>/deliveries/<int:delivery_id>/resend/",
        DeliveryResendView.as_view(),
        name="delivery_resend",
    ),
    path("feeds/clubs/<slug:slug>/events/", ClubEventsFeedView.as_view(), name="club_events_feed"),
    path(
        "feeds/clubs/<slug:slug>/ratings/", ClubRatingsFeedView.as_view(), name="club_ratings_feed"
    ),
    path("feeds/clubs/<slug:slug>/nights/", ClubNightsFeedView.as_view(), name="club_nights_feed"),
    path(
        "feeds/events/<int:event_id>/standings/",
        EventStandingsFeedView.as_view(),
        name="event_standings_feed",
    ),
    path("feeds/leagues/", LeaguesFeedView.as_view(), name="leagues_feed"),
    path("feeds/leagues/<slug:slug>/", LeagueFeedView.as_view(), name="league_feed"),
    path(
        "feeds/leagues/<slug:slug>/standings/",
        LeagueStandingsFeedView.as_view(),
        name="league_standings_feed",
    ),
    path(
        "feeds/leagues/<slug:slug>/seasons/<int:season_id>/standings/",
        LeagueSeasonStandingsFeedView.as_view(),
        name="league_season_standings_feed",
    ),
    path(
        "feeds/leagues/<slug:slug>/ratings/",
        LeagueRatingsFeedView.as_view(),
        name="league_ratings_feed",
    ),
    path(
        "feeds/leagues/<slug:slug>/nights/",
        LeagueNightsFeedView.as_view(),
        name="league_nights_feed",
    ),
    path("sessions/validate/", SessionValidateView.as_view(), name="session_validate"),
    path("tables/<int:table_id>/session/", TableSessionView.as_view(), name="table_session"),
    path(
        "tables/<int:table_id>/session/games/",
        TableSessionGamesView.as_view(),
        name="table_session_games",
    ),
    path(
        "tables/<int:table_id>/session/undo/",
        TableSessionUndoView.as_view(),
        name="table_session_undo",
    ),
    path(
        "tables/<int:table_id>/session/signatures/",
        TableSignaturesView.as_view(),
        name="table_signatures",
    ),
    path(
        "tables/<int:table_id>/session/disputes/",
        TableDisputesView.as_view(),
        name="table_disputes",
    ),
    path(
        "disputes/<int:dispute_id>/resolve/", DisputeResolveView.as_view(), name="dispute_resolve"
    ),
    path("events/<int:event_id>/seating/", EventSeatingView.as_view(), name="event_seating"),
    path(
        "events/<int:event_id>/seating/manual/",
        EventManualSeatingView.as_view(),
        name="event_manual_seating",
    ),
    path("door/<str:token>/check-in/", DoorCheckInView.as_view(), name="door_check_in"),
    path("events/<int:event_id>/leaving/", EventLeavingView.as_view(), name="event_leaving"),
    path("events/<int:event_id>/scorers/", EventScorersView.as_view(), name="event_scorers"),
    path(
        "events/<int:event_id>/scorers/<int:player_id>/",
        EventScorerView.as_view(),
        name="event_scorer",
    ),
    path("rounds/<int:round_id>/accept/", RoundAcceptView.as_view(), name="round_accept"),
    path("rounds/<int:round_id>/close/", RoundCloseView.as_view(), name="round_close"),
    path("rounds/<int:round_id>/reopen/", RoundReopenView.as_view(), name="round_reopen"),
    path("rounds/<int:round_id>/swap/", RoundSwapView.as_view(), name="round_swap"),
    path("rounds/<int:round_id>/timer/", RoundTimerView.as_view(), name="round_timer"),
    path("events/<int:event_id>/teams/", EventTeamsView.as_view(), name="event_teams"),
    path(
        "events/<int:event_id>/teams/random/",
        EventTeamsRandomView.as_view(),
        name="event_teams_random",
    ),
    path(
        "events/<int:event_id>/teams/substitute/",
        EventTeamSubstituteView.as_view(),
        name="event_team_substitute",
    ),
    path(
        "events/<int:event_id>/teams/sit-out/",
        EventTeamSitOutView.as_view(),
        name="event_team_sit_out",
    ),
    path("events/<int:event_id>/teams/<int:team_id>/", EventTeamView.as_view(), name="event_team"),
    path(
        "rounds/<int:round_id>/regenerate/",
        RoundRegenerateView.as_view(),
        name="round_regenerate",
    ),
    path("clubs/<int:club_id>/ratings/", ClubRatingsView.as_view(), name="club_ratings"),
    path("clubs/<int:club_id>/rulesets/", ClubRulesetsView.as_view(), name="club_rulesets"),
    path("clubs/<int:club_id>/imports/sunmar/", SunmarUploadView.as_view(), name="sunmar_upload"),
    path(
        "clubs/<int:club_id>/imports/sunmar/<int:upload_id>/",
        SunmarPreviewView.as_view(),
        name="sunmar_preview",
    ),
    path(
        "clubs/<int:club_id>/imports/sunmar/<int:upload_id>/import/",
        SunmarImportView.as_view(),
        name="sunmar_import",
    ),
    path(
        "clubs/<int:club_id>/season-standings/",
        ClubSeasonStandingsView.as_view(),
        name="club_season_standings",
    ),
    path(
        "players/<int:player_id>/rating-history/",
        PlayerRatingHistoryView.as_view(),
        name="player_rating_history",
    ),
    path("clubs/<int:club_id>/nights/", ClubNightsView.as_view(), name="club_nights"),
    path("nights/<int:night_id>/", NightView.as_view(), name="night"),
    path("nights/<int:night_id>/cancel/", NightCancelView.as_view(), name="night_cancel"),
    path("nights/<int:night_id>/open/", NightOpenView.as_view(), name="night_open"),
    path(
        "events/<int:event_id>/check-in-coming/",
        EventCheckInComingView.as_view(),
        name="event_check_in_coming",
    ),
    path("nights/<int:night_id>/rsvps/", NightRsvpsView.as_view(), name="night_rsvps"),
    path("rsvp/<str:token>/", LinkAnswerView.as_view(), name="link_answer"),
    path(
        "clubs/<int:club_id>/personal-links/",
        ClubPersonalLinksView.as_view(),
        name="club_personal_links",
    ),
    path(
        "clubs/<int:club_id>/personal-links/every-member/",
        ClubPersonalLinksEveryMemberView.as_view(),
        name="club_personal_links_every_member",
    ),
    path(
        "clubs/<int:club_id>/personal-links/<int:player_id>/",
        ClubPersonalLinkView.as_view(),
        name="club_personal_link",
    ),
    path(
        "clubs/<int:club_id>/personal-links/<int:player_id>/renew/",
        ClubPersonalLinkRenewView.as_view(),
        name="club_personal_link_renew",
    ),
    path("players/<int:player_id>/stats/", PlayerStatsView.as_view(), name="player_stats"),
    # Settings that were the pages' only: the club's calendar address, its embeds' origins, a
    # player's e-mail settings with a personal link.
    path("clubs/<int:club_id>/calendar/", ClubCalendarView.as_view(), name="club_calendar"),
    path(
        "clubs/<int:club_id>/calendar/renew/",
        ClubCalendarRenewView.as_view(),
        name="club_calendar_renew",
    ),
    path("clubs/<int:club_id>/embed-origins/", EmbedOriginsView.as_view(), name="embed_origins"),
    path("mail-settings/<str:token>/", MailSettingsView.as_view(), name="mail_settings"),
    path(
        "events/<int:event_id>/standings-config/",
        EventStandingsConfigView.as_view(),
        name="event_standings_config",
    ),
    path("", include(router.urls)),
]
# The API of each installed game (Bonko: a round's bell), tournaments.game_plugins.
urlpatterns += plugin_urlpatterns("api")
# Every endpoint of one table answers who may not see it as a missing table, first
# (web.api.access.table_scope).
table_routes(urlpatterns)
# Every write of the API honours Idempotency-Key, through one mechanism (web.api.idempotency).
keyed_routes(urlpatterns)
