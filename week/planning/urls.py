from django.urls import path

from week.planning.views import calendar, links, night, personal_link

app_name = "planning"

urlpatterns = [
    path("clubs/<slug:slug>/nights/", calendar.club_nights, name="club_nights"),
    path("clubs/<slug:slug>/nights/links/", links.club_links, name="club_links"),
    path("clubs/<slug:slug>/nights/links/all/", links.club_links_all, name="club_links_all"),
    path("clubs/<slug:slug>/nights/links/slips/", links.club_link_slips, name="club_link_slips"),
    path(
        "clubs/<slug:slug>/nights/calendar/renew/", calendar.club_feed_renew, name="club_feed_renew"
    ),
    path("clubs/<slug:slug>/calendar/<str:token>.ics", personal_link.club_feed, name="club_feed"),
    path("nights/<int:night_id>/", night.night_page, name="night_page"),
    path("nights/<int:night_id>/answer/", night.night_answer, name="night_answer"),
    path("nights/<int:night_id>/open/", night.night_open, name="night_open"),
    path("nights/<int:night_id>/cancel/", night.night_cancel, name="night_cancel"),
    path(
        "manage/events/<int:event_id>/checkin/coming/",
        night.checkin_coming,
        name="checkin_coming",
    ),
    path("r/<str:token>/", personal_link.link_page, name="link_page"),
    path("r/<str:token>/nights/<int:night_id>/", personal_link.link_answer, name="link_answer"),
    path("r/<str:token>/renew/", personal_link.link_renew, name="link_renew"),
    path("r/<str:token>/calendar.ics", personal_link.player_feed, name="player_feed"),
]
