from django.urls import path

from week.planning.views import calendar, personal_link

app_name = "planning"

urlpatterns = [
    path("clubs/<slug:slug>/nights/", calendar.club_nights, name="club-nights"),
    path("clubs/<slug:slug>/nights/links/", calendar.club_links, name="club-links"),
    path(
        "clubs/<slug:slug>/nights/calendar/renew/", calendar.club_feed_renew, name="club-feed-renew"
    ),
    path("clubs/<slug:slug>/calendar/<str:token>.ics", personal_link.club_feed, name="club-feed"),
    path("nights/<int:night_id>/", calendar.night_page, name="night"),
    path("nights/<int:night_id>/answer/", calendar.night_answer, name="answer"),
    path("nights/<int:night_id>/open/", calendar.night_open, name="open"),
    path("nights/<int:night_id>/cancel/", calendar.night_cancel, name="cancel"),
    path(
        "manage/events/<int:event_id>/checkin/coming/",
        calendar.check_in_coming,
        name="checkin-coming",
    ),
    path("r/<str:token>/", personal_link.link_page, name="link"),
    path("r/<str:token>/nights/<int:night_id>/", personal_link.link_answer, name="link-answer"),
    path("r/<str:token>/renew/", personal_link.link_renew, name="link-renew"),
    path("r/<str:token>/calendar.ics", personal_link.player_feed, name="player-feed"),
]
