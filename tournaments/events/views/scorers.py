"""The event's own scorers on the organizer's event page: add a club member (with a login) who
may enter this event's results, or take that back. The forms call the same services as the
API (``tournaments.events.scorers``)."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Player
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.view_helpers import refused, refused_or_on_form, refused_or_told
from tournaments.events.scorers import event_scorer_add, event_scorer_remove
from tournaments.events.views.organizer import event_dashboard
from tournaments.events.views.scorer_form import EventScorerForm
from tournaments.models import Event


def _event(event_id: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=event_id)


@require_POST
def scorer_add(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(event_id)
    if not has_role(request, event.club_id, ORGANIZER):
        return refused(request)
    form = EventScorerForm(request.POST, event=event)
    if form.is_valid():
        player = get_object_or_404(Player, pk=form.cleaned_data["player"])
        try:
            event_scorer_add(event=event, actor=request.user, player=player)
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(
                request, _("%(name)s may now enter this event's results.") % {"name": player.name}
            )
            return redirect("manage:event_dashboard", event_id=event.pk)
    return event_dashboard(request, event.pk, scorer_form=form, status=400)


@require_POST
def scorer_remove(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    event = _event(event_id)
    if not has_role(request, event.club_id, ORGANIZER):
        return refused(request)
    player = get_object_or_404(Player, pk=player_id)
    try:
        event_scorer_remove(event=event, actor=request.user, player=player)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        messages.success(
            request, _("%(name)s no longer enters this event's results.") % {"name": player.name}
        )
    return redirect("manage:event_dashboard", event_id=event.pk)


# Added to the ``manage`` namespace by config.urls.
scorer_patterns = [
    path("events/<int:event_id>/scorers/", scorer_add, name="scorer_add"),
    path(
        "events/<int:event_id>/scorers/<int:player_id>/remove/", scorer_remove, name="scorer_remove"
    ),
]
