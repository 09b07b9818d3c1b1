"""Benchmark: the event standings page and a player page with 10,000 complete rubbers in one event
(SQLite). Run: python bench/standings.py [--rubbers 10000] [--runs 21] [--db PATH]

Builds the club once in a SQLite file (kept at --db for later runs), then renders each page
repeatedly with the test client and prints the median and the spread (the tests assert each page's fixed query count).
Targets: standings at most 300 ms, player page at most 200 ms, at the median.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rubbers", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--db", default="/tmp/euchre-bench-club.sqlite3")
    args = parser.parse_args()
    os.environ["DATABASE_URL"] = f"sqlite:///{args.db}"
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ["DJANGO_SETTINGS_MODULE"] = "euchre_club.settings.test"  # DEBUG off, as in production
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from scoring.models import Event, Player, RubberPlayerResult

    call_command("migrate", verbosity=0)
    event = Event.objects.filter(slug="big-club").first()
    have = event.rubbers.count() if event else 0
    if have < args.rubbers:
        started = time.perf_counter()
        call_command("seed_bulk", rubbers=args.rubbers - have, event="big-club")
        print(f"built the club in {time.perf_counter() - started:.1f} s")
    event = Event.objects.get(slug="big-club")
    player = Player.objects.filter(rubber_results__rubber__event=event).first()
    assert player is not None
    played = RubberPlayerResult.objects.filter(player=player).count()
    print(f"{event.rubbers.count()} rubbers in {event.slug}; player {player.pk} played {played}")

    client = Client()
    pages = {
        "standings": f"/events/{event.slug}/standings/",
        "standings sorted by points for": f"/events/{event.slug}/standings/?sort=-scored_for",
        "standings CSV": f"/events/{event.slug}/standings/?_export=csv",
        "player page": f"/players/{player.pk}/",
    }
    for name, url in pages.items():
        assert client.get(url).status_code == 200  # warm up
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200
        print(f"{name:32} median {statistics.median(times):7.1f} ms  "
              f"(min {min(times):.1f}, max {max(times):.1f})")


if __name__ == "__main__":
    main()
