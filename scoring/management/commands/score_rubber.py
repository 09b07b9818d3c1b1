"""`manage.py score_rubber FILE`: score a rubber in the interchange format and print the result."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.engine import RubberError, score_rubber
from scoring.engine.explain import explain_rubber
from scoring.engine.interchange import loads


class Command(BaseCommand):
    help = "Score a rubber in the euchre-rubber/1 format (FILE, or - for standard input)."
    # The laws alone, from the engine: no database or page to check first, so the command answers at once.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the rubber as JSON; - reads standard input")
        parser.add_argument("--explain", action="store_true", help="print a hand-by-hand account with the laws")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = _read(options["file"])
            report = loads(text)
            result = score_rubber(report.hands, report.rulebook, explain=options["explain"])
        except (RubberError, OSError, UnicodeDecodeError) as exc:
            # One line, no traceback: the spec's contract for bad input.
            sys.stderr.write(f"score_rubber: {_one_line(exc)}\n")
            sys.exit(1)
        if options["explain"]:
            self.stdout.write(explain_rubber(result, report.rulebook))
        else:
            self.stdout.write(json.dumps(result.to_document(), indent=1))


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as handle:
        return handle.read()


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"cannot read {exc.filename}: {exc.strerror}"
    return " ".join(str(exc).split())
