"""`manage.py import_rubber FILE --event EVENT`: create a rubber from the interchange format, in the event of that
web address or name (made under the rubber's code and house rules when there is none)."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from scoring.services.transfer import event_for_name, rubber_import


class Command(BaseCommand):
    help = "Import a rubber (euchre-rubber/1 JSON; - for standard input) into an event, made if missing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--event", required=True,
                            help="the event's web address (slug) or name; made under the rubber's code, game, match "
                                 "and house rules if there is none")
        parser.add_argument("--table", default="", help="table label")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with open(options["file"], "rb") if options["file"] != "-" else _stdin() as handle:
                document = json.loads(handle.read())
            with transaction.atomic():
                event = event_for_name(options["event"], document)
                rubber = rubber_import(document=document, event=event, table_label=options["table"])
        except (OSError, ValueError, RecursionError) as exc:
            _fail(f"cannot read the rubber: {exc}")
        except ValidationError as exc:
            _fail(" ".join(" ".join(exc.messages).split()))
        self.stdout.write(f"Imported {rubber.hand_count} hands into {event.name} ({rubber.get_status_display()}).")
        self.stdout.write(str(rubber.pk))


def _stdin() -> Any:
    return open(sys.stdin.fileno(), "rb", closefd=False)


def _fail(message: str) -> None:
    sys.stderr.write(f"import_rubber: {message}\n")
    sys.exit(1)
