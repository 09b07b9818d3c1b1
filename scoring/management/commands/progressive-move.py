"""`manage.py progressive-move FILE|-`: the next round's seats from a round of a progressive night.

Reads `{"tables": [{"seats": {"N": 1, "E": 2, "S": 3, "W": 4}, "points": {"NS": 7, "EW": 5}, "lone": {"NS": 1,
"EW": 0}, "winner": null}, ...], "sitting_out": [9], "byes": {"9": 1}}` (table 1 the head table; `winner` only
where a cut settled a tie; `sitting_out` who sat the round out, `byes` each player's rounds sat out so far, this
one included, both optional) and prints `{"tables": [{"N": .., "E": .., "S": .., "W": ..}, ...], "sitting_out":
[..]}`, the next round as the site seats it. A tie nobody settled, an unknown key, or a round written wrongly:
one line on standard error naming the table where there is one, exit status 1.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.engine.progressive import MovementError, next_seats, read_round_played


class Command(BaseCommand):
    help = "Move a progressive night's players on after a round (FILE, or - for standard input)."
    # The laws alone, from the engine: no database or page to check first, so the command answers at once.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the round as JSON; - reads standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = sys.stdin.buffer.read() if options["file"] == "-" else _read(options["file"])
            tables, out = next_seats(read_round_played(json.loads(text)))
        except OSError as exc:
            _refuse(f"cannot read {exc.filename}: {exc.strerror}")
        except (ValueError, RecursionError) as exc:  # MovementError, and JSON that is not JSON
            _refuse(" ".join(str(exc).split()) if isinstance(exc, MovementError) else f"not valid JSON: {exc}")
        self.stdout.write(json.dumps({"tables": [{seat.value: player for seat, player in table.items()}
                                                 for table in tables], "sitting_out": out}))


def _read(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def _refuse(message: str) -> None:
    sys.stderr.write(f"progressive-move: {message}\n")
    sys.exit(1)
