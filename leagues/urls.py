"""The league's public pages (namespace ``leagues``) and the organizer's (``manage_patterns``,
added to the ``manage`` namespace by config.urls)."""

from django.urls import path

from leagues.views import club, ending, manage, public

app_name = "leagues"

urlpatterns = [
    path("<slug:slug>/", public.league_page, name="league_page"),
    path("<slug:slug>/ratings/", public.league_ratings_page, name="league_ratings_page"),
    path("<slug:slug>/nights/", public.league_nights_page, name="league_nights_page"),
    path(
        "<slug:slug>/nights/<int:event_id>/",
        public.league_night_page,
        name="league_night_page",
    ),
    path(
        "<slug:slug>/players/<int:number>/",
        public.league_player_page,
        name="league_player_page",
    ),
]

manage_patterns = [
    path("leagues/new/", manage.league_create, name="league_create"),
    path("leagues/<slug:slug>/", manage.league_manage, name="league_manage"),
    path(
        "leagues/<slug:slug>/seasons/<int:season_id>/",
        manage.league_season_edit,
        name="league_season_edit",
    ),
    path(
        "leagues/<slug:slug>/clubs/<slug:club_slug>/leave/",
        ending.league_club_end,
        name="league_club_end",
    ),
    path(
        "leagues/<slug:slug>/nights/<int:event_id>/stop/",
        ending.league_night_end,
        name="league_night_end",
    ),
    path("clubs/<slug:slug>/leagues/", club.club_leagues, name="club_leagues"),
    path(
        "clubs/<slug:slug>/leagues/links/<int:link_id>/withdraw/",
        ending.league_link_end,
        name="league_link_end",
    ),
    path("events/<int:event_id>/league/", club.event_league_mark, name="event_league_mark"),
]
