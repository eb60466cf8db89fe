"""Load a demo club: 16 players, a finished three-round Bonken tournament, a running Bonken club
night and, for every other game the service has, an evening of it played last week; and a
Bonken league (``demo_league``) with a small second club, whose tournament and club night count.

Every session is played out by the rules engine (``games.bonken.rules.sample``) and saved
through the same service as a scorer's submission, so the demo data is real, valid data. Running
the command again leaves an existing demo club alone (``--reset`` rebuilds it).
"""

import datetime
import random
from importlib import import_module
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Membership, Player, Role
from games.bonken.rules import get_ruleset
from games.bonken.rules.sample import random_games
from games.registry import games as registered_games
from games.seam import Game
from results.models import Session
from results.services import SessionRejected, session_submit
from seating import table_layout
from tournaments.models import Event, EventPlayer, Round, Seat, Table
from web.pages.demo_league import LEAGUE_CLUB, build_league, remove_league

SLUG = "de-zwarte-schoppen"
CLASSIC = get_ruleset("classic")
NAMES = [
    "Anna de Vries",
    "Bram Jansen",
    "Cees Bakker",
    "Daan Visser",
    "Eva Smit",
    "Floor Mulder",
    "Gijs de Boer",
    "Hanna Bos",
    "Iris Vos",
    "Joost Peters",
    "Kim Hendriks",
    "Lars Dekker",
    "Maud van Dijk",
    "Niels de Graaf",
    "Olga Kok",
    "Pim Verbeek",
]


def other_games() -> list[Game]:
    return [game for code, game in registered_games().items() if code != "bonken"]


def grid_rounds(players: list[Player]) -> list[list[list[Player]]]:
    """Three rounds of four tables in which no two players meet twice: the rows, the columns
    and the broken diagonals of a 4 x 4 grid."""
    cell = {(r, c): players[4 * r + c] for r in range(4) for c in range(4)}
    rows = [[cell[r, c] for c in range(4)] for r in range(4)]
    columns = [[cell[r, c] for r in range(4)] for c in range(4)]
    diagonals = [[cell[r, (r + k) % 4] for r in range(4)] for k in range(4)]
    return [rows, columns, diagonals]


