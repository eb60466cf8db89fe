"""Public pages: the home page, an event's standings (refreshing while it runs), a table's
session as a score sheet, and a player's page with sessions and rating history."""

from typing import Any

from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from clubs.models import Club, Player
from clubs.selectors import ORGANIZER, SCORERS
from clubs.view_helpers import has_role
from core.parsing import whole_number
from core.view_helpers import is_htmx, short_names
from ranking.ratings.chart import rating_chart
from ranking.ratings.views import game_label
from results.signoff.selectors import tables_to_sign
from results.views.revisions import corrected_part, correction_of, revision_reason
from tournaments.events.views.visible import game_columns, visible_event
from tournaments.game_plugins import game_plugin
from tournaments.models import Event, Round, StandingsComputation, Table
from tournaments.models.counted import SIGNED
from tournaments.rounds.night_sets import event_sets, label_rounds
from tournaments.rounds.played import put_away_ids
from tournaments.rounds.views import queries
from tournaments.selectors import events_visible_to, stored_standings
from web.pages import fairness, night_standings
from web.pages import queries as session_queries

REFRESH_SECONDS = 15


def home(request: HttpRequest) -> HttpResponse:
    visible = events_visible_to(request.user).order_by("-date", "-id")
    clubs = Club.objects.prefetch_related(Prefetch("events", queryset=visible)).order_by("name")
    return render(request, "tournaments/home.html", {"clubs": clubs})


def event_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = visible_event(request, event_id)
    return standings_page(request, event, reverse("public:event_standings", args=[event.pk]))


def table_standings(request: HttpRequest, token: str) -> HttpResponse:
    """The live standings of the event a table plays in, reached from the table's page: the
    table's link shows its own event's standings even before the event is published (the
    event's other pages stay hidden from the public until then)."""
    table = get_object_or_404(
        Table.objects.select_related("round__event__club"), scoring_token=token
    )
    event = table.round.event
    return standings_page(request, event, reverse("public:table_standings", args=[token]))


def standings_page(request: HttpRequest, event: Event, address: str) -> HttpResponse:
    """An event's standings page (``address``: where it refreshes itself and picks a set)."""
    computation = StandingsComputation.objects.filter(event=event).first()
    shown_set, errors = night_standings.chosen_set(request, event)
    night = list(stored_standings(event))
    standings: list[Any] = (
        night if shown_set is None else night_standings.set_standings(event, shown_set)
    )
    context: dict[str, Any] = {
        "event": event,
        "standings": standings,
        "up_to_date": shown_set is not None
        or (computation is not None and computation.results_version == event.results_version),
        "live": event.status != Event.Status.FINISHED,
        "refresh_seconds": REFRESH_SECONDS,
        "shown_set": shown_set,
        "errors": errors,
        "standings_url": address,
        "public_links": events_visible_to(request.user).filter(pk=event.pk).exists(),
    }
    context.update(game_columns(event, context["standings"]))
    if is_htmx(request):
        return render(request, "tournaments/_standings_table.html", context)
    context["can_manage"] = has_role(request, event.club_id, SCORERS)
    signed_only = event.standings_count == SIGNED
    # Where complete tables count at once, only a dispute is news on the standings page.
    context["to_sign"] = list(
        tables_to_sign(Table.objects.filter(round__event=event), disputed_only=not signed_only)
    )
    context["signed_only"] = signed_only
    # The public sees the rounds that started and how far each table is, not a preview's
    # seating nor the organizer's problem badges; nobody sees a preview the event's close put
    # away (a round that never started).
    rounds = list(queries.event_rounds(event))
    if not context["can_manage"]:
        rounds = [round_ for round_ in rounds if round_.status != Round.Status.PLANNED]
    put_away = put_away_ids(rounds)
    rounds = [round_ for round_ in rounds if round_.pk not in put_away]
    label_rounds(event, rounds)
    context["rounds"] = [(round_, queries.round_tables(round_)) for round_ in rounds]
    context["sets"] = event_sets(event)
    context["prizes"] = night_standings.prizes(event, night)
    per_round = fairness.points_per_round(event)
    context["round_numbers"] = per_round["numbers"]
    numbers, cells = per_round["numbers"], per_round["rows"]
    # Each line's (round number, points) pairs in the rounds' order; none for a player with none.
    context["round_points"] = [
        (
            row,
            list(zip(numbers, cells[row.player_id], strict=True)) if row.player_id in cells else [],
        )
        for row in standings
    ]
    context["tie_breaks"] = fairness.tie_break_words(event)
    context["per_round_title"] = fairness.per_round_title(event)
    context["bye_rule"] = fairness.bye_words(event)
    status = 400 if errors else 200
    return render(request, "tournaments/event_standings.html", context, status=status)


