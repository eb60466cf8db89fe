from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from clubs.views.codes import account
from clubs.views.sign_in import AdminLoginView, LoginView
from config.health import healthz
from games.bonken.imports.urls import import_patterns
from leagues.urls import manage_patterns as league_patterns
from tournaments.events.views.scorers import scorer_patterns
from tournaments.game_plugins import plugin_urlpatterns
from tournaments.urls import manage_patterns
from web.embeds.urls import manage_patterns as embed_patterns
from web.pages.urls import manage_patterns as page_patterns
from week.webhooks.urls import manage_patterns as webhook_patterns

# The admin wears the service's name, in the page's language.
admin.site.site_header = _("Bonken club service: administration")
admin.site.site_title = _("Bonken administration")
admin.site.index_title = _("Clubs, events and results")

# The organizer's pages (namespace ``manage``): tournaments.urls's, the event's scorers and the
# imports of the Bonken app's backups, where a club's embeds may be shown, each installed game's
# own (tournaments.game_plugins), the club's webhooks and the leagues' organizer pages.
manage_urls = (
    [
        *manage_patterns,
        *page_patterns,
        *scorer_patterns,
        *import_patterns,
        *embed_patterns,
        *plugin_urlpatterns("manage"),
        *webhook_patterns,
        *league_patterns,
    ],
    "manage",
)

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    # Before the admin's own: its sign-in counts failed attempts like the site's
    # (clubs.views.sign_in).
    path("admin/login/", AdminLoginView.as_view(), name="admin_login"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("web.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its script as a file: no inline script under the CSP.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("i18n/", include("django.conf.urls.i18n")),
    # Before Django's own: the sign-in form counts failed attempts (clubs.views.sign_in).
    path("accounts/login/", LoginView.as_view(), name="login"),
    # Sign out and change one's password; no password reset by mail (it would be an open,
    # anonymous form that sends mail, and clubs hand out accounts themselves).
    path("accounts/", account, name="account"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"
    ),
    path(
        "accounts/password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("embed/", include("web.embeds.urls")),
    path("share/", include("web.sharing.urls")),
    path("", include("ranking.ratings.urls")),
    path("", include("ranking.stats.urls")),
    path("", include("week.planning.urls")),
    path("clubs/", include("clubs.urls")),
    path("leagues/", include("leagues.urls")),
    path("mail/", include("week.mailings.urls")),
    path("manage/", include(manage_urls)),
    path("", include("results.urls")),
    path("", include("web.pages.urls")),
]

handler400 = "core.view_helpers.bad_request"
handler404 = "core.view_helpers.not_found"
