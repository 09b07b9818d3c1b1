"""`manage.py export_rubber ID`: print a rubber in the interchange format."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.club.selectors import rubber_for_page
from scoring.models import Rubber
from scoring.services.transfer import rubber_export


class Command(BaseCommand):
    help = "Print a rubber as euchre-rubber/1 JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            rubber = rubber_for_page(options["id"])
        except Rubber.DoesNotExist:
            sys.stderr.write(f"export_rubber: no rubber with id {options['id']}\n")
            sys.exit(1)
        self.stdout.write(json.dumps(rubber_export(rubber), indent=1))
