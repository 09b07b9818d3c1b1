"""`manage.py schedule --players N --rounds R [--pairs] [--seed S]`: print an event's schedule as JSON."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.engine.schedules import pairs_schedule, schedule_document, whist_schedule


class Command(BaseCommand):
    help = ("Print a schedule of rounds as JSON: each round's tables (N and S partners against E and W, "
            "players numbered 1 to N) and who sits out. Individuals change partners (a whist schedule); "
            "with --pairs, players 1-2, 3-4, ... are fixed pairs in a round robin.")
    # The laws alone, from the engine: no database or page to check first, so the command answers at once.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--rounds", type=int, help="how many rounds (default: the whole schedule)")
        parser.add_argument("--pairs", action="store_true", help="fixed partnerships: 1-2, 3-4, ...")
        parser.add_argument("--seed", type=int, default=0,
                            help="renumbers the players; the same seed gives the same schedule")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            if options["pairs"]:
                schedule = pairs_schedule(options["players"], options["rounds"])
            else:
                schedule = whist_schedule(options["players"], options["rounds"], seed=options["seed"])
        except ValueError as exc:
            sys.stderr.write(f"schedule: {exc}\n")
            sys.exit(1)
        self.stdout.write(json.dumps(schedule_document(schedule)))
