"""`manage.py rule FILE|-`: rule on a dispute about one hand of a rubber, as the wizard does.

Reads `{"rubber": <euchre-rubber/1>, "hand": N, "irregularity": KEY, "facts": {...}, "election": KEY|null}`
and prints the ruling and the rubber's result without and with it, as JSON. `--list` prints every
irregularity with its questions, under Somerset or the code `--rulebook` names. Facts the laws cannot rule on:
one line on stderr, exit status 1.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.engine import RULEBOOKS, SOMERSET_1888, RubberError
from scoring.engine.interchange import parse_rubber
from scoring.engine.rulings import RuleOnHand, irregularity_catalogue, rule


class Command(BaseCommand):
    help = "Rule on a dispute about one hand (FILE, or - for standard input); --list shows every irregularity."
    # The laws alone, from the engine: no database or page to check first, so the command answers at once.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", help="the dispute as JSON; - reads standard input")
        parser.add_argument("--list", action="store_true", help="print every irregularity and its questions")
        parser.add_argument("--rulebook", default=SOMERSET_1888.key, choices=sorted(RULEBOOKS),
                            help="the code of laws whose irregularities --list prints")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["list"]:
            self.stdout.write(json.dumps(irregularity_catalogue(RULEBOOKS[options["rulebook"]]), indent=1))
            return
        if not options["file"]:
            _refuse("give a FILE, or - for standard input, or --list")
        try:
            dispute = _dispute(_read(options["file"]))
            report = parse_rubber(dispute["rubber"])
            ruled = rule(report.hands, dispute["hand"], dispute["irregularity"], dispute["facts"],
                         dispute["election"], rulebook=report.rulebook,
                         names=dict(report.players) or None)
        except (RubberError, OSError, UnicodeDecodeError, ValueError) as exc:
            _refuse(_one_line(exc))
        self.stdout.write(json.dumps(_document(ruled), indent=1))


def _document(ruled: RuleOnHand) -> dict[str, Any]:
    """The ruling as the wizard stores it, with its words, the choices still open, and the score both ways."""
    decision = ruled.decision
    return {
        **decision.to_document(),
        "text": decision.text,
        "options": [] if decision.election is not None else [option.key for option in decision.options],
        "hand_points": {"before": list(ruled.hand_points_before), "after": list(ruled.hand_points_after)},
        "before": ruled.before.to_document(),
        "after": ruled.after.to_document(),
    }


def _dispute(text: bytes) -> dict[str, Any]:
    """The dispute's parts, each of the type it must have (ValueError naming the part otherwise)."""
    document = json.loads(text)
    if not isinstance(document, dict):
        raise ValueError('a dispute is a JSON object: {"rubber": ..., "hand": N, "irregularity": KEY, ...}')
    parts: dict[str, tuple[type | tuple[type, ...], Any]] = {
        "rubber": (dict, ...), "hand": (int, ...), "irregularity": (str, ...), "facts": (dict, {}),
        "election": ((str, type(None)), None)}
    unknown = sorted(str(key) for key in document if key not in parts)
    if unknown:  # a part the command does not read is refused, never dropped (a misspelt "election")
        raise ValueError(f"{unknown[0]}: not a part of a dispute (its parts: {', '.join(parts)})")
    out: dict[str, Any] = {}
    for key, (kind, default) in parts.items():
        value = document.get(key, default)
        if value is ... or not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise ValueError(f"{key}: missing or of the wrong type")
        out[key] = value
    return out


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as handle:
        return handle.read()


def _refuse(message: str) -> None:
    sys.stderr.write(f"rule: {message}\n")
    sys.exit(1)


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"cannot read {exc.filename}: {exc.strerror}"
    return " ".join(str(exc).split())
