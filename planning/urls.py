from django.urls import path

from planning import link_pages, pages

app_name = "planning"

urlpatterns = [
    path("clubs/<slug:slug>/nights/", pages.club_nights, name="club-nights"),
    path("clubs/<slug:slug>/nights/links/", pages.club_links, name="club-links"),
    path("clubs/<slug:slug>/nights/calendar/renew/", pages.club_feed_renew, name="club-feed-renew"),
    path("clubs/<slug:slug>/calendar/<str:token>.ics", link_pages.club_feed, name="club-feed"),
    path("nights/<int:night_id>/", pages.night_page, name="night"),
    path("nights/<int:night_id>/answer/", pages.night_answer, name="answer"),
    path("nights/<int:night_id>/open/", pages.night_open, name="open"),
    path("nights/<int:night_id>/cancel/", pages.night_cancel, name="cancel"),
    path(
        "manage/events/<int:event_id>/checkin/coming/", pages.check_in_coming, name="checkin-coming"
    ),
    path("r/<str:token>/", link_pages.link_page, name="link"),
    path("r/<str:token>/nights/<int:night_id>/", link_pages.link_answer, name="link-answer"),
    path("r/<str:token>/renew/", link_pages.link_renew, name="link-renew"),
    path("r/<str:token>/calendar.ics", link_pages.player_feed, name="player-feed"),
]
