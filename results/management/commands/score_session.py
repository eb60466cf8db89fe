"""``python manage.py score_session FILE``: validate and score a session document of any game
(the document's ``game``; ``bonken`` when it names none).

FILE holds a session document as JSON (``-`` reads standard input). The command prints the
result document as JSON and exits with

* 0 for a valid session,
* 1 for an invalid one (the output is ``{"valid": false, "errors": [...]}``),
* 2 when FILE (or ``--ruleset-file``) cannot be read, is not JSON, or holds a bad ruleset;
  a one-line message goes to standard error.

A thin shell around games.registry.score_document; it needs no database.
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.registry import document_game, find_game, score_document
from games.seam import RulesetError

UNREADABLE = 2
INVALID = 1


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())


def _load(path: str, what: str) -> Any:
    """The parsed JSON in ``path`` (``-``: standard input); CommandError (exit 2) if there is
    none to be had."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(
            f"cannot read {what} {name}: {_one_line(error)}", returncode=UNREADABLE
        ) from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise CommandError(
            f"{what} {name} is not valid JSON: {_one_line(error)}", returncode=UNREADABLE
        ) from None


class Command(BaseCommand):
    help = "Validate and score a session document (JSON; '-' reads standard input)."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="the session document as JSON, or - for standard input")
        parser.add_argument(
            "--ruleset-file",
            help="a house ruleset of the document's game as JSON (see the game's README), "
            "used instead of the document's ruleset",
        )
        parser.add_argument(
            "--indent", type=int, default=2, help="JSON indentation; 0 prints one line"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        document = _load(options["file"], "session document")
        ruleset = None
        game = find_game(document_game(document))
        if options["ruleset_file"] and game is not None:  # an unknown game: the result says
            try:
                ruleset = game.ruleset_from_dict(_load(options["ruleset_file"], "ruleset"))
            except RulesetError as error:
                raise CommandError(
                    f"invalid ruleset: {_one_line(error)}", returncode=UNREADABLE
                ) from None
        result = score_document(document, ruleset=ruleset)
        self.stdout.write(json.dumps(result.to_dict(), indent=options["indent"] or None))
        if not result.valid:
            n = len(result.errors)
            raise CommandError(
                f"invalid session: {n} problem{'' if n == 1 else 's'}", returncode=INVALID
            )
