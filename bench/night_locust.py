"""The load of a club night for bench/night.py: a phone at every seat polling its table, each table reporting a
hand from one side's phone and confirming it from the other's every two minutes, the room on two screens, and
members reading standings and players' pages, spread over the app servers.

Settings come from the environment bench/night.py sets: NIGHT_SERVERS (the servers' base addresses, comma
separated), NIGHT_TABLES (a JSON list of each table's code and its four players' ids, N E S W), NIGHT_EVENT (the
night's slug), NIGHT_PLAYERS (player ids to read), NIGHT_SUMMARY (where to write the timings).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import statistics
import threading
import time
from typing import Any

from locust import HttpUser, between, constant, events, task

SERVERS = os.environ.get("NIGHT_SERVERS", "http://127.0.0.1:8765").split(",")
TABLES: list[dict[str, Any]] = json.loads(os.environ.get("NIGHT_TABLES", "[]"))
EVENT = os.environ.get("NIGHT_EVENT", "")
PLAYERS = [int(p) for p in os.environ.get("NIGHT_PLAYERS", "1").split(",")]
REPORT_EVERY = float(os.environ.get("NIGHT_REPORT_EVERY", "120"))
TIMES: dict[str, list[float]] = {}
SEATS = itertools.count()
LOCK = threading.Lock()


@events.request.add_listener
def _time(name: str, response_time: float, exception: Exception | None, **_: Any) -> None:
    TIMES.setdefault(name, []).append(response_time)


@events.quitting.add_listener
def _summary(environment: Any, **_: Any) -> None:
    total = environment.stats.total
    summary = {"requests": total.num_requests, "failures": total.num_failures,
               "seconds": round(total.last_request_timestamp - total.start_time, 1) if total.num_requests else 0,
               "groups": {}, "errors": {f"{e.method} {e.name}: {e.error}": e.occurrences
                                        for e in environment.stats.errors.values()}}
    for name, times in sorted(TIMES.items()):
        ordered = sorted(times)
        summary["groups"][name] = {"count": len(times), "median_ms": round(statistics.median(times), 1),
                                   "p95_ms": round(ordered[max(0, int(0.95 * len(ordered)) - 1)], 1)}
    with open(os.environ.get("NIGHT_SUMMARY", "night-summary.json"), "w", encoding="utf-8") as out:
        json.dump(summary, out, indent=1)


def _server(index: int) -> str:
    return SERVERS[index % len(SERVERS)]


class Phone(HttpUser):
    """A phone at one seat: it polls its table every five seconds; North reports a hand every two minutes and
    East confirms it (each through its own server, as a proxy in front of several would spread them)."""

    weight = 64
    wait_time = constant(5)

    def on_start(self) -> None:
        with LOCK:
            seat = next(SEATS)
        self.table = TABLES[(seat // 4) % len(TABLES)]
        self.seat = seat % 4
        self.base = _server(seat)
        self.url = f"{self.base}/t/{self.table['code']}/"
        self.next_report = time.monotonic() + random.uniform(5, REPORT_EVERY)
        self.page = self.load()

    def load(self) -> str:
        page: str = self.client.get(self.url, name="table page").text
        state = re.search(r'\?state=([^"]+)"', page)
        self.state = state.group(1) if state else ""
        return page

    @task
    def poll(self) -> None:
        answer = self.client.get(f"{self.url}?state={self.state}", headers={"HX-Request": "true"},
                                 name="phone poll")
        if "HX-Redirect" in answer.headers:  # the table moved on: the phone loads its page afresh
            self.page = self.load()
            if self.seat == 1:
                self.confirm()
        if self.seat == 0 and time.monotonic() >= self.next_report:
            self.next_report = time.monotonic() + REPORT_EVERY
            self.report()

    def report(self) -> None:
        page = self.load()
        shown = re.search(r'name="shown" value="(\d+)"', page)
        key = re.search(r'name="send_key" value="(\w+)"', page)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if not (shown and key and token):
            return  # a report is already open at the table, or the rubber has ended
        self.client.post(self.url + "report/", name="report", data={
            "csrfmiddlewaretoken": token.group(1), "shown": shown.group(1), "send_key": key.group(1),
            "reporter": str(self.table["players"][0]), "maker": "N", "tricks": "3"})
        self.load()

    def confirm(self) -> None:
        found = re.search(r'action="([^"]*/reports/\d+/answer/)"', self.page)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', self.page)
        if found and token:
            self.client.post(self.base + found.group(1), name="confirm", data={
                "csrfmiddlewaretoken": token.group(1), "player": str(self.table["players"][1])})
            self.load()


class RoomScreen(HttpUser):
    """The room on a screen by the secretary's desk, polled every five seconds."""

    weight = 2
    wait_time = constant(5)

    def on_start(self) -> None:
        self.base = _server(random.randrange(len(SERVERS)))

    @task
    def room(self) -> None:
        self.client.get(f"{self.base}/events/{EVENT}/room/", headers={"HX-Request": "true"}, name="room poll")


class Reader(HttpUser):
    """A member reading the standings and players' pages on his phone."""

    weight = 10
    wait_time = between(2, 6)

    def on_start(self) -> None:
        self.base = _server(random.randrange(len(SERVERS)))

    @task(2)
    def standings(self) -> None:
        self.client.get(f"{self.base}/events/{EVENT}/standings/", name="standings")

    @task(1)
    def club(self) -> None:
        self.client.get(f"{self.base}/standings/", name="club standings")

    @task(2)
    def player(self) -> None:
        self.client.get(f"{self.base}/players/{random.choice(PLAYERS)}/", name="player page")
