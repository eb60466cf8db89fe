"""Reads for the web pages: a round's tables with their state, its byes, who meets again.
Plain queries; nothing here writes (an event's sessions and a player's rating history are
read by ``web.pages.queries``)."""

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from django.db.models import Prefetch, QuerySet

from clubs.models import Player
from games.registry import find_game
from tournaments.game_plugins import TableWords, game_plugin
from tournaments.house_rules.services import event_ruleset
from tournaments.models import Bye, Event, EventTeam, Round, Seat, Table

WAITING, PLAYING, DONE, PROBLEM = "waiting", "playing", "done", "problem"


@dataclass
class TableState:
    """A table of a round as the organizer's dashboard shows it."""

    table: Table
    players: list[Player]
    session: Any  # the table's session (games.Session) or None
    status: str
    games_played: int = 0
    games_total: int = 12
    totals: list[int] = field(default_factory=list)
    reason: str = ""
    parts: str = "games"  # what the game's session is made of: games, rounds, hands
    disputed: bool = False  # a player disputes the complete session (results.signoff.services)
    # How a session without parts was entered: "totals" (only the totals), "sheet" (a paper
    # sheet's points per contract) or "result" (a game entered whole, Bonko).
    entered: str = ""
    # What the game says about the table besides its number and players (the King's table,
    # the teams, the result in a sentence, where the players go next): ``GamePlugin.table_words``.
    words: TableWords = field(default_factory=TableWords)

    @property
    def signoff(self) -> str:
        """Where the complete session's sign-off stands: signed, disputed or unsigned ("" while
        the table plays)."""
        if self.session is None or not self.session.complete:
            return ""
        if self.disputed:
            return "disputed"
        return "signed" if self.session.signed_at else "unsigned"


def round_tables(round_: Round) -> list[TableState]:
    """Every table of the round with its players (seat order) and how far its session is."""
    game = find_game(round_.event.game)
    sizes = game.table_sizes if game is not None else (4,)
    parts = (game.parts_key if game is not None else None) or "games"
    games_total = game_plugin(round_.event.game).parts_per_session(round_.event)
    if games_total is None:
        games_total = _parts_per_session(round_.event, parts)
    tables = (
        round_.tables.order_by("number")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))
        .select_related("session")
    )
    disputed = set(
        round_.tables.filter(
            session__disputes__isnull=False, session__disputes__resolved_at__isnull=True
        ).values_list("pk", flat=True)
    )
    states = []
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        session = getattr(table, "session", None)
        state = TableState(
            table=table,
            players=[s.player for s in seats],
            session=session,
            status=WAITING,
            games_total=games_total,
            parts=parts,
            disputed=table.pk in disputed,
        )
        if session is not None:
            document = session.document or {}
            state.games_played = len(document.get(parts) or [])
            state.entered = _entered(document, game is not None and game.parts_key is None)
            state.totals = session.result.get("totals") or []
        if len(seats) not in sizes:
            state.status, state.reason = PROBLEM, "table_not_full"
        elif session is not None and session.complete:
            state.status = DONE
        elif round_.status == Round.Status.CLOSED:
            state.status, state.reason = PROBLEM, table.unfinished or "closed_incomplete"
        elif session is not None or round_.status == Round.Status.PLAYING:
            state.status = PLAYING
        states.append(state)
    words = game_plugin(round_.event.game).table_words(round_, [s.table for s in states])
    for state in states:
        state.words = words.get(state.table.pk) or state.words
    return states


def _entered(document: dict[str, Any], whole: bool) -> str:
    if whole:
        return "result"
    if document.get("sheet"):
        return "sheet"
    return "totals" if document.get("totals") else ""


def round_byes(round_: Round) -> list[Player]:
    return [bye.player for bye in Bye.objects.filter(round=round_).select_related("player")]


def _parts_per_session(event: Event, parts: str) -> int:
    """How many parts a session has by the event's ruleset (Jonkler: its rounds), or 0 when
    the number is not fixed (Bonanza's hands)."""
    game = find_game(event.game)
    ruleset = event_ruleset(event.club_id, event.game, event.ruleset) or (
        game.rulesets.get(event.ruleset) if game is not None else None
    )
    count = getattr(ruleset, parts, 0)
    return count if isinstance(count, int) else 0


def event_rounds(event: Event) -> QuerySet[Round]:
    return event.rounds.order_by("number")


def meetings_again(round_: Round) -> list[tuple[str, str, int]]:
    """The pairs at the round's tables who already met earlier in the event (in rounds that
    started), with how often they will have met after this round, most first. A team game's
    partners sit together by rule: they are not counted."""

    def table_groups(rounds: QuerySet[Round] | list[Round]) -> dict[int, list[Player]]:
        groups: dict[int, list[Player]] = {}
        for seat in Seat.objects.filter(round__in=rounds).select_related("player"):
            groups.setdefault(seat.table_id, []).append(seat.player)
        return groups

    earlier = round_.event.rounds.filter(
        number__lt=round_.number, status__in=[Round.Status.PLAYING, Round.Status.CLOSED]
    )
    met: Counter[tuple[int, int]] = Counter()
    for players in table_groups(earlier).values():
        met.update(
            (a.pk, b.pk) if a.pk < b.pk else (b.pk, a.pk) for a, b in combinations(players, 2)
        )
    partners = {
        (min(a, b), max(a, b))
        for a, b in EventTeam.objects.filter(event_id=round_.event_id).values_list(
            "first_id", "second_id"
        )
    }
    again = []
    for players in table_groups([round_]).values():
        for a, b in combinations(sorted(players, key=lambda p: p.name), 2):
            key = (a.pk, b.pk) if a.pk < b.pk else (b.pk, a.pk)
            times = 0 if key in partners else met[key]
            if times:
                again.append((a.name, b.name, times + 1))
    return sorted(again, key=lambda item: (-item[2], item[0], item[1]))
