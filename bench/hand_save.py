"""Benchmark: saving a hand (validate, store, rescore the rubber, store its result) on a 40-hand rubber,
and the rubber page's render time. Run: python bench/hand_save.py [--rubbers 30] [--db PATH]

Uses a throwaway SQLite file (or --db) and prints medians.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import django_on, report, timed

HANDS = 40


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rubbers", type=int, default=30)
    parser.add_argument("--db", default=f"{tempfile.mkdtemp()}/bench-hand-save.sqlite3")
    args = parser.parse_args()
    django_on(f"sqlite:///{args.db}")
    from django.contrib.auth import get_user_model
    from django.test import Client

    from scoring.models import Event, Player
    from scoring.seeding.demo import SECRETARY, seed_demo
    from scoring.services.hands import HandExtras, hand_record
    from scoring.services.rubbers import rubber_start

    seed_demo()
    event = Event.objects.get(slug="autumn-club-nights")  # a Somerset event of rubbers: 40 hands stay in play
    four = list(Player.objects.all()[:4])
    client = Client()
    client.force_login(get_user_model().objects.get(username=SECRETARY[0]))
    saves, pages = [], []
    for _ in range(args.rubbers):
        rubber = rubber_start(event=event, north=four[0], east=four[1], south=four[2], west=four[3], first_dealer="N")
        seats = "NESW"
        for i in range(HANDS):
            dealer = seats[i % 4]
            # Mostly passes and single points, so the rubber is still going at 40 hands.
            play = {"dealer": dealer, "result": "passed"} if i % 4 else {"dealer": dealer, "maker": "NESW"[i % 8 // 2],
                                                                          "tricks": 3}
            started = time.perf_counter()
            hand_record(rubber_id=rubber.pk, play=play, extras=HandExtras(), by=None)
            if i == HANDS - 1:
                saves.append((time.perf_counter() - started) * 1000)

        def page(pk: int = rubber.pk) -> None:
            response = client.get(f"/rubbers/{pk}/")
            assert response.status_code == 200 and b"Record hand" in response.content

        pages += timed(1, page)
    report(f"save the {HANDS}th hand of a rubber", saves)
    report(f"rubber page with {HANDS} hands (secretary)", pages)


if __name__ == "__main__":
    main()
