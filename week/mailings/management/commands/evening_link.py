"""Print a player's personal e-mail settings link (for an organizer to hand to a player without
an account): ``manage.py evening_link <player id>``."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Player
from week.mailings.links import preferences_url


class Command(BaseCommand):
    help = "Print a player's personal link to their e-mail settings."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("player", type=int, help="the player's id")

    def handle(self, *args: Any, **options: Any) -> None:
        player = Player.objects.filter(pk=options["player"]).first()
        if player is None:
            raise CommandError(f"There is no player {options['player']}.")
        self.stdout.write(f"{player.name}: {preferences_url(player.pk)}")
