"""The organizer's event pages: create an event, check players in (walk-ins too), seat the
next round, publish the results and close the event."""

from django.contrib import messages
from django.db.models import Exists, OuterRef
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs.models import Club, Player
from clubs.selectors import ORGANIZER, SCORERS
from clubs.view_helpers import has_role
from core.errors import NotAllowed, ServiceError
from core.refusals import anchored
from core.view_helpers import (
    is_htmx,
    problems,
    refused,
    refused_or_on_form,
    refused_or_told,
)
from games.registry import DEFAULT_GAME, games
from tournaments import provided
from tournaments.door.views.organizer import POLL_SECONDS as DOOR_POLL_SECONDS
from tournaments.door.views.organizer import arrival_rows
from tournaments.events import services
from tournaments.events.forms import CheckInForm, EventForm, WalkInForm, house_choices
from tournaments.events.scorers import event_scorer_rows
from tournaments.events.views.scorer_form import EventScorerForm
from tournaments.models import Event, EventPlayer, Round
from tournaments.models.counted import STANDINGS_COUNT_CHOICES
from tournaments.rounds.forms import SeatRoundForm
from tournaments.rounds.night_sets import label_rounds
from tournaments.rounds.played import put_away_ids
from tournaments.rounds.reseating import seating_results_protected
from tournaments.rounds.services import round_generate
from tournaments.rounds.views import queries

# The check-in lists those who said they are coming first, then the maybes, then the others.
RSVP_ORDER = {"yes": 0, "maybe": 1}


def staff_event(request: HttpRequest, event_id: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=event_id)


def event_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not has_role(request, club.pk, ORGANIZER):
        return refused(request)
    house = house_choices(club.pk)
    wanted = request.GET.get("game")
    initial = {
        "kind": Event.Kind.CLUB_NIGHT,
        "game": wanted if wanted in games() else DEFAULT_GAME,
        "date": timezone.localdate(),  # a club night is most often made on the night
    }
    form = EventForm(request.POST or None, initial=initial, house=house)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(club=club, actor=request.user, **form.cleaned_data)
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(request, _("The event is created. Now check in who is here."))
            return redirect("manage:checkin", event_id=event.pk)
    status = 400 if form.errors else 200
    return render(
        request, "tournaments/event_form.html", {"club": club, "form": form}, status=status
    )


def event_dashboard(
    request: HttpRequest,
    event_id: int,
    scorer_form: EventScorerForm | None = None,
    status: int = 200,
) -> HttpResponse:
    event = staff_event(request, event_id)
    if not has_role(request, event.club_id, SCORERS):
        return refused(request)
    rounds = [(r, queries.round_tables(r)) for r in queries.event_rounds(event)]
    put_away = put_away_ids([r for r, _tables in rounds])
    for round_, _tables in rounds:
        round_.not_played = round_.pk in put_away  # type: ignore[attr-defined]
    playing = event.rounds.filter(status=Round.Status.PLAYING).order_by("number").last()
    planned = event.rounds.filter(status=Round.Status.PLANNED).first()
    label_rounds(event, [r for r, _tables in rounds] + [r for r in (playing, planned) if r])
    entries = EventPlayer.objects.filter(event=event)
    is_organizer = has_role(request, event.club_id, ORGANIZER)
    return render(
        request,
        "tournaments/event_dashboard.html",
        {
            "event": event,
            "rounds": rounds,
            "present": entries.filter(present=True).count(),
            "registered": entries.count(),
            "planned": planned,
            "playing": playing,
            "seat_form": SeatRoundForm(initial={"method": event.seating_method}),
            "is_organizer": is_organizer,
            "standings_choices": STANDINGS_COUNT_CHOICES,
            "scorers": event_scorer_rows(event) if is_organizer else [],
            "scorer_form": (scorer_form or EventScorerForm(event=event)) if is_organizer else None,
        },
        status=status,
    )


def _checkin_rows(event: Event) -> list[tuple[Player, bool]]:
    """The club's members, those who said they are coming to the planned night first (then
    the maybes), each with their answer (``player.rsvp``)."""
    entries = EventPlayer.objects.filter(event=event, player=OuterRef("pk"))
    players = (
        Player.objects.filter(memberships__club_id=event.club_id)
        .annotate(present=Exists(entries.filter(present=True)))
        .order_by("name", "id")
    )
    answers = provided.rsvp_answers(event)
    rows = []
    for player in players:
        player.rsvp = answers.get(player.pk, "")  # type: ignore[attr-defined]
        rows.append((player, player.present))
    return sorted(rows, key=lambda row: RSVP_ORDER.get(row[0].rsvp, 2))  # type: ignore[attr-defined]


