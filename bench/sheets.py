"""Benchmark: printed documents. A 40-hand rubber's score sheet, and the standings PDF of an event
with 500 players (SQLite). Run: python bench/sheets.py [--runs 21] [--players 500] [--rubbers 1500] [--db PATH]

Builds the data once in a SQLite file (kept at --db), then fetches each PDF repeatedly with the
test client and prints the median and the spread. For the rubber sheet it also times the drawing
alone (plain data to PDF bytes). One of each PDF is left beside the SQLite file to look at.
Targets: the 40-hand rubber sheet at most 100 ms, the 500-player standings PDF at most 2 s.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import django_on, report, timed

HANDS = 40
PLAYERS = 500
RUBBERS = 1500


def long_rubber():  # type: ignore[no-untyped-def]
    """A complete rubber of exactly 40 hands: passes, then single points traded 5-4 in three games, a revoke."""
    from scoring.models import Event, Player, Rubber
    from scoring.services.hands import HandExtras, hand_record
    from scoring.services.rubbers import rubber_start

    event, _ = Event.objects.get_or_create(slug="sheet-bench", defaults={
        "name": "Sheet benchmark", "starts_on": dt.date(2026, 1, 1)})
    existing = Rubber.objects.filter(event=event, hand_count=HANDS).first()
    if existing:
        return existing
    four = [Player.objects.get_or_create(display_name=f"Sheet player {n}")[0] for n in range(4)]
    rubber = rubber_start(event=event, north=four[0], east=four[1], south=four[2], west=four[3],
                          first_dealer="N", table_label="7", played_on=dt.date(2026, 1, 5))

    def hand(**play: object) -> None:
        rubber.refresh_from_db()
        hand_record(rubber_id=rubber.pk, play={"dealer": rubber.next_dealer, **play}, extras=HandExtras(), by=None)

    for _ in range(HANDS - 27):
        hand(result="passed")
    for _ in range(3):  # each game: NS and EW trade single points, NS first, to 5-4
        for i in range(9):
            hand(maker="N" if i % 2 == 0 else "E", tricks=3, declaration="made")
    rubber.refresh_from_db()
    assert rubber.hand_count == HANDS and rubber.status == Rubber.Status.COMPLETE, rubber.hand_count
    return rubber


def big_event(players: int, rubbers: int):  # type: ignore[no-untyped-def]
    from scoring.models import Event, Player
    from scoring.seeding.bulk import seed_bulk

    event, created = Event.objects.get_or_create(slug="five-hundred", defaults={
        "name": "Five hundred players", "starts_on": dt.date(2026, 1, 1)})
    if created or not event.rubbers.exists():
        members = [Player.objects.get_or_create(display_name=f"Member {n:03d}")[0] for n in range(players)]
        started = time.perf_counter()
        seed_bulk(rubbers=rubbers, event=event, players=members)
        print(f"built the {players}-player event in {time.perf_counter() - started:.1f} s")
    return event


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--rubbers", type=int, default=RUBBERS)
    parser.add_argument("--db", default="/tmp/euchre-bench-sheets.sqlite3")
    args = parser.parse_args()
    django_on(f"sqlite:///{args.db}")
    from django.test import Client

    from scoring.club.selectors import rubber_for_page
    from scoring.models import RubberPlayerResult
    from scoring.printing.pdf.rubber_sheet import rubber_sheet_pdf
    from scoring.printing.sheets import rubber_sheet

    rubber = long_rubber()
    event = big_event(args.players, args.rubbers)
    players = RubberPlayerResult.objects.filter(rubber__event=event).values("player").distinct().count()
    print(f"rubber {rubber.pk}: {rubber.hand_count} hands; event {event.slug}: {event.rubbers.count()} rubbers, "
          f"{players} players")

    client = Client()

    def fetch(url: str) -> Callable[[], object]:
        def get() -> object:
            response = client.get(url)
            assert response.status_code == 200 and response.content.startswith(b"%PDF")
            return response
        return get

    report(f"rubber sheet, {HANDS} hands (request)", timed(args.runs, fetch(f"/rubbers/{rubber.pk}/sheet.pdf")))
    sheet = rubber_sheet(rubber_for_page(rubber.pk))
    report(f"rubber sheet, {HANDS} hands (drawing only)", timed(args.runs, lambda: rubber_sheet_pdf(sheet)))
    report(f"standings PDF, {players} players", timed(max(5, args.runs // 3),
                                                      fetch(f"/events/{event.slug}/standings.pdf")))
    from pypdf import PdfReader

    for name, url in (("rubber sheet", f"/rubbers/{rubber.pk}/sheet.pdf"),
                      ("standings PDF", f"/events/{event.slug}/standings.pdf")):
        content = client.get(url).content
        Path(args.db).with_name(f"bench-{name.replace(' ', '-')}.pdf").write_bytes(content)  # beside the data
        print(f"{name}: {len(PdfReader(io.BytesIO(content)).pages)} pages, {len(content) // 1024} KiB")


if __name__ == "__main__":
    main()
