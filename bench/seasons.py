"""Benchmark: a season's table and its page with 40 progressive nights of 60 players (SQLite).
Run: python bench/seasons.py [--nights 40] [--players 60] [--runs 11] [--db PATH]

Builds the season once in a SQLite file (kept at --db for later runs; each night one round of paper totals), then
measures in CPU time (this process's, so a busy machine's other work does not count) the season's table as the pages
read it, with the cache cleared before each run and with it warm, and the site's empty frame, the season page and
its CSV over HTTP (a visitor's, signed out); with each one's SQL query count, which the tests hold constant as nights
grow, and its cost over the frame's.
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import django_on, frame_served

SLUG = "bench-season"


def cpu_ms(runs: int, fetch: Callable[[], object], before: Callable[[], object] = lambda: None) -> list[float]:
    """CPU milliseconds for each of `runs` calls of `fetch` (`before` each, untimed), after one to warm up."""
    before()
    fetch()
    times = []
    for _ in range(runs):
        before()
        started = time.process_time()
        fetch()
        times.append((time.process_time() - started) * 1000)
    return times


def built(nights: int, players: int) -> object:
    """The season, its nights and players made through the services the secretary uses."""
    from scoring.models import Player, Season
    from scoring.rounds.services import entrants_set, round_close, round_start, round_totals_enter, schedule_make
    from scoring.services.events import event_create
    from scoring.services.seasons import season_create

    season = Season.objects.filter(slug=SLUG).first()
    if season is not None and season.nights.count() >= nights:
        return season
    first = dt.date(2026, 1, 7)
    season = season or season_create(name="A season of the bench", slug=SLUG, key="progressive", starts_on=first,
                                      ends_on=first + dt.timedelta(weeks=nights), best=max(1, nights - 4), qualify=3)
    roll = [Player.objects.get_or_create(display_name=f"Bench player {n:03d} of the season's long names")[0]
            for n in range(players + 4)]
    for night in range(season.nights.count(), nights):
        event = event_create(name=f"Night {night + 1}", slug=f"{SLUG}-{night + 1}", starts_on=first +
                             dt.timedelta(weeks=night), mode="progressive", rounds=1, deal_limit=8, season=season)
        entrants_set(event=event, players=roll[night % 5:night % 5 + players])  # absences go round
        round_ = schedule_make(event=event)[0]
        round_start(round_id=round_.pk)
        for number, table in enumerate(round_.tables.order_by("number")):
            ns = (night + number) % 9
            round_totals_enter(rubber_id=table.rubber_id, points={"NS": ns, "EW": 8 - ns},
                               lone=dict.fromkeys("NESW", 0))
        round_close(round_id=round_.pk)
    return season


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--db", default="/tmp/euchre-bench-season.sqlite3")
    args = parser.parse_args()
    django_on(f"sqlite:///{args.db}")
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import NoReverseMatch, reverse

    from scoring.models import Season
    from scoring.standings.season import season_view

    started = time.perf_counter()
    built(args.nights, args.players)
    season = Season.objects.get(slug=SLUG)
    print(f"{season.nights.count()} nights of {args.players} players ready in {time.perf_counter() - started:.1f} s")

    def table() -> object:
        return season_view(Season.objects.get(slug=SLUG)).table

    measured: dict[str, tuple[Callable[[], object], Callable[[], object]]] = {
        "season table, cache cleared": (table, cache.clear), "season table, warm": (table, lambda: None)}
    visitor, member = Client(), Client()
    member.force_login(get_user_model().objects.get_or_create(username="season-bench")[0])
    frames: dict[str, float] = {}
    try:
        pages = (("the site's empty frame", frame_served()), ("season page", reverse("season", args=[SLUG])),
                 ("season CSV", reverse("season_standings_csv", args=[SLUG])))
        for who, client in (("signed out", visitor), ("signed in", member)):
            for name, url in pages:
                def get(url: str = url, client: Client = client) -> None:
                    assert client.get(url).status_code == 200

                measured[f"{name}, {who}, cache cleared"] = (get, cache.clear)
                measured[f"{name}, {who}, warm"] = (get, lambda: None)
    except NoReverseMatch:
        print("(the season's pages are not served by this version)")
    for name, (fetch, before) in measured.items():
        times = cpu_ms(args.runs, fetch, before)
        before()
        with CaptureQueriesContext(connection) as queries:
            fetch()
        median = statistics.median(times)
        who = "signed in" if "signed in" in name else "signed out"
        if name.startswith("the site's empty frame"):
            frames.setdefault(who, median)  # its first, cache cleared
        frame = frames.get(who) if "page" in name or "CSV" in name or "frame" in name else None
        print(f"{name:50} median {median:7.1f} ms CPU (min {min(times):.1f}, max {max(times):.1f})"
              f"  {len(queries)} queries" + (f"  {median / frame:.1f}x frame" if frame else ""))

if __name__ == "__main__":
    main()
