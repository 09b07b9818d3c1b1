"""Benchmark: what the pages cost as the club's past grows. Builds clubs of 1,000, 10,000 and (with --sizes)
100,000 complete rubbers (`seed_bulk`, one SQLite file each, kept for later runs) and prints, for each size, the
CPU time (median, cache cold), the SQL queries and the bytes of: the event's standings, the all-events standings,
the busiest player's page, a rubber's page, the event's page, the standings PDF, the busiest player's record PDF,
the home page, the room's poll, saving a hand, and `export_club`.

The sizes are measured in one process, taking turns run by run (the connection moved from one file to the
next), so that a machine busier at one moment than another weighs on every size alike.

Run: python bench/growth.py [--sizes 1000 10000 100000] [--runs 9] [--dir /tmp] [--no-export]
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from backup import use_database
from common import django_on


@dataclass
class Club:
    """One size of club: its database file and what is measured on it."""

    size: int
    path: Path
    calls: dict[str, Callable[[], object]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    queries: dict[str, int] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)
    """Bytes of each page's last response, by the page's name."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--dir", default="/tmp")
    parser.add_argument("--no-export", action="store_true")
    args = parser.parse_args()
    folder = Path(args.dir)
    django_on(f"sqlite:///{folder / f'euchre-growth-{args.sizes[0]}.sqlite3'}")
    clubs = [opened(size, folder, export=not args.no_export) for size in args.sizes]
    names = list(clubs[0].calls)
    for name in names:
        runs = 1 if name == "export_club" else args.runs
        for _ in range(runs):  # each size in turn, run by run
            for club in clubs:
                use_database(club.path)
                club.times.setdefault(name, []).append(cold(club.calls[name]))
        for club in clubs:
            use_database(club.path)
            club.queries[name] = counted(club.calls[name])
    print(f"{'page':40} " + " ".join(f"{club.size:>10,}" for club in clubs) + f" {'queries':>14}  bytes")
    for name in names:
        label = f"{name} ({clubs[-1].calls[name].__doc__})" if clubs[-1].calls[name].__doc__ else name
        cpu = " ".join(f"{statistics.median(club.times[name]):10.1f}" for club in clubs)
        size = " / ".join(f"{club.sizes[name]:,}" for club in clubs) if name in clubs[0].sizes else ""
        print(f"{label[:40]:40} {cpu} {' / '.join(str(club.queries[name]) for club in clubs):>14}  {size}",
              flush=True)
    print("(CPU ms, median, cache cold; export_club one run; the player's results: "
          + ", ".join(f"{club.calls[names[2]].__doc__}" for club in clubs) + ")")


def opened(size: int, folder: Path, *, export: bool) -> Club:
    """The club of `size` rubbers (built when its file has fewer), and the calls measured on it."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db.models import Count, Max
    from django.test import Client

    from scoring.models import Event, Player, Rubber
    from scoring.services.hands import HandExtras, hand_record
    from scoring.services.rubbers import rubber_start

    club = Club(size, folder / f"euchre-growth-{size}.sqlite3")
    use_database(club.path)
    call_command("migrate", verbosity=0)
    have = Rubber.objects.filter(event__slug="big-club").count()
    if have < size:
        started = time.perf_counter()
        call_command("seed_bulk", rubbers=size - have, event="big-club")
        print(f"  (built {size} rubbers in {time.perf_counter() - started:.0f} s)", file=sys.stderr)
    event = Event.objects.get(slug="big-club")
    busiest = Player.objects.annotate(n=Count("rubber_results")).order_by("-n").first()
    rubber = Rubber.objects.filter(event=event).order_by("-pk").first()
    assert busiest is not None and rubber is not None
    member = get_user_model().objects.filter(username="growth").first() or get_user_model().objects.create_user(
        "growth", password="growth-bench-1888", is_superuser=True)
    client = Client()
    client.force_login(member)
    pages = {"event standings": f"/events/{event.slug}/standings/", "all-events standings": "/standings/",
             "busy player's page": f"/players/{busiest.pk}/", "rubber page": f"/rubbers/{rubber.pk}/",
             "event page": f"/events/{event.slug}/", "standings PDF": f"/events/{event.slug}/standings.pdf",
             "record PDF": f"/players/{busiest.pk}/record.pdf", "home": "/",
             "room poll": f"/events/{event.slug}/room/"}
    for name, url in pages.items():
        headers = {"HX-Request": "true"} if name == "room poll" else {}

        def get(url: str = url, headers: dict[str, str] = headers, name: str = name) -> None:
            response = client.get(url, headers=headers)
            assert response.status_code == 200, (url, response.status_code)
            club.sizes[name] = len(b"".join(response.streaming_content) if response.streaming else response.content)

        club.calls[name] = get
    club.calls["busy player's page"].__doc__ = f"{busiest.n:,} results"
    four = list(Player.objects.all()[:4])
    # Tonight is a day after the club's last, whatever its size: a night's hands saved beside a night's rubbers.
    last = Rubber.objects.aggregate(last=Max("played_on"))["last"]
    tonight = {"event": event, "north": four[0], "east": four[1], "south": four[2], "west": four[3],
               "first_dealer": "N", "played_on": last + dt.timedelta(days=1)}
    playing = rubber_start(**tonight)

    def save() -> None:
        playing.refresh_from_db()
        if playing.status != Rubber.Status.IN_PROGRESS:  # a long run finishes its rubber: the next one
            playing.__dict__.update(rubber_start(**tonight).__dict__)
        hand_record(rubber_id=playing.pk, play={"dealer": playing.next_dealer, "maker": "N", "tricks": 3},
                    extras=HandExtras(), by=None)

    club.calls["hand save"] = save
    if export:
        def export_all() -> None:
            with tempfile.TemporaryDirectory() as out:
                call_command("export_club", out, stdout=open("/dev/null", "w"))  # noqa: SIM115

        club.calls["export_club"] = export_all
    return club


def cold(call: Callable[[], object]) -> float:
    """CPU milliseconds of one call, the cache emptied first."""
    from django.core.cache import cache

    cache.clear()
    started = time.process_time()
    call()
    return (time.process_time() - started) * 1000


def counted(call: Callable[[], object]) -> int:
    """The queries of one call, the cache emptied first."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        call()
    return len(queries)


if __name__ == "__main__":
    main()
