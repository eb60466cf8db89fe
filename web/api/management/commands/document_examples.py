"""Write the session document examples (one per game and table size) into docs/api.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from web.api.openapi.examples import START, with_section


class Command(BaseCommand):
    help = "Write every game's session document examples into a Markdown file (docs/api.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="the Markdown file with the section's markers")

    def handle(self, *args: Any, path: Path, **options: Any) -> None:
        text = path.read_text(encoding="utf-8")
        if START not in text:
            raise SystemExit(f"{path} has no line {START!r} to write the examples after")
        path.write_text(with_section(text), encoding="utf-8")
        self.stdout.write(f"{path}: the examples are written")
