"""What lets a table's page work without a network: the service worker (served from ``/t/`` so
that its scope covers every table's page) and a web app manifest per table, so a scorer can put
the table on the home screen.

The worker keeps the table pages a phone opened and the site's scripts, styles and icons; the
page's own script (``static/js/offline.js``) keeps the games entered offline and sends them
when the connection returns (``results.views.keyed``).
"""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _

from tournaments.game_plugins import plugins
from tournaments.models import Table

ASSETS = (
    "css/site.css",
    "css/tables.css",
    "vendor/htmx.min.js",
    "js/site.js",
    "js/signed-number.js",
    "js/offline.js",
    "js/offline-games.js",
    "js/offline-words.js",
    "icons/icon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
)
THEME = "#14532d"  # the site's --green (static/css/site.css), as base.html's theme-color
BACKGROUND = "#f6f6f1"  # the site's --paper


def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker script. Never cached itself, so a new version reaches phones at once; its
    cache's name follows its text, so a new version drops the old copies."""
    own = [path for p in plugins().values() for path in (*p.scripts, *p.stylesheets)]
    assets = [static(path) for path in (*ASSETS, *own)]
    text = str(render_to_string("games/offline/sw.js", {"assets": assets}))
    text = text.replace("__VERSION__", hashlib.sha256(text.encode()).hexdigest()[:12])
    response = HttpResponse(text, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache, no-store, must-revalidate"
    response["Service-Worker-Allowed"] = "/t/"
    return response


def manifest(request: HttpRequest, token: str) -> JsonResponse:
    """The table as an app on the home screen: it opens this table's page."""
    table = get_object_or_404(Table.objects.select_related("round__event"), scoring_token=token)
    start = f"/t/{token}/"
    name = _("Table %(n)s – %(event)s") % {"n": table.number, "event": table.round.event.name}
    response = JsonResponse(
        {
            "name": name,
            "short_name": _("Table %(n)s") % {"n": table.number},
            "start_url": start,
            "scope": start,
            "id": start,
            "display": "standalone",
            "theme_color": THEME,
            "background_color": BACKGROUND,
            "lang": request.LANGUAGE_CODE if hasattr(request, "LANGUAGE_CODE") else "nl",
            "icons": [
                {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
                {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
                {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            ],
        },
        json_dumps_params={"ensure_ascii": False},
    )
    response["Content-Type"] = "application/manifest+json"
    return response
