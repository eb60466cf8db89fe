"""The organizer's page of the club's embeds: the origins (the club's own websites) allowed to
show them in an iframe, saved through ``web.embeds.origins.embed_origins_set``, and the code to
paste into the club's site, with the addresses of the public JSON feeds."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club
from core.errors import ServiceError
from core.view_helpers import refused, refused_or_on_form
from web.embeds.origins import MAX_ORIGINS, embed_origins_read, embed_origins_set


class OriginsForm(forms.Form):
    origins = forms.CharField(
        label=gettext_lazy("Websites that may show the club's standings (one origin a line)"),
        help_text=gettext_lazy(
            "For example https://www.our-club.nl: the scheme and the host, "
            "without a path. Empty: no website may embed them."
        ),
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false", "autocapitalize": "none"}),
        required=False,
        max_length=MAX_ORIGINS * 210,
    )


def embed_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    try:
        origins = embed_origins_read(club=club, actor=request.user)
    except ServiceError as exc:
        return refused(request, exc)
    form = OriginsForm(request.POST or None, initial={"origins": "\n".join(origins)})
    if request.method == "POST" and form.is_valid():
        try:
            embed_origins_set(
                club=club, actor=request.user, origins=form.cleaned_data["origins"].splitlines()
            )
        except ServiceError as exc:
            # One box holds every line: a line's problem (``origins[<i>]``) is shown at it.
            for error in exc.errors:
                if str(error.get("field") or "").startswith("origins["):
                    error["field"] = "origins"
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(request, _("The websites that may embed the club's pages are saved."))
            return redirect("manage:embed_settings", slug=club.slug)
    club_url = request.build_absolute_uri(reverse("embeds:club_embed", args=[club.slug]))
    feeds = [
        request.build_absolute_uri(reverse(name, args=[club.slug]))
        for name in ("club_events_feed", "club_ratings_feed", "club_nights_feed")
    ]
    return render(
        request,
        "embeds/settings.html",
        {
            "club": club,
            "form": form,
            "club_url": club_url,
            "feeds": feeds,
            "events_url": request.build_absolute_uri("/embed/events/"),
            "event_feed": request.build_absolute_uri("/api/v1/feeds/events/"),
            "schema_url": reverse("api-docs"),
        },
        status=400 if form.errors else 200,
    )
