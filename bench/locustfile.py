"""The load mix for bench/load.py: members reading standings, rubber and player pages on their phones,
and secretaries entering hands into rubbers of their own (starting a new one when a rubber ends).

Settings come from the environment that bench/load.py sets: LOAD_EVENT (the big event's slug),
LOAD_PLAYERS (player ids, comma separated), LOAD_RUBBERS (the first and last ids of the public rubbers to read),
LOAD_USER / LOAD_PASSWORD (a secretary) and LOAD_SUMMARY (where to write the timings).
"""

from __future__ import annotations

import json
import os
import random
import re
import statistics
from typing import Any

from locust import HttpUser, between, events, task

EVENT = os.environ.get("LOAD_EVENT", "big-club")
PLAYERS = [int(p) for p in os.environ.get("LOAD_PLAYERS", "1,2,3,4").split(",")]
FIRST_RUBBER, LAST_RUBBER = (int(n) for n in os.environ.get("LOAD_RUBBERS", "1,1").split(","))
SEATS = "NESW"
TIMES: dict[str, list[float]] = {"read": [], "hand entry": [], "other": []}
GROUP = {"standings": "read", "standings sorted": "read", "club standings": "read", "rubber page": "read",
         "player page": "read", "hand entry": "hand entry"}


@events.request.add_listener
def _time(name: str, response_time: float, exception: Exception | None, **_: Any) -> None:
    TIMES[GROUP.get(name, "other")].append(response_time)


@events.quitting.add_listener
def _summary(environment: Any, **_: Any) -> None:
    total = environment.stats.total
    summary = {
        "requests": total.num_requests,
        "failures": total.num_failures,
        "seconds": round(total.last_request_timestamp - total.start_time, 1) if total.num_requests else 0,
        "groups": {},
    }
    for group, times in TIMES.items():
        if times:
            ordered = sorted(times)
            summary["groups"][group] = {
                "count": len(times), "median_ms": round(statistics.median(times), 1),
                "p95_ms": round(ordered[max(0, int(0.95 * len(ordered)) - 1)], 1), "max_ms": round(ordered[-1], 1)}
    summary["errors"] = {f"{e.method} {e.name}: {e.error}": e.occurrences for e in environment.stats.errors.values()}
    with open(os.environ.get("LOAD_SUMMARY", "load-summary.json"), "w", encoding="utf-8") as out:
        json.dump(summary, out, indent=1)


class Member(HttpUser):
    """A player reading the club's pages between hands."""

    weight = 4
    wait_time = between(1, 3)

    @task(3)
    def standings(self) -> None:
        self.client.get(f"/events/{EVENT}/standings/", name="standings")

    @task(1)
    def standings_sorted(self) -> None:
        column = random.choice(["-scored_for", "wins", "-games", "player"])
        self.client.get(f"/events/{EVENT}/standings/?sort={column}&page={random.randint(1, 3)}",
                        name="standings sorted")

    @task(1)
    def club_standings(self) -> None:
        self.client.get("/standings/", name="club standings")

    @task(4)
    def rubber(self) -> None:
        self.client.get(f"/rubbers/{random.randint(FIRST_RUBBER, LAST_RUBBER)}/", name="rubber page")

    @task(2)
    def player(self) -> None:
        self.client.get(f"/players/{random.choice(PLAYERS)}/", name="player page")


class Secretary(HttpUser):
    """Enters the hands of one table as they are reported, and starts the next rubber when one ends."""

    weight = 1
    wait_time = between(1, 3)

    def on_start(self) -> None:
        page = self.client.get("/accounts/login/", name="login page")
        self.client.post("/accounts/login/", name="login", headers={"Referer": page.url}, data={
            "username": os.environ.get("LOAD_USER", "secretary"),
            "password": os.environ.get("LOAD_PASSWORD", "somerset1888"),
            "csrfmiddlewaretoken": self.client.cookies.get("csrftoken", ""),
        })
        self.new_rubber()

    def new_rubber(self) -> None:
        url = f"/events/{EVENT}/rubbers/new/"
        self.client.get(url, name="start rubber page")
        four = random.sample(PLAYERS, 4)
        self.dealer = random.choice(SEATS)
        response = self.client.post(url, name="start rubber", allow_redirects=False, headers={"Referer": url}, data={
            "csrfmiddlewaretoken": self.client.cookies.get("csrftoken", ""), "played_on": "2026-11-21",
            "table_label": "L", "first_dealer": self.dealer,
            **dict(zip(("north", "east", "south", "west"), map(str, four), strict=True))})
        match = re.search(r"/rubbers/(\d+)/", response.headers.get("Location", ""))
        self.rubber = int(match.group(1)) if match else None

    @task
    def enter_hand(self) -> None:
        if self.rubber is None:
            self.new_rubber()
            return
        url = f"/rubbers/{self.rubber}/hands/"
        maker = random.choice(SEATS)
        data = {"csrfmiddlewaretoken": self.client.cookies.get("csrftoken", ""), "result": "played",
                "dealer": self.dealer, "maker": maker, "tricks": random.choice([3, 3, 3, 4, 4, 5, 1, 2]),
                "revokes_ns": 0, "revokes_ew": 0}
        response = self.client.post(url, data=data, name="hand entry", allow_redirects=False,
                                    headers={"Referer": f"{self.host}/rubbers/{self.rubber}/"})
        if response.status_code == 302:
            self.dealer = SEATS[(SEATS.index(self.dealer) + 1) % 4]
        result = self.client.get(f"/rubbers/{self.rubber}/result.json", name="rubber result").json()
        if result.get("complete"):
            self.new_rubber()
