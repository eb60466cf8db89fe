"""A substitute on the organizer's round page: a player left, another takes their seat from
a given game (round, hand) on."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from clubs.models import Player
from core.errors import ServiceError
from core.view_helpers import number_from, refused_or_told
from tournaments.models import Round, Seat, Substitution, Table
from tournaments.rounds import substitutes


def candidates(round_: Round) -> list[Player]:
    """Members of the club who do not play in the round: who may stand in."""
    busy = set(Seat.objects.filter(round=round_).values_list("player_id", flat=True))
    busy |= set(
        Substitution.objects.filter(table__round=round_).values_list("player_id", flat=True)
    )
    return [
        p
        for p in Player.objects.filter(memberships__club_id=round_.event.club_id).order_by(
            "name", "pk"
        )
        if p.pk not in busy
    ]


def substitutions(round_: Round) -> list[tuple[int, str, str, int]]:
    """The round's substitutions: table id, who left, who plays on, from which part."""
    left = {
        (seat.table_id, seat.position): seat.player.name
        for seat in Seat.objects.filter(round=round_).select_related("player")
    }
    return [
        (s.table_id, left.get((s.table_id, s.position), "?"), s.player.name, s.from_part)
        for s in Substitution.objects.filter(table__round=round_).select_related("player")
    ]


@require_POST
def table_substitute(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
    position = number_from(request.POST, "position")
    from_part = number_from(request.POST, "from_part")
    player = Player.objects.filter(pk=number_from(request.POST, "player") or 0).first()
    try:
        if position is None or from_part is None or player is None:
            raise ServiceError.single(
                "incomplete",
                gettext_lazy("Choose the seat, the substitute and the game they start with."),
            )
        substitution = substitutes.table_substitute(
            table=table,
            actor=request.user,
            position=position,
            player=player,
            from_part=from_part,
            reason=request.POST.get("reason", ""),
        )
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        left = Seat.objects.get(table=table, position=substitution.position).player
        messages.success(
            request,
            _("%(sub)s plays for %(left)s at table %(n)s from part %(part)s on.")
            % {"sub": player.name, "left": left.name, "n": table.number, "part": from_part},
        )
    return redirect("manage:round_page", round_id=table.round_id)
