"""No page grows with the club's past: each page that reads an event's or a player's history costs about the
same for a short past as for one ten times longer, measured in one process, turn by turn (CPU time, cache cold),
and in the same SQL queries. `bench/growth.py` gives the figures at 1,000 to 100,000 rubbers."""

from __future__ import annotations

import statistics
import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import Count
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoring.models import Player
from scoring.seeding.bulk import seed_bulk
from tests.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

SHORT, LONG = 40, 400
"""Rubbers in the short past and the long one: ten times as many (`seed_bulk` plays 40 a day)."""
RUNS = 5
MOST_RATIO = 1.6
"""How much dearer a page may be for the long past: far below the tenfold of a page that reads it all."""


def cost(client: Client, url: str, headers: dict[str, str]) -> tuple[float, int]:
    """CPU milliseconds (the cache emptied first) and queries of one reading of `url`."""
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        started = time.process_time()
        response = client.get(url, headers=headers)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        spent = (time.process_time() - started) * 1000
    assert response.status_code == 200 and body, url
    return spent, len(queries)


def compared(client: Client, short: str, long: str, headers: dict[str, str] | None = None) -> tuple[float, int, int]:
    """The long past's median CPU over the short's, and the queries of each, taking turns run by run."""
    headers = headers or {}
    times: dict[str, list[float]] = {short: [], long: []}
    counts: dict[str, int] = {}
    cost(client, short, headers), cost(client, long, headers)  # the first reading of each warms Python, not data
    for _ in range(RUNS):
        for url in (short, long):
            spent, counts[url] = cost(client, url, headers)
            times[url].append(spent)
    return statistics.median(times[long]) / statistics.median(times[short]), counts[short], counts[long]


def a_past(rubbers: int) -> dict[str, object]:
    """An event of `rubbers` complete rubbers played by six players of its own: its slug and its busiest player."""
    event = EventFactory(is_public=True)
    players = PlayerFactory.create_batch(6)
    seed_bulk(rubbers=rubbers, event=event, players=players, seed=rubbers)
    busiest = (Player.objects.filter(pk__in=[p.pk for p in players])
               .annotate(n=Count("rubber_results")).order_by("-n").first())
    assert busiest is not None
    return {"event": event.slug, "player": busiest.pk, "first": event.starts_on.isoformat()}


PAGES = {
    "event page": ("/events/{event}/", {}),
    "event page, its second page": ("/events/{event}/?page=2", {}),
    "event standings": ("/events/{event}/standings/", {}),
    "standings PDF": ("/events/{event}/standings.pdf", {}),
    "room poll": ("/events/{event}/room/", {"HX-Request": "true"}),
    "player's page": ("/players/{player}/", {}),
    # His first night's rubbers (40 played in each past), with his totals over all.
    "record PDF of a night": ("/players/{player}/record.pdf?from={first}&to={first}", {}),
}
"""Each page read for an event's or a player's past, and the headers it is read with."""


def home_against(client: Client, control: str) -> tuple[float, int]:
    """The home page's median CPU over a control page's, read in turn (the first reading of each warming Python),
    and the home page's queries: the control, a page the longer past leaves as it was, takes out a change in
    the machine's speed between the readings before and after the longer past is added."""
    readings = [(cost(client, "/", {}), cost(client, control, {})) for _ in range(RUNS + 1)][1:]
    home = statistics.median(spent for (spent, _), _ in readings)
    return home / statistics.median(spent for _, (spent, _) in readings), readings[-1][0][1]


def test_no_page_costs_more_for_a_longer_past(client, secretary):
    """Each page for an event (or player) with a short past and one with ten times as long, in one club; the
    home page, which reads the whole club, before and after the longer past is added."""
    client.force_login(secretary)
    short = a_past(SHORT)
    control = f"/events/{short['event']}/"
    home_short, queries_short = home_against(client, control)
    long = a_past(LONG)
    home_long, queries_long = home_against(client, control)
    found = {"home": (home_long / home_short, queries_short, queries_long)}
    for page, (address, headers) in PAGES.items():
        found[page] = compared(client, address.format(**short), address.format(**long), headers)
    grew = {page: figures for page, figures in found.items()
            if figures[1] != figures[2] or figures[0] > MOST_RATIO}
    assert not grew, "for ten times the past: " + "; ".join(
        f"{page} {ratio:.2f} times the CPU, {before} then {after} queries"
        for page, (ratio, before, after) in grew.items())
