from django.urls import path

from week.mailings import views

app_name = "mailings"

urlpatterns = [
    path("", views.mine, name="mine"),
    path("p/<str:token>/", views.personal, name="personal"),
    path("r/<str:token>/", views.link_settings, name="link_settings"),
    path("unsubscribe/<str:token>/", views.unsubscribe_page, name="unsubscribe_page"),
]