def checkin(request: HttpRequest, event_id: int) -> HttpResponse:
    """Who is here tonight: tick players in or out; a walk-in is added on the spot."""
    event = staff_event(request, event_id)
    if not has_role(request, event.club_id, SCORERS):
        return refused(request)
    errors = []
    if request.method == "POST":
        form = CheckInForm(request.POST)
        if form.is_valid():
            player = get_object_or_404(Player, pk=form.cleaned_data["player"])
            try:
                services.entry_set_present(
                    event=event,
                    actor=request.user,
                    player=player,
                    present=form.cleaned_data["present"],
                )
            except ServiceError as exc:
                if exc.status_code == 403:
                    return refused(request, exc)
                errors = anchored(problems(exc.errors), {None: f"checkin-{player.pk}"})
                if is_htmx(request):
                    return _checkin_refused(request, event, player, errors, exc.status_code)
            if is_htmx(request) and not errors:
                present = EventPlayer.objects.filter(
                    event=event, player=player, present=True
                ).exists()
                player.rsvp = provided.rsvp_answers(event).get(  # type: ignore[attr-defined]
                    player.pk, ""
                )
                return render(
                    request,
                    "tournaments/_checkin_row.html",
                    {"event": event, "player": player, "present": present},
                )
            if not errors:
                return redirect("manage:checkin", event_id=event.pk)
    return _checkin_page(request, event, WalkInForm(), errors)


def _checkin_refused(
    request: HttpRequest, event: Event, player: Player, errors: list, status: int
) -> HttpResponse:
    """A tap the service refused, answered to htmx: the summary goes to the top of the page
    (``#checkin-refusal``), the player's row shows the message beside its button."""
    player.rsvp = provided.rsvp_answers(event).get(player.pk, "")  # type: ignore[attr-defined]
    present = EventPlayer.objects.filter(event=event, player=player, present=True).exists()
    response = render(
        request,
        "tournaments/_checkin_refused.html",
        {"event": event, "player": player, "present": present, "errors": errors},
        status=status,
    )
    response["HX-Retarget"] = "#checkin-refusal"
    response["HX-Reswap"] = "innerHTML"
    return response


def _checkin_page(
    request: HttpRequest, event: Event, walk_in: WalkInForm, errors: list
) -> HttpResponse:
    rows = _checkin_rows(event)
    coming = [here for player, here in rows if player.rsvp == "yes"]  # type: ignore[attr-defined]
    return render(
        request,
        "tournaments/checkin.html",
        {
            "event": event,
            "rows": rows,
            "walk_in": walk_in,
            "errors": errors,
            "coming": len(coming),
            "coming_away": coming.count(False),
            "present": sum(1 for _p, here in rows if here),
            "arrivals": arrival_rows(event),
            "door_poll_seconds": DOOR_POLL_SECONDS,
        },
        status=400 if errors or walk_in.errors else 200,
    )


@require_POST
def checkin_last_time(request: HttpRequest, event_id: int) -> HttpResponse:
    event = staff_event(request, event_id)
    try:
        entries = services.entry_check_in_last_time(event=event, actor=request.user)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        messages.success(
            request,
            ngettext(
                "%(n)s more player checked in, as last time.",
                "%(n)s more players checked in, as last time.",
                len(entries),
            )
            % {"n": len(entries)},
        )
    return redirect("manage:checkin", event_id=event.pk)


@require_POST
def walk_in(request: HttpRequest, event_id: int) -> HttpResponse:
    event = staff_event(request, event_id)
    form = WalkInForm(request.POST)
    if has_role(request, event.club_id, SCORERS) and form.check_namesakes(event.club_id):
        try:
            entry = services.event_walk_in(
                event=event, actor=request.user, name=form.cleaned_data["name"]
            )
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(
                request, _("%(name)s is registered and checked in.") % {"name": entry.player.name}
            )
            return redirect("manage:checkin", event_id=event.pk)
    if not has_role(request, event.club_id, SCORERS):
        return refused(request)
    return _checkin_page(request, event, form, [])


@require_POST
def seat_round(request: HttpRequest, event_id: int) -> HttpResponse:
    """Seat the next round as a preview (or seat the planned one again)."""
    event = staff_event(request, event_id)
    form = SeatRoundForm(request.POST)
    method = form.cleaned_data["method"] if form.is_valid() else None
    try:
        with seating_results_protected():
            round_ = round_generate(event=event, actor=request.user, method=method)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
        return redirect("manage:event_dashboard", event_id=event.pk)
    return redirect("manage:round_page", round_id=round_.pk)


@require_POST
def event_publish(request: HttpRequest, event_id: int) -> HttpResponse:
    event = staff_event(request, event_id)
    published = request.POST.get("published", "1") == "1"
    try:
        services.event_publish(event=event, actor=request.user, published=published)
    except ServiceError as exc:
        return refused(request, exc)
    messages.success(
        request, _("The results are public.") if published else _("The results are hidden again.")
    )
    return redirect("manage:event_dashboard", event_id=event.pk)


@require_POST
def standings_count(request: HttpRequest, event_id: int) -> HttpResponse:
    """Whether the standings count complete tables at once or only signed ones."""
    event = staff_event(request, event_id)
    try:
        services.event_update(
            event=event, actor=request.user, standings_count=request.POST.get("standings_count", "")
        )
    except NotAllowed as exc:
        return refused(request, exc)
    except ServiceError as exc:
        for problem in problems(exc.errors):
            messages.error(request, problem["text"])
    else:
        messages.success(request, _("The standings count is saved; they are computed again."))
    return redirect("manage:event_dashboard", event_id=event.pk)
