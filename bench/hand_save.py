"""Benchmark: saving a hand (validate, store, rescore the rubber, store its result) on a 40-hand rubber,
and the rubber page's render time. Run: python bench/hand_save.py [--rubbers 30]

Uses a throwaway SQLite file (or DATABASE_URL when set) and prints medians.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rubbers", type=int, default=30)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp()
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tmp}/bench.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "euchre_club.settings.test"
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    from scoring.models import Player, Rubber
    from scoring.seeding.demo import seed_demo
    from scoring.services.hands import HandExtras, hand_record
    from scoring.services.rubbers import rubber_start

    seed_demo()
    event = Rubber.objects.first().event
    four = list(Player.objects.all()[:4])
    saves, pages = [], []
    client = Client(HTTP_HOST="127.0.0.1")
    client.login(username="secretary", password="somerset1888")
    for _ in range(args.rubbers):
        rubber = rubber_start(event=event, north=four[0], east=four[1], south=four[2], west=four[3], first_dealer="N")
        dealer = "N"
        seats = "NESW"
        for i in range(40):
            # Mostly passes and single points, so the rubber is still going at 40 hands.
            play = {"dealer": dealer, "result": "passed"} if i % 4 else {"dealer": dealer, "maker": "NESW"[i % 8 // 2],
                                                                          "tricks": 3}
            started = time.perf_counter()
            hand_record(rubber_id=rubber.pk, play=play, extras=HandExtras(), by=None)
            elapsed = time.perf_counter() - started
            if i == 39:
                saves.append(elapsed)
            dealer = seats[(seats.index(dealer) + 1) % 4]
        started = time.perf_counter()
        assert client.get(f"/rubbers/{rubber.pk}/", HTTP_HOST="127.0.0.1").status_code == 200
        pages.append(time.perf_counter() - started)
    print(f"save the 40th hand of a rubber: median {statistics.median(saves) * 1000:.1f} ms "
          f"(n={len(saves)}, max {max(saves) * 1000:.1f} ms)")
    print(f"rubber page with 40 hands:      median {statistics.median(pages) * 1000:.1f} ms (n={len(pages)})")


if __name__ == "__main__":
    main()
