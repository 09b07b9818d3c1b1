"""`manage.py season-standings FILE|-`: a season's table from its nights' figures, as the site's season pages add
them up (`scoring.engine.season`).

Reads `{"counting": {"best": 4}, "qualify": 2, "nights": [{"name": "2026-01-07", "results": [{"player": "Abigail
Ames", "points": 61}, {"player": "Bartholomew Bell", "points": 55, "whole": false}]}, ...]}` and prints
`{"standings": [...], "nights": [...]}`: each player's place (null until he qualifies), counted total, nights counted
and nights played, and each night's high and low. Anything the contract does not allow: one line on standard error,
exit status 1, nothing on standard output.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.engine.season import SeasonError, read_season, season_document, season_table


class Command(BaseCommand):
    help = "Add up a season's nights (FILE, or - for standard input)."
    # The engine alone: no database or page to check first, so the command answers at once.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the season's nights as JSON; - reads standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = sys.stdin.buffer.read() if options["file"] == "-" else _read(options["file"])
            nights, best, qualify = read_season(json.loads(text))
        except OSError as exc:
            _refuse(f"cannot read {exc.filename}: {exc.strerror}")
        except SeasonError as exc:
            _refuse(" ".join(str(exc).split()))
        except (ValueError, RecursionError) as exc:  # JSON that is not JSON
            _refuse(f"not valid JSON: {exc}")
        self.stdout.write(json.dumps(season_document(season_table(nights, best=best, qualify=qualify))))


def _read(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def _refuse(message: str) -> None:
    sys.stderr.write(f"season-standings: {message}\n")
    sys.exit(1)
