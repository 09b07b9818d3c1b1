"""Benchmark: what the pages cost as the club's past grows. Builds clubs of 1,000, 10,000 and (with --sizes)
100,000 complete rubbers (`seed_bulk`, one SQLite file each, kept for later runs) and prints, for each size, the
CPU time (median, cache cold) and the SQL queries of: the event's standings, the all-events standings, the
busiest player's page, a rubber's page, saving a hand, and `export_club`.

Run: python bench/growth.py [--sizes 1000 10000 100000] [--runs 5] [--dir /tmp] [--no-export]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", default="/tmp")
    parser.add_argument("--no-export", action="store_true")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # one size, in a process of its own
    args = parser.parse_args()
    if args.one is not None:
        measure(args.one, args.runs, Path(args.dir), not args.no_export)
        return
    print(f"{'page':34} {'rubbers':>8} {'CPU ms':>9} {'queries':>8}")
    for size in args.sizes:  # each size in a fresh process: one Django, one database
        command = [sys.executable, __file__, "--one", str(size), "--runs", str(args.runs), "--dir", args.dir]
        subprocess.run(command + (["--no-export"] if args.no_export else []), check=True)


def measure(size: int, runs: int, folder: Path, export: bool) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from common import django_on

    django_on(f"sqlite:///{folder / f'euchre-growth-{size}.sqlite3'}")
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.db.models import Count
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from scoring.models import Event, Player, Rubber
    from scoring.services.hands import HandExtras, hand_record
    from scoring.services.rubbers import rubber_start

    have = Rubber.objects.filter(event__slug="big-club").count()
    if have < size:
        started = time.perf_counter()
        call_command("seed_bulk", rubbers=size - have, event="big-club")
        print(f"  (built {size} rubbers in {time.perf_counter() - started:.0f} s)", file=sys.stderr)
    event = Event.objects.get(slug="big-club")
    busiest = Player.objects.annotate(n=Count("rubber_results")).order_by("-n").first()
    assert busiest is not None
    member = get_user_model().objects.filter(username="growth").first() or get_user_model().objects.create_user(
        "growth", password="growth-bench-1888", is_superuser=True)
    client = Client()
    client.force_login(member)
    rubber = Rubber.objects.filter(event=event).order_by("-pk").first()
    assert rubber is not None
    pages = {
        "event standings": f"/events/{event.slug}/standings/",
        "all-events standings": "/standings/",
        f"busy player's page ({busiest.n} results)": f"/players/{busiest.pk}/",
        "rubber page": f"/rubbers/{rubber.pk}/",
    }
    for name, url in pages.items():
        def get(url: str = url) -> None:
            assert client.get(url).status_code == 200

        line(name, size, *cold(runs, get, cache, connection, CaptureQueriesContext))
    four = list(Player.objects.all()[:4])
    playing = rubber_start(event=event, north=four[0], east=four[1], south=four[2], west=four[3], first_dealer="N")

    def save() -> None:
        playing.refresh_from_db()
        hand_record(rubber_id=playing.pk, play={"dealer": playing.next_dealer, "maker": "N", "tricks": 3},
                    extras=HandExtras(), by=None)

    line("hand save", size, *cold(runs, save, cache, connection, CaptureQueriesContext))
    if export:
        def export_all() -> None:
            with tempfile.TemporaryDirectory() as out:
                call_command("export_club", out, stdout=open("/dev/null", "w"))  # noqa: SIM115

        line("export_club", size, *cold(1, export_all, cache, connection, CaptureQueriesContext))


def cold(runs, call, cache, connection, capture) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    """The median CPU milliseconds of `runs` calls, each with the cache emptied first, and one call's queries."""
    times = []
    for _ in range(runs):
        cache.clear()
        started = time.process_time()
        call()
        times.append((time.process_time() - started) * 1000)
    cache.clear()
    with capture(connection) as queries:
        call()
    return statistics.median(times), len(queries)


def line(name: str, size: int, cpu: float, queries: int) -> None:
    print(f"{name:34} {size:8} {cpu:9.1f} {queries:8}", flush=True)


if __name__ == "__main__":
    main()
