"""`manage.py export_club DIR`: back up every event, player, rubber, penalty and ruling to a folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.services.backup import club_export


class Command(BaseCommand):
    help = "Write the whole club to DIR: club.json (events, players) and rubbers/<id>.json."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("dir", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        counts = club_export(options["dir"])
        self.stdout.write(f"Wrote {counts['events']} events, {counts['players']} players and "
                          f"{counts['rubbers']} rubbers to {options['dir']}.")
