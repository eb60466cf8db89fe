"""The organizer's import pages: upload a backup of the Bonken app, then see what it holds,
say who each app name is and confirm. The upload stays on the server between the two steps,
for the organizer who sent it only."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy, ngettext

from clubs.models import Club
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import NotAllowed, ServiceError
from core.view_helpers import attach_problems, problems, refused
from games.bonken.imports import services
from games.bonken.imports.forms import BackupForm, MatchForm
from games.bonken.imports.models import ImportedGame
from games.bonken.imports.selectors import club_members, upload_preview, uploads
from games.bonken.sunmar import ConvertedGame, SkippedGame


def sunmar_upload(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not has_role(request, club.pk, ORGANIZER):
        return refused(request)
    form = BackupForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        backup = form.cleaned_data["backup"]
        try:
            upload = services.sunmar_upload(
                club=club, actor=request.user, data=backup.read(), file_name=backup.name or ""
            )
        except ServiceError as exc:
            if isinstance(exc, NotAllowed):
                return refused(request, exc)
            attach_problems(form, problems(exc.errors))
        else:
            return redirect("manage:sunmar_review", slug=club.slug, upload_id=upload.pk)
    imported = [
        (game, LEVELS.get(game.level, game.level))  # with the name of what it was kept as
        for game in ImportedGame.objects.filter(club=club)
        .select_related("session__event")
        .defer("scored_at")  # shown by its evening: a time kept out of range cannot break it
        .order_by("-scored_at")[:50]
    ]
    return render(
        request,
        "imports/upload.html",
        {"club": club, "form": form, "imported": imported},
        status=400 if form.errors else 200,
    )


def sunmar_review(request: HttpRequest, slug: str, upload_id: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not has_role(request, club.pk, ORGANIZER):
        return refused(request)
    upload = get_object_or_404(uploads(), pk=upload_id, club=club, uploaded_by_id=request.user.pk)
    try:
        preview = upload_preview(upload)
    except ServiceError as exc:  # kept before a check it breaks: say why, offer a new upload
        return render(
            request,
            "imports/review.html",
            {"club": club, "upload": upload, "errors": problems(exc.errors), "unreadable": True},
            status=exc.status_code,
        )
    form = MatchForm(request.POST or None, matches=preview.matches, members=club_members(club.pk))
    errors: list[dict] = []
    if request.method == "POST" and form.is_valid():
        try:
            report = services.sunmar_import(
                upload=upload,
                actor=request.user,
                matches=form.chosen(),
                include_rejected=form.cleaned_data["rejected"] == "import",
            )
        except ServiceError as exc:
            if isinstance(exc, NotAllowed):
                return refused(request, exc)
            errors = problems(exc.errors)
        else:
            count = len(report.imported)
            messages.success(
                request,
                ngettext("%(count)s game imported.", "%(count)s games imported.", count)
                % {"count": count},
            )
            return redirect("manage:sunmar_upload", slug=club.slug)
    games = preview.conversion.games
    to_import = [g for g in games if g.app_id not in preview.already and g.document is not None]
    return render(
        request,
        "imports/review.html",
        {
            "club": club,
            "upload": upload,
            "form": form,
            "errors": errors,
            "to_import": _rows(to_import),
            "any_rejected": any(g.rejected for g in to_import),
            "not_importable": _rows(g for g in games if g.document is None),
            "already": _rows(g for g in games if g.app_id in preview.already),
            "skipped": _rows(preview.conversion.skipped),
        },
        status=400 if form.errors or errors else 200,
    )


LEVELS = {
    "counts": gettext_lazy("counts and doubles"),
    "net": gettext_lazy("scores per round, some without their doubles"),
    "totals": gettext_lazy("totals only"),
}


def _rows(games: Iterable[ConvertedGame | SkippedGame]) -> list[dict[str, Any]]:
    """The games as the page shows them: their problems in the page's language."""
    rows = []
    for game in games:
        row = game.to_dict()
        row["problems"] = problems(row["problems"])
        row["level_label"] = LEVELS.get(row.get("level") or "", "")
        rows.append(row)
    return rows
