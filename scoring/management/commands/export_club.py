"""`manage.py export_club DIR`: back up every event, player, rubber, penalty and ruling to a folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.services.backup import BackupError, club_export


class Command(BaseCommand):
    help = ("Write the whole club to DIR: club.json (events, players, accounts), rubbers/<id>.json and "
            "manifest.json. DIR is new, empty or an earlier backup; it is put in place only when whole.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("dir", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            counts = club_export(options["dir"])
        except BackupError as exc:
            raise CommandError(f"Nothing was written: {' '.join(exc.messages)}") from None
        self.stdout.write(f"Wrote {counts['events']} events, {counts['players']} players and "
                          f"{counts['rubbers']} rubbers to {options['dir']}.")