class Command(BaseCommand):
    help = "Load the demo club with a finished tournament and a running club night."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--reset", action="store_true", help="delete and rebuild the demo")
        parser.add_argument("--seed", type=int, default=2026)

    def handle(self, *args: Any, **options: Any) -> None:
        if Club.objects.filter(slug=SLUG).exists():
            if not options["reset"]:
                self.stdout.write("Demo data already loaded (use --reset to rebuild it).")
                return
            remove_league()
            for club in Club.objects.filter(slug__in=[SLUG, LEAGUE_CLUB]):
                # Results are protected from a cascade: the demo deletes its own on purpose.
                Session.objects.filter(event__club=club).delete()
                Event.objects.filter(club=club).delete()
                Player.objects.filter(memberships__club=club).delete()
                club.delete()
        rng = random.Random(options["seed"])
        tournament = self.build(rng)
        build_league(self, tournament, rng)
        self.stdout.write(self.style.SUCCESS("Demo data loaded. Sign in as demo / demo."))

    @transaction.atomic
    def build(self, rng: random.Random) -> Event:
        organizer = self.user("demo", superuser=True)
        scorer = self.user("scorer")
        club = Club.objects.create(name="De Zwarte Schoppen", slug=SLUG, city="Utrecht")
        players = [Player.objects.create(name=name) for name in NAMES]
        players[0].user = organizer
        players[0].save(update_fields=["user"])
        players[1].user = scorer
        players[1].save(update_fields=["user"])
        for player in players:
            role = {0: Role.ORGANIZER, 1: Role.SCORER}.get(players.index(player), Role.MEMBER)
            Membership.objects.create(club=club, player=player, role=role)

        today = timezone.localdate()
        tournament = Event.objects.create(
            club=club,
            name="Najaarstoernooi",
            kind=Event.Kind.TOURNAMENT,
            date=today - datetime.timedelta(days=14),
            planned_rounds=3,
            status=Event.Status.RUNNING,
            published=True,
            seating_method="balanced",
        )
        order = players[:]
        rng.shuffle(order)
        for number, tables in enumerate(grid_rounds(order), start=1):
            round_ = self.seat(tournament, number, tables)
            for table in round_.tables.all():
                session_submit(
                    table=table, submitted_by=organizer, document=random_games(CLASSIC, rng)
                )
            round_.status = Round.Status.CLOSED
            round_.save(update_fields=["status"])
        self.finish(tournament)

        night = Event.objects.create(
            club=club,
            name="Clubavond",
            kind=Event.Kind.CLUB_NIGHT,
            date=today,
            planned_rounds=2,
            status=Event.Status.RUNNING,
            published=True,
        )
        rng.shuffle(order)
        round_ = self.seat(night, 1, [order[i : i + 4] for i in range(0, 16, 4)])
        night_tables = list(round_.tables.order_by("number"))
        for table, games in zip(night_tables, [None, None, 5], strict=False):
            session_submit(
                table=table, submitted_by=scorer, document=random_games(CLASSIC, rng, games=games)
            )
        for days, game in enumerate(other_games(), start=5):
            self.game_night(
                club, game, players, today - datetime.timedelta(days=days), rng, organizer
            )
        return tournament

    def game_night(
        self,
        club: Club,
        game: Game,
        players: list[Player],
        day: datetime.date,
        rng: random.Random,
        organizer: User,
    ) -> None:
        """Two finished rounds of ``game`` for 14 of the players, at tables of the game's
        sizes (Jonkler: 5 + 5 + 4), every session played out by the game's own sample."""
        sample = import_module(f"games.{game.code}.rules.sample")
        event = Event.objects.create(
            club=club,
            name=f"{game.name_nl}{'-' if ' ' in game.name_nl else ''}avond",
            kind=Event.Kind.CLUB_NIGHT,
            date=day,
            planned_rounds=2,
            status=Event.Status.RUNNING,
            published=True,
            game=game.code,
            ruleset=game.default_ruleset,
        )
        present = players[:14]
        sizes = table_layout(len(present), game.table_sizes, game.preferred_size)
        for number in (1, 2):
            order = present[:]
            rng.shuffle(order)
            groups, start = [], 0
            for size in sizes:
                groups.append(order[start : start + size])
                start += size
            round_ = self.seat(event, number, groups)
            for table in round_.tables.all():
                # A random session the table's place in the room allows (Bonko's King's table
                # plays until its winners reach the bell score).
                for _attempt in range(200):
                    document = sample.random_session(
                        rng, seats=table.seats.count(), ruleset=game.rulesets[game.default_ruleset]
                    )
                    if game.code == "bonko":  # the service says which set and round is played
                        document.pop("rolls", None)
                        document.update(set=1, round=number)
                    try:
                        session_submit(
                            table=table,
                            submitted_by=organizer,
                            document={**document, "game": game.code},
                        )
                    except SessionRejected:
                        continue
                    break
            round_.status = Round.Status.CLOSED
            round_.save(update_fields=["status"])
        self.finish(event)

    @staticmethod
    def finish(event: Event) -> None:
        """The evening is over once its results are in (a finished event takes none)."""
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])

    def user(self, username: str, superuser: bool = False) -> User:
        user, _ = User.objects.get_or_create(username=username)
        user.set_password(username)
        user.is_staff = user.is_superuser = superuser
        user.save()
        return user

    def seat(self, event: Event, number: int, tables: list[list[Player]]) -> Round:
        round_ = Round.objects.create(event=event, number=number, status=Round.Status.PLAYING)
        for table_number, group in enumerate(tables, start=1):
            table = Table.objects.create(round=round_, number=table_number)
            for position, player in enumerate(group):
                Seat.objects.create(table=table, round=round_, player=player, position=position)
                EventPlayer.objects.get_or_create(event=event, player=player)
        return round_
