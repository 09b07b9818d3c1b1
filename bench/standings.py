"""Benchmark: the event standings page and a player page with 10,000 complete rubbers in one event
(SQLite). Run: python bench/standings.py [--rubbers 10000] [--runs 21] [--db PATH]

Builds the club once in a SQLite file (kept at --db for later runs), then renders each page
repeatedly with the test client and prints the median and the spread (the tests assert each page's fixed query count).
Targets: standings at most 300 ms, player page at most 100 ms, at the median.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import django_on, report, timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rubbers", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--db", default="/tmp/euchre-bench-club.sqlite3")
    args = parser.parse_args()
    django_on(f"sqlite:///{args.db}")
    from django.core.management import call_command
    from django.test import Client

    from scoring.models import Event, Player, RubberPlayerResult

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
        def get(url: str = url) -> None:
            assert client.get(url).status_code == 200

        report(name, timed(args.runs, get))


if __name__ == "__main__":
    main()
