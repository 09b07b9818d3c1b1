"""Benchmark: what the pages cost as the club's past grows. Builds clubs of 1,000, 10,000 and (with --sizes)
100,000 complete rubbers (`seed_bulk`, one SQLite file each, kept for later runs) and prints, for each size, the
CPU time (median, cache cold), the SQL queries and the bytes of: the site's empty frame, the event's standings
(and their page 2), the all-events standings, the club standings of each format, the busiest player's page, a
rubber's page, the event's page, the standings PDF, the busiest player's record PDF, the newest rubber's score
sheet, the home page, the room's poll, saving a hand, a phone's report and confirmation, and `export_club`.

The sizes are measured in one process, taking turns run by run (the connection moved from one file to the
next, and opened before the timed call), so that a machine busier at one moment than another weighs on every size
alike. Each page is read against the site's empty frame (its base page and menu through the same middleware). The
writes (a hand saved by its form's POST; a phone's report and the other side's confirmation) each start tonight's
rubber and are rolled back once measured, so every run and every page reads the club as it was built.

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
from common import django_on, frame_served

FRAME = "the site's empty frame"


@dataclass
class Club:
    """One size of club: its database file and what is measured on it."""

    size: int
    path: Path
    calls: dict[str, Callable[[], object] | Write] = field(default_factory=dict)
    frames: dict[str, list[float]] = field(default_factory=dict)
    """The frame's times, read beside each page's (by the page's name), so a change in the machine's speed falls on
    both alike."""
    notes: dict[str, str] = field(default_factory=dict)
    """What a page's figures were read over, by its name."""
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
        for club in clubs if name != "export_club" else ():  # a first reading warms Python, not the data
            use(club)
            cold(club.calls[name])
        for _ in range(runs):  # each size in turn, run by run, each page beside a reading of the frame
            for club in clubs:
                use(club)
                club.frames.setdefault(name, []).append(cold(club.calls[FRAME]))
                club.times.setdefault(name, []).append(cold(club.calls[name]))
        for club in clubs:
            use(club)
            club.queries[name] = counted(club.calls[name])
    sizes = " ".join(f"{club.size:>10,}" for club in clubs)
    print(f"{'page':44} {sizes} {'x frame':>14} {'queries':>10}  bytes")
    for name in names:
        label = f"{name} ({clubs[-1].notes[name]})" if name in clubs[-1].notes else name
        medians = [statistics.median(club.times[name]) for club in clubs]
        ratios = " / ".join(f"{m / statistics.median(club.frames[name]):.1f}" for m, club in zip(medians, clubs,
                                                                                                   strict=True))
        size = " / ".join(f"{club.sizes[name]:,}" for club in clubs) if name in clubs[0].sizes else ""
        print(f"{label[:44]:44} {' '.join(f'{m:10.1f}' for m in medians)} {ratios:>14} "
              f"{' / '.join(str(club.queries[name]) for club in clubs):>10}  {size}", flush=True)
    print("(CPU ms, median, cache cold, signed in; export_club one run; x frame: against the site's empty frame read "
          "just before each reading of the page, at the same size)")


def use(club: Club) -> None:
    """Turn to `club`'s database and open it, so that no timed call pays for opening it."""
    from django.db import connection

    use_database(club.path)
    connection.ensure_connection()


def opened(size: int, folder: Path, *, export: bool) -> Club:
    """The club of `size` rubbers (built when its file has fewer), and the calls measured on it."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db.models import Count, Max
    from django.test import Client

    from scoring.engine.rulebook import STANDINGS
    from scoring.models import Event, Player, Rubber
    from scoring.reporting.services import working_code
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
    client, phone = Client(), Client()
    client.force_login(member)
    pages = {FRAME: frame_served(),
             "event standings": f"/events/{event.slug}/standings/",
             "event standings, page 2": f"/events/{event.slug}/standings/?page=2",
             "all-events standings": "/standings/",
             **{f"club standings, {key}": f"/standings/?code={key}" for key in STANDINGS},
             "busy player's page": f"/players/{busiest.pk}/", "rubber page": f"/rubbers/{rubber.pk}/",
             "event page": f"/events/{event.slug}/", "standings PDF": f"/events/{event.slug}/standings.pdf",
             "record PDF": f"/players/{busiest.pk}/record.pdf", "score sheet PDF": f"/rubbers/{rubber.pk}/sheet.pdf",
             "home": "/", "room poll": f"/events/{event.slug}/room/"}
    for name, url in pages.items():
        headers = {"HX-Request": "true"} if name == "room poll" else {}

        def get(url: str = url, headers: dict[str, str] = headers, name: str = name) -> None:
            response = client.get(url, headers=headers)
            assert response.status_code == 200, (url, response.status_code)
            club.sizes[name] = len(b"".join(response.streaming_content) if response.streaming else response.content)

        club.calls[name] = get
    club.notes["busy player's page"] = f"{busiest.n:,} results"
    four = list(Player.objects.all()[:4])
    # Tonight is a day after the club's last, whatever its size. Each write below runs in a transaction rolled back
    # once it is measured, so every run, and every later page, reads the club as it was built.
    last = Rubber.objects.aggregate(last=Max("played_on"))["last"]
    tonight = {"event": event, "north": four[0], "east": four[1], "south": four[2], "west": four[3],
               "first_dealer": "N", "played_on": last + dt.timedelta(days=1)}

    def save() -> Callable[[], None]:
        playing = rubber_start(**tonight)

        def post() -> None:
            response = client.post(f"/rubbers/{playing.pk}/hands/", {"dealer": "N", "maker": "E", "tricks": "3",
                                                                      "result": "played"})
            assert response.status_code == 302 and playing.hands.count() == 1

        return post

    def report_and_confirm() -> Callable[[], None]:
        playing = rubber_start(**tonight)
        code = working_code(playing)
        assert code is not None

        def posts() -> None:
            response = phone.post(f"/t/{code.code}/report/", {"reporter": four[0].pk, "maker": "E", "tricks": 3})
            assert response.status_code == 302
            waiting = playing.hand_reports.get()
            response = phone.post(f"/t/{code.code}/reports/{waiting.pk}/answer/",
                                  {"answer": "confirm", "player": four[1].pk})
            assert response.status_code == 302 and playing.hands.count() == 1

        return posts

    club.calls["hand save (POST)"] = Write(save)
    club.calls["phone's report and confirm (2 POSTs)"] = Write(report_and_confirm)
    if export:
        def export_all() -> None:
            with tempfile.TemporaryDirectory() as out:
                call_command("export_club", out, stdout=open("/dev/null", "w"))  # noqa: SIM115

        club.calls["export_club"] = export_all
    return club


@dataclass
class Write:
    """A write measured alone: `ready` (not measured) makes what it writes to and gives the call to measure; both
    run in a transaction rolled back afterwards, so every run and every page reads the club as it was built."""

    ready: Callable[[], Callable[[], object]]


def measured(call: Callable[[], object] | Write, measure: Callable[[Callable[[], object]], float]) -> float:
    """`measure` of the call (a write's measured part, rolled back after)."""
    if not isinstance(call, Write):
        return measure(call)
    from django.db import transaction

    with transaction.atomic():
        figure = measure(call.ready())
        transaction.set_rollback(True)
    return figure


def cold(call: Callable[[], object] | Write) -> float:
    """CPU milliseconds of one call, the cache emptied first."""
    from django.core.cache import cache

    def cpu(run: Callable[[], object]) -> float:
        cache.clear()
        started = time.process_time()
        run()
        return (time.process_time() - started) * 1000

    return measured(call, cpu)


def counted(call: Callable[[], object] | Write) -> int:
    """The queries of one call, the cache emptied first. Savepoints are not counted: a write measured here runs
    inside the bench's own transaction (rolled back after), where each of the request's transactions becomes a
    savepoint; served, it opens and commits them as transactions, which are not queries."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(run: Callable[[], object]) -> float:
        cache.clear()
        with CaptureQueriesContext(connection) as captured:
            run()
        return sum(1 for query in captured if not query["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT")))

    return int(measured(call, queries))


if __name__ == "__main__":
    main()
