"""Reads of the club's calendar: the nights ahead, who is coming and what that means for the
night's tables (``week.planning.forecast``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import ngettext

from clubs.models import Club, Player
from core import club_nights
from games.registry import find_game
from tournaments.models import Event
from week.planning.forecast import Seating, coming_sentence, maybe_sentence, seating_for
from week.planning.models import Answer, PlannedNight, Rsvp


def nights_ahead(club: Club | int) -> QuerySet[PlannedNight]:
    """The club's nights that are not over yet (cancelled ones too), soonest first."""
    club_id = club if isinstance(club, int) else club.pk
    return PlannedNight.objects.filter(club_id=club_id, ends_at__gte=timezone.now()).order_by(
        "starts_at", "pk"
    )


def public_next_nights(club_id: int, limit: int) -> list[club_nights.PlannedNight]:
    """The club's next nights as anyone may see them (the club's embed and public feed): when,
    which game and where; no answers, no notes, no cancelled nights."""
    ahead = nights_ahead(club_id).filter(cancelled_at__isnull=True)[:limit]
    return [
        club_nights.PlannedNight(starts_at=night.starts_at, game=night.game, place=night.place)
        for night in ahead
    ]


def event_rsvp_answers(event: Event) -> dict[int, str]:
    """Each player's answer to the planned night the event was opened from."""
    return dict(Rsvp.objects.filter(night__event=event).values_list("player_id", "answer"))


@dataclass
class Outlook:
    """What the answers mean for the night: who answered what, the tables those coming give
    (``layout``, ``sits_out``, ``more_needed``) and the tables if the maybes come too
    (``with_maybes``), said in words by ``sentence`` and ``maybe_sentence``."""

    coming: list[Player] = field(default_factory=list)
    maybe: list[Player] = field(default_factory=list)
    not_coming: list[Player] = field(default_factory=list)
    seating: Seating | None = None  # those coming (None: the game is not known)
    all_come: Seating | None = None  # those coming and those who said maybe

    @property
    def layout(self) -> list[int]:
        return list(self.seating.layout) if self.seating else []

    @property
    def sits_out(self) -> int:
        return self.seating.sits_out if self.seating else 0

    @property
    def more_needed(self) -> int:
        """Players more that seat everyone (0: everyone has a seat)."""
        return self.seating.more_needed if self.seating else 0

    @property
    def with_maybes(self) -> list[int]:
        return list(self.all_come.layout) if self.all_come and self.maybe else []

    @property
    def sentence(self) -> str:
        """What those coming give at the tables, in the page's language."""
        if self.seating is None:
            return ngettext("%(n)s player coming", "%(n)s players coming", len(self.coming)) % {
                "n": len(self.coming)
            }
        return coming_sentence(self.seating)

    @property
    def maybe_sentence(self) -> str:
        """What the night gives if those who said maybe come too ("" when nobody did)."""
        if not self.maybe or self.all_come is None:
            return ""
        return maybe_sentence(len(self.maybe), self.all_come)


def outlook(night: PlannedNight) -> Outlook:
    """Who answered what, the tables those coming give, who would sit out and how many more
    players would seat everyone."""
    seen = Outlook()
    for rsvp in (
        Rsvp.objects.filter(night=night)
        .select_related("player")
        .order_by("player__name", "player_id")
    ):
        buckets: dict[str, list[Player]] = {Answer.YES: seen.coming, Answer.MAYBE: seen.maybe}
        buckets.get(rsvp.answer, seen.not_coming).append(rsvp.player)
    game = find_game(night.game)
    if game is None:
        return seen
    sizes, preferred = tuple(game.table_sizes), game.preferred_size
    seen.seating = seating_for(len(seen.coming), sizes, preferred)
    seen.all_come = seating_for(len(seen.coming) + len(seen.maybe), sizes, preferred)
    return seen


def answers_of(player: Player, nights: list[PlannedNight]) -> dict[int, str]:
    """The player's answer per night id."""
    return dict(
        Rsvp.objects.filter(player=player, night__in=nights).values_list("night_id", "answer")
    )
