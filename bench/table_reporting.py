"""Benchmark: a table reporting from phones on a 40-hand rubber: the table page a phone opens, the
poll it makes every five seconds, reporting a hand, and the other side confirming it (recorded and the
rubber rescored). Run: python bench/table_reporting.py [--rubbers 20] [--db PATH]

Uses a throwaway SQLite file (or --db) and prints medians.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import django_on, report, timed

HANDS = 40


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rubbers", type=int, default=20)
    parser.add_argument("--db", default=f"{tempfile.mkdtemp()}/bench-table-reporting.sqlite3")
    args = parser.parse_args()
    django_on(f"sqlite:///{args.db}")
    from django.test import Client

    from scoring.models import Event, Player
    from scoring.reporting.services import working_code
    from scoring.seeding.demo import seed_demo
    from scoring.services.hands import HandExtras, hand_record
    from scoring.services.rubbers import rubber_start

    seed_demo()
    event = Event.objects.get(slug="autumn-club-nights")  # a Somerset event of rubbers: long rubbers stay in play
    four = list(Player.objects.all()[:4])
    phone = Client()
    pages, polls, reports, confirms = [], [], [], []
    for _ in range(args.rubbers):
        rubber = rubber_start(event=event, north=four[0], east=four[1], south=four[2], west=four[3], first_dealer="N")
        for i in range(HANDS - 1):  # mostly passes, so that the rubber is still going at 40 hands
            dealer = "NESW"[i % 4]
            play = {"dealer": dealer, "result": "passed"} if i % 4 else {"dealer": dealer, "maker": "NESW"[i % 8 // 2],
                                                                          "tricks": 3}
            hand_record(rubber_id=rubber.pk, play=play, extras=HandExtras(), by=None)
        code = working_code(rubber)
        assert code is not None
        url = f"/t/{code.code}/"
        page = phone.get(url)
        state = re.search(r"\?state=([^\"]+)\"", page.content.decode())
        assert page.status_code == 200 and state is not None

        def open_page(url: str = url) -> None:
            assert phone.get(url).status_code == 200

        def poll(url: str = url, key: str = state.group(1)) -> None:
            assert phone.get(url, {"state": key}, HTTP_HX_REQUEST="true").status_code == 204

        pages += timed(1, open_page)
        polls += timed(3, poll)
        started = time.perf_counter()
        response = phone.post(f"{url}report/", {"reporter": four[0].pk, "maker": "N", "tricks": 3})
        reports.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 302
        waiting = rubber.hand_reports.get()
        started = time.perf_counter()
        response = phone.post(f"{url}reports/{waiting.pk}/answer/", {"answer": "confirm", "player": four[1].pk})
        confirms.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 302 and rubber.hands.count() == HANDS
    report(f"table page on a phone, {HANDS - 1} hands played", pages)
    report("the phone's poll, nothing changed", polls)
    report(f"report hand {HANDS} (checked against the rubber, saved to wait)", reports)
    report(f"confirm hand {HANDS} (recorded, rubber rescored)", confirms)


if __name__ == "__main__":
    main()