def table_sheet(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    event = visible_event(request, event_id)
    table = get_object_or_404(
        Table.objects.select_related("round").prefetch_related("seats__player"),
        pk=table_id,
        round__event=event,
    )
    players = [s.player for s in sorted(table.seats.all(), key=lambda s: s.position)]
    session = getattr(table, "session", None)
    result = session.result if session is not None else {}
    revisions = (
        list(session.revisions.select_related("created_by").order_by("-number"))
        if session is not None
        else []
    )
    # The revisions are the club's evidence: its scorers and organizers see the list and may
    # open an earlier one; the public sees the current result and whether it was corrected.
    club_view = has_role(request, event.club_id, SCORERS)
    correction = correction_of(revisions)
    shown = None  # an earlier revision, asked for with ?revision=N
    wanted = request.GET.get("revision", "")
    number = whole_number(wanted)
    if wanted and not club_view:
        raise Http404
    if number is not None and session is not None and number != session.revision:
        shown = next((r for r in revisions if r.number == number), None)
        if shown is None:
            raise Http404
        result = shown.result
    names = short_names([p.name for p in players])
    # An organizer corrects one part at a time, picked here (the game's correction page).
    corrections = (
        game_plugin(event.game).correction_choices(event, session.result, names)
        if session is not None and shown is None and has_role(request, event.club_id, ORGANIZER)
        else ()
    )
    plugin = game_plugin(event.game)

    def titles(stored: dict[str, Any]) -> Any:  # a revision's parts as the game calls them
        return plugin.correction_choices(event, stored, names)

    # The game's rows of the sheet (its plug-in's "sheet" part shows them).
    shown_by_game = game_plugin(event.game).sheet_context(
        event=event, result=result, players=players, names=names
    )
    return render(
        request,
        "games/table_sheet.html",
        {
            **shown_by_game,
            "event": event,
            "table": table,
            "players": players,
            "session": session,
            "short_names": names,
            "totals": result.get("totals"),
            "placements": result.get("placements"),
            "revisions": [
                (r, revision_reason(r.reason), corrected_part(r, titles)) for r in revisions
            ]
            if club_view
            else [],
            "club_view": club_view,
            "correction": correction,
            "shown_revision": shown,
            "corrections": corrections,
        },
    )


def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id)
    results = list(session_queries.player_results(player, request.user))
    visible_clubs = set(events_visible_to(request.user).values_list("club_id", flat=True))
    member_of_visible = player.memberships.filter(club_id__in=visible_clubs).exists()
    if not results and not member_of_visible:
        raise Http404
    history = session_queries.rating_history(player)
    # Narrower than the rating page's chart: on a phone its labels stay readable.
    chart = rating_chart(
        [(p.when, p.rating, p.provisional) for p in history.points], width=440, height=240
    )
    clubs = Club.objects.filter(
        pk__in=player.memberships.filter(club_id__in=visible_clubs).values("club_id")
    ).order_by("name")
    return render(
        request,
        "tournaments/player.html",
        {
            "player": player,
            "results": results,
            "history": history,
            "moves": list(reversed(history.points)),
            "chart": chart,
            "clubs": clubs,
            "game_name": game_label(history.game) if history.game else "",
        },
    )
