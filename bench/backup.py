"""Benchmark: backing up a club of complete rubbers and restoring it into an empty database (SQLite).
Run: python bench/backup.py [--rubbers 10000] [--runs 3] [--db PATH]

Builds the club once in a SQLite file (`seed_bulk`, kept at --db for later runs), then times
`export_club` to a temporary folder and `import_club` of that folder into a fresh, migrated, empty
SQLite file, and prints the median wall-clock and CPU time of each and its queries per rubber. Then, in a
process of its own, `rebuild_totals` from nothing (as a restore runs it) and again with every row in place, and
the process's peak memory above what it held before.
Targets at 10,000 rubbers: out in under 15 s, back in under 60 s; the rebuild under 200 MB at 100,000.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
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


def sqlite_copy(source: Path, target: Path) -> None:
    """A copy of a SQLite database as it stands, what its write-ahead log holds included (a copy of the file
    alone may miss it)."""
    import sqlite3

    with sqlite3.connect(source) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)
    reading.close()
    writing.close()


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
    parser.add_argument("--rebuild-only", action="store_true", help="only the rebuild's memory")
    parser.add_argument("--rebuild-child", choices=["empty", "kept"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    django_on(f"sqlite:///{args.db}")
    if args.rebuild_child:
        rebuild_measured(args.rebuild_child)
        return
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

    if args.rebuild_only:
        rebuild_memory(args.db)
        return
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
            sqlite_copy(empty, fresh)
            use_database(fresh)
            imports.append(timed_run(lambda: club_import(folder)))
            assert Rubber.objects.count() == rubbers
            use_database(empty)
            fresh.unlink()
        print_runs("import", imports, rubbers)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rebuild_memory(args.db)


def rebuild_memory(db: str) -> None:
    """`rebuild_totals` in a process of its own, from nothing (as a restore runs it; on a copy of the club)
    and with every kept row in place: its peak memory above the process's before it."""
    with tempfile.TemporaryDirectory(prefix="euchre-bench-rebuild-") as work:
        copy = Path(work) / "club.sqlite3"
        sqlite_copy(Path(db), copy)
        for start in ("empty", "kept"):
            subprocess.run([sys.executable, __file__, "--db", str(copy), "--rebuild-child", start], check=True)


def _memory(line: str) -> float:
    """This process's resident memory in MB, now (VmRSS) or at its peak since it was last reset (VmHWM)."""
    for row in Path("/proc/self/status").read_text().splitlines():
        if row.startswith(f"{line}:"):
            return int(row.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rebuild_measured(start: str) -> None:
    from django.db import connection, transaction

    from scoring.services.kept import KINDS, totals_rebuild

    if start == "empty":  # in SQL: a queryset's delete() would read every row into memory first
        with connection.cursor() as cursor:
            for kind in KINDS:
                cursor.execute(f"DELETE FROM {connection.ops.quote_name(kind.model._meta.db_table)}")
    before = _memory("VmRSS")
    Path("/proc/self/clear_refs").write_text("5")  # the peak so far (setting up, migrating) forgotten
    wall, cpu = time.perf_counter(), time.process_time()
    with transaction.atomic():
        differed = totals_rebuild()
    peak = _memory("VmHWM")
    print(f"rebuild from {start:5}: {time.perf_counter() - wall:6.1f} s wall, {time.process_time() - cpu:6.1f} s CPU, "
          f"peak {peak:.0f} MB ({peak - before:.0f} MB above the {before:.0f} MB before); "
          f"{len(differed)} event-days rewritten", flush=True)


if __name__ == "__main__":
    main()
