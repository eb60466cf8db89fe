from django.urls import path

from clubs import code_pages, pages, views

app_name = "clubs"

urlpatterns = [
    path("", views.my_clubs, name="mine"),
    path("<slug:slug>/", pages.club_page, name="club"),
    path("<slug:slug>/players/<int:player_id>/code/", code_pages.issue_code, name="issue-code"),
]
