from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from clubs.sign_in import ThrottledLoginView
from config.health import healthz
from config.security import content_security_policy
from tournaments.urls import manage_patterns
from tournaments.web.scorers import scorer_patterns

# The organizer's pages (namespace ``manage``): tournaments.urls's and the event's scorers.
manage_urls = ([*manage_patterns, *scorer_patterns], "manage")

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Its script is a file of its own (no inline script); Swagger UI styles inline.
    path("api/docs/", content_security_policy(settings.CONTENT_SECURITY_POLICY_API_DOCS)(
        SpectacularSwaggerSplitView.as_view(url_name="schema")), name="api-docs"),
    path("i18n/", include("django.conf.urls.i18n")),
    # Before Django's own: the sign-in form counts failed attempts (clubs.sign_in).
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    # Sign out and change one's password; no password reset by mail (it would be an open,
    # anonymous form that sends mail, and clubs hand out accounts themselves).
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password_change/", auth_views.PasswordChangeView.as_view(),
         name="password_change"),
    path("accounts/password_change/done/", auth_views.PasswordChangeDoneView.as_view(),
         name="password_change_done"),
    path("", include("tournaments.ratings_urls")),
    path("clubs/", include("clubs.urls")),
    path("manage/", include(manage_urls)),
    path("", include("games.urls")),
    path("", include("tournaments.urls")),
]
