"""A player's own seat for the round being played: which table, which seat, with whom, or that
they sit out; read for the door page and ``/me/`` (which poll it while the player waits)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q
from django.utils.text import get_text_list
from django.utils.translation import gettext

from clubs.models import Player
from tournaments.models import Bye, Event, EventPlayer, Round, Seat
from tournaments.selectors import user_may_score


@dataclass
class MySeat:
    event: Event
    player: Player
    entry: EventPlayer | None
    round: Round | None = None  # the round being played (the latest)
    table: int | None = None
    table_id: int | None = None
    seat: int | None = None  # 1-based, as printed on the table card
    others: list[str] = field(default_factory=list)
    bye: bool = False
    scoring_link: str = ""  # the table's link, for the player who may score

    @property
    def present(self) -> bool:
        return bool(self.entry and self.entry.present)

    @property
    def others_named(self) -> str:
        """The others at the table: "Bram, Daan and Cees" ("Bram, Daan en Cees")."""
        return str(get_text_list(self.others, gettext("and")))

    @property
    def waiting(self) -> bool:
        return self.present and self.table is None and not self.bye


def my_seat(event: Event, player: Player, user: User | AnonymousUser | None = None) -> MySeat:
    entry = EventPlayer.objects.filter(event=event, player=player).first()
    state = MySeat(event=event, player=player, entry=entry)
    round_ = event.rounds.filter(status=Round.Status.PLAYING).order_by("-number").first()
    if round_ is None:
        return state
    state.round = round_
    seat = Seat.objects.filter(round=round_, player=player).select_related("table").first()
    if seat is None:
        state.bye = Bye.objects.filter(round=round_, player=player).exists()
        return state
    state.table, state.table_id, state.seat = seat.table.number, seat.table_id, seat.position + 1
    state.others = list(
        Seat.objects.filter(table_id=seat.table_id)
        .exclude(player=player)
        .order_by("position")
        .values_list("player__name", flat=True)
    )
    if user is not None and user_may_score(user, event):
        state.scoring_link = seat.table.scoring_token
    return state


def my_events(player: Player) -> list[Event]:
    """The events the player is entered in that are not finished yet, the newest first."""
    return list(
        Event.objects.filter(entries__player=player)
        .filter(~Q(status=Event.Status.FINISHED))
        .select_related("club")
        .order_by("-date", "-pk")[:5]
    )
