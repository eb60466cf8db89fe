from django.urls import path

from clubs import pages, views

app_name = "clubs"

urlpatterns = [
    path("", views.my_clubs, name="mine"),
    path("<slug:slug>/", pages.club_page, name="club"),
]
