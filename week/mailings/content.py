"""What a player's evening e-mail says: the event, their tables and tablemates per round with
their points, their place and total, the standings' top, their rating change, the leagues the
night counts for and the links.
Read from the stored standings, sessions and rating history; no arithmetic of its own."""

from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils import formats

from clubs.models import Player
from games.registry import find_game
from leagues.selectors import leagues_counting
from ranking.ratings.models import RatingHistory
from results.counted import counted_sessions
from results.models import SessionSeat
from tournaments.models import Event, Seat, Standing
from week.mailings.links import absolute, preferences_url, unsubscribe_url

TOP = 5


@dataclass
class RoundLine:
    number: int
    table: int
    mates: list[str]
    points: int | None  # None: the table's result does not count (yet)


@dataclass
class Evening:
    event: Event
    player: Player
    language: str
    game_name: str
    rounds: list[RoundLine] = field(default_factory=list)
    rank: int | None = None
    tied: bool = False
    total: Any = None
    players: int = 0
    top: list[Standing] = field(default_factory=list)
    rating_before: float | None = None
    rating_after: float | None = None
    # The leagues the night counts for: (name, the league's page).
    leagues: list[tuple[str, str]] = field(default_factory=list)
    standings_url: str = ""
    player_url: str = ""
    preferences_url: str = ""
    unsubscribe_url: str = ""

    @property
    def rating_change(self) -> float | None:
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before

    @property
    def signed_change(self) -> str:
        """The rating change with its sign, in the language being rendered."""
        if self.rating_before is None or self.rating_after is None:
            return ""
        # the difference of the two figures as shown, so that the three agree
        change = round(self.rating_after, 1) - round(self.rating_before, 1)
        return ("+" if change > 0 else "") + formats.number_format(change, 1)


def event_players(event: Event) -> list[int]:
    """Everyone with a seat in the event or a standings line."""
    seated = set(Seat.objects.filter(round__event=event).values_list("player_id", flat=True))
    standing = set(Standing.objects.filter(event=event).values_list("player_id", flat=True))
    return sorted(seated | standing)


def evening_for(event: Event, player: Player, language: str) -> Evening:
    game = find_game(event.game)
    name = (game.name_nl if language == "nl" else game.name) if game else event.game
    evening = Evening(event=event, player=player, language=language, game_name=name)
    evening.rounds = _rounds(event, player)
    standings = list(
        Standing.objects.filter(event=event)
        .select_related("player")
        .order_by("rank", "player__name")
    )
    evening.players = len(standings)
    evening.top = standings[:TOP]
    own = next((s for s in standings if s.player_id == player.pk), None)
    if own is not None:
        evening.rank, evening.tied, evening.total = own.rank, own.tied, own.total
    history = list(
        RatingHistory.objects.filter(player=player, session__event=event)
        .order_by("position")
        .values_list("ordinal_before", "ordinal_after")
    )
    if history:
        evening.rating_before, evening.rating_after = history[0][0], history[-1][1]
    evening.leagues = [
        (league.name, absolute(reverse("leagues:league_page", args=[league.slug])))
        for league in leagues_counting(event)
    ]
    evening.standings_url = absolute(reverse("public:event_standings", args=[event.pk]))
    evening.player_url = absolute(reverse("public:player_page", args=[player.pk]))
    evening.preferences_url = preferences_url(player.pk)
    evening.unsubscribe_url = unsubscribe_url(player.pk)
    return evening


def _rounds(event: Event, player: Player) -> list[RoundLine]:
    own = list(
        Seat.objects.filter(round__event=event, player=player)
        .select_related("round", "table")
        .order_by("round__number")
    )
    tables = [seat.table_id for seat in own]
    mates: dict[int, list[str]] = {}
    for seat in (
        Seat.objects.filter(table_id__in=tables)
        .exclude(player=player)
        .select_related("player")
        .order_by("position")
    ):
        mates.setdefault(seat.table_id, []).append(seat.player.name)
    points = dict(
        SessionSeat.objects.filter(
            counted_sessions("session__"), session__table_id__in=tables, player=player
        ).values_list("session__table_id", "total")
    )
    return [
        RoundLine(
            number=seat.round.number,
            table=seat.table.number,
            mates=mates.get(seat.table_id, []),
            points=points.get(seat.table_id),
        )
        for seat in own
    ]
