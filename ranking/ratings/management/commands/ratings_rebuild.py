"""Rebuild a club's rating pools from scratch: ``manage.py ratings_rebuild --club ID`` (or
``--all``; ``--game CODE`` for one game's pools only). The numbers equal those the incremental
updates stored, bit for bit; use it after changing a pool's configuration by hand, or to check a
pool (``--check`` compares first and reports a difference without keeping the rebuild)."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from clubs.models import Club
from ranking.ratings.models import PlayerRating, RatedSession, RatingHistory
from ranking.ratings.services import ratings_rebuild


class _Undo(Exception):
    """Rolls back a checked rebuild."""


def _snapshot(club_id: int, game: str | None) -> tuple[list[tuple], list[tuple], list[tuple]]:
    pools: dict[str, int | str] = {"pool__club_id": club_id}
    if game is not None:
        pools["pool__game"] = game
    ratings = PlayerRating.objects.filter(**pools).order_by("pool__game", "player_id")
    rated = RatedSession.objects.filter(**pools).order_by("pool__game", "position")
    history = RatingHistory.objects.filter(**pools).order_by("pool__game", "position", "seat")
    return (
        list(
            ratings.values_list(
                "player_id",
                "mu",
                "sigma",
                "ordinal",
                "sessions_played",
                "provisional",
                "last_played_on",
            )
        ),
        list(rated.values_list("session_id", "revision", "order_key", "position")),
        list(
            history.values_list(
                "session_id",
                "player_id",
                "seat",
                "mu_before",
                "sigma_before",
                "mu_after",
                "sigma_after",
                "ordinal_after",
                "expected_placement",
                "actual_placement",
            )
        ),
    )


class Command(BaseCommand):
    help = "Rebuild club rating pools from scratch."

    def add_arguments(self, parser: CommandParser) -> None:
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--club", type=int, action="append", help="club id (repeatable)")
        which.add_argument("--all", action="store_true", help="every club")
        parser.add_argument("--game", help="only this game's pools (default: every game)")
        parser.add_argument(
            "--check",
            action="store_true",
            help="compare a rebuild with the stored numbers; keep nothing",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["all"]:
            clubs = list(Club.objects.order_by("id").values_list("id", flat=True))
        else:
            clubs = options["club"]
            missing = set(clubs) - set(
                Club.objects.filter(id__in=clubs).values_list("id", flat=True)
            )
            if missing:
                raise CommandError(f"no club with id {', '.join(map(str, sorted(missing)))}")
        game = options["game"] or None
        differences = 0
        for club_id in clubs:
            started = time.perf_counter()
            if options["check"]:
                same = self._check(club_id, game)
                differences += not same
                verdict = "equal" if same else "DIFFERENT"
                self.stdout.write(f"club {club_id}: a rebuild is {verdict} to the stored ratings")
                continue
            sync = ratings_rebuild(club_id=club_id, game=game)
            self.stdout.write(
                f"club {club_id}: {sync.sessions_rated} sessions rated in "
                f"{time.perf_counter() - started:.2f} s"
            )
        if differences:
            pools = "pool differs" if differences == 1 else "pools differ"
            raise CommandError(f"{differences} {pools} from a rebuild")

    def _check(self, club_id: int, game: str | None) -> bool:
        stored = _snapshot(club_id, game)
        try:
            with transaction.atomic():
                ratings_rebuild(club_id=club_id, game=game)
                rebuilt = _snapshot(club_id, game)
                raise _Undo
        except _Undo:
            pass
        return stored == rebuilt
