from django.urls import path

from clubs.views import club, codes, sign_in

app_name = "clubs"

urlpatterns = [
    path("", sign_in.my_clubs, name="my_clubs"),
    path("<slug:slug>/", club.club_page, name="club_page"),
    path("<slug:slug>/players/<int:player_id>/code/", codes.issue_code, name="issue_code"),
]
