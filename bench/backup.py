"""Benchmark: backing up a club of complete rubbers and restoring it into an empty database (SQLite).
Run: python bench/backup.py [--rubbers 10000] [--runs 3] [--db PATH]

Builds the club once in a SQLite file (`seed_bulk`, kept at --db for later runs), then times
`export_club` to a temporary folder and `import_club` of that folder into a fresh, migrated, empty
SQLite file, and prints the median wall-clock and CPU time of each and its queries per rubber.
Targets at 10,000 rubbers: out in under 15 s, back in under 60 s.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import django_on


@dataclass
class Run:
    """One timed call: seconds of wall clock and of this process's CPU (SQLite's work included), and queries."""

    wall: float
    cpu: float
    queries: int


@contextmanager
def counting() -> Iterator[list[int]]:
    """Count every statement sent to the database (DEBUG off keeps no list of them, and a long run
    would overflow the one `CaptureQueriesContext` keeps)."""
    from django.db import connection

    count = [0]

    def wrapper(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        count[0] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield count


def timed_run(call: Callable[[], object]) -> Run:
    with counting() as count:
        wall, cpu = time.perf_counter(), time.process_time()
        call()
        return Run(time.perf_counter() - wall, time.process_time() - cpu, count[0])


def use_database(path: Path) -> None:
    """Point Django's one connection at another SQLite file (connected afresh on the next query)."""
    from django.db import connection

    connection.close()
    connection.settings_dict["NAME"] = str(path)


def empty_database(folder: Path) -> Path:
    """A migrated database with nothing in it, to copy for each restore."""
    from django.core.management import call_command

    path = folder / "empty.sqlite3"
    use_database(path)
    call_command("migrate", verbosity=0)
    return path


def print_runs(name: str, runs: list[Run], rubbers: int) -> None:
    wall = statistics.median(r.wall for r in runs)
    cpu = statistics.median(r.cpu for r in runs)
    queries = statistics.median(r.queries for r in runs)
    print(f"{name:8} median {wall:7.2f} s wall, {cpu:7.2f} s CPU  (wall min {min(r.wall for r in runs):.2f}, "
          f"max {max(r.wall for r in runs):.2f});  {queries:.0f} queries, {queries / rubbers:.2f} a rubber")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rubbers", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--db", default="/tmp/euchre-bench-backup.sqlite3")
    args = parser.parse_args()
    django_on(f"sqlite:///{args.db}")
    from django.core.management import call_command

    from scoring.models import Hand, Rubber
    from scoring.services.backup import club_export, club_import

    have = Rubber.objects.count()
    if have < args.rubbers:
        started = time.perf_counter()
        call_command("seed_bulk", rubbers=args.rubbers - have, event="big-club")
        print(f"built the club in {time.perf_counter() - started:.1f} s")
    rubbers = Rubber.objects.count()
    print(f"{rubbers} rubbers, {Hand.objects.count()} hands in {args.db}")

    work = Path(tempfile.mkdtemp(prefix="euchre-bench-backup-"))
    try:
        folder = work / "backup"
        exports = []
        for _ in range(args.runs):
            shutil.rmtree(folder, ignore_errors=True)
            exports.append(timed_run(lambda: club_export(folder)))
        print_runs("export", exports, rubbers)

        empty = empty_database(work)
        imports = []
        for run in range(args.runs):
            fresh = work / f"restore-{run}.sqlite3"
            shutil.copy(empty, fresh)
            use_database(fresh)
            imports.append(timed_run(lambda: club_import(folder)))
            assert Rubber.objects.count() == rubbers
            use_database(empty)
            fresh.unlink()
        print_runs("import", imports, rubbers)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
