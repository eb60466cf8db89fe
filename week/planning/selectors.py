"""Reads of the club's calendar: the nights ahead (with the dates a series skipped), who is
coming and what that means for the night's tables (``week.planning.forecast``), the days a
series' dates clash with, and the rules a night plays."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import ngettext

from clubs.models import Club, Player
from core import club_nights
from core.parsing import whole_number
from core.personal_links import LinkHolder
from core.view_helpers import dutch
from games.registry import find_game
from tournaments.models import Event, HouseRuleset
from week.planning.forecast import Seating, coming_sentence, maybe_sentence, seating_for
from week.planning.holidays import Day, clashes
from week.planning.models import Answer, PlannedNight, Rsvp, RsvpLink, SkippedDate


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
        club_nights.PlannedNight(
            starts_at=night.starts_at,
            game=night.game,
            place=night.place,
            url=reverse("planning:night_page", args=[night.pk]),
        )
        for night in ahead
    ]


def day_name(day: Day | None) -> str:
    """A clashing day's name in the page's language."""
    if day is None:
        return ""
    return day.name_nl if dutch() else day.name


@dataclass(frozen=True)
class Skipped:
    """A date a series skipped, as the calendar shows it (``day``: the holiday it is, if any)."""

    date: datetime.date
    day: Day | None

    skipped = True

    @property
    def day_name(self) -> str:
        return day_name(self.day)


def skipped_between(
    club: Club | int, first: datetime.date, last: datetime.date | None
) -> list[Skipped]:
    """The club's skipped dates from ``first`` to ``last`` (on and on when None)."""
    club_id = club if isinstance(club, int) else club.pk
    rows = SkippedDate.objects.filter(club_id=club_id, date__gte=first)
    if last is not None:
        rows = rows.filter(date__lte=last)
    dates = sorted(set(rows.values_list("date", flat=True)))
    days = clashes(dates)
    return [Skipped(date, days.get(date)) for date in dates]


def with_skipped(club: Club | int, nights: list[PlannedNight], more: bool) -> list[Any]:
    """The nights with the dates series skipped among them, by date: from today up to the last
    night shown (every skipped date ahead when no more nights follow, ``more`` False)."""
    zone = timezone.get_default_timezone()
    today = timezone.localdate(timezone=zone)
    last = nights[-1].starts_at.astimezone(zone).date() if nights and more else None
    skipped = skipped_between(club, today, last)

    def when(entry: Any) -> tuple[datetime.date, int]:
        if isinstance(entry, Skipped):
            return (entry.date, 0)
        return (entry.starts_at.astimezone(zone).date(), 1)

    return sorted([*nights, *skipped], key=when)


@dataclass(frozen=True)
class NightRules:
    """The rules a night plays: the ruleset's name and its place on the game's rules page."""

    name: str
    url: str


def night_rules(night: PlannedNight) -> NightRules | None:
    """The night's ruleset (its game's usual one when none is named) named in the page's
    language, and the address of its rules; None for a game the registry does not know."""
    game = find_game(night.game)
    if game is None:
        return None
    page = reverse("public:game_rules", args=[game.code])
    label = night.ruleset or game.default_ruleset
    ruleset = game.rulesets.get(label)
    if ruleset is not None:
        name = getattr(ruleset, "name_nl" if dutch() else "name", "") or label
        return NightRules(str(name), f"{page}#ruleset-{label}")
    code, _at, version = label.partition("@")
    number = whole_number(version)
    house = (
        HouseRuleset.objects.filter(
            club_id=night.club_id, game=game.code, code=code, version=number
        ).first()
        if number is not None
        else None
    )
    if house is None:
        return NightRules(label, page)
    slug = night.club.slug
    name = (house.name_nl if dutch() else house.name) or house.label
    return NightRules(name, f"{page}?club={slug}#house-{house.code}-{house.version}")


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


def link_holder(token: str) -> LinkHolder | None:
    """Whose personal link ``token`` is (None: not, or no longer, a personal link)."""
    link = RsvpLink.objects.select_related("club", "player").filter(token=token).first()
    if link is None:
        return None
    return LinkHolder(
        player_id=link.player_id,
        player_name=link.player.name,
        club_id=link.club_id,
        club_name=link.club.name,
    )


def club_link_tokens(club_id: int) -> dict[int, str]:
    """The personal link tokens of the club's members, by player id."""
    return dict(
        RsvpLink.objects.filter(club_id=club_id, player__memberships__club_id=club_id).values_list(
            "player_id", "token"
        )
    )


def member_links(club: Club) -> list[RsvpLink]:
    """The personal links of the club's members, in name order."""
    return list(
        RsvpLink.objects.filter(club=club, player__memberships__club=club)
        .select_related("player")
        .order_by("player__name", "player_id")
    )
