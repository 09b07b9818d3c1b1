"""`manage.py import_club DIR`: restore a backup made by export_club into an empty database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.services.backup import club_import


class Command(BaseCommand):
    help = ("Restore DIR (written by export_club) into an empty database and rescore every rubber. DIR is "
            "checked against its manifest first; accounts missing here are made without usable passwords, and "
            "those already here keep their passwords and are given the backup's groups.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("dir", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            counts = club_import(options["dir"])
        except ValidationError as exc:
            raise CommandError(f"Nothing was restored: {' '.join(exc.messages)}") from None
        self.stdout.write(f"Restored {counts['events']} events, {counts['players']} players and "
                          f"{counts['rubbers']} rubbers; every rubber rescored.")
        if counts["accounts_made"]:
            self.stdout.write(f"{counts['accounts_made']} account(s) were made without a password; set each "
                              "with `manage.py changepassword NAME` before it is used.")
        if counts["accounts_given_groups"]:
            self.stdout.write(f"{counts['accounts_given_groups']} account(s) already here were given the groups "
                              "the backup gives them; their passwords are unchanged.")
