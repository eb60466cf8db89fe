from django.urls import path

from clubs import pages, views
from tournaments.web import organizer

app_name = "clubs"

urlpatterns = [
    path("", views.my_clubs, name="mine"),
    path("<slug:slug>/", pages.club_page, name="club"),
    path("<slug:slug>/events/new/", organizer.event_create, name="event-create"),
]
