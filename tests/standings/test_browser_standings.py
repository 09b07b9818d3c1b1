"""Standings in a real browser: sorting by a column, the next page, the CSV download and the filters."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.seeding.bulk import seed_bulk
from tests.factories import EventFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def numbers(page: Page, column: int) -> list[int]:
    """The figures of the standings' `column`, counted after the rank (1 is the player)."""
    cells = page.locator(f'[data-testid="standings"] tbody tr td:nth-child({column + 1})').all_inner_texts()
    return [int(c.replace("+", "")) for c in cells]


def test_sort_paginate_and_export(page: Page, live_server):
    event = EventFactory(is_public=True, name="Winter league", slug="winter-league")
    seed_bulk(rubbers=40, event=event, players=PlayerFactory.create_batch(30))
    page.goto(f"{live_server.url}/events/winter-league/standings/")

    expect(page.get_by_role("heading", name="Winter league: standings")).to_be_visible()
    nets = numbers(page, 9)
    assert len(nets) == 25 and nets == sorted(nets, reverse=True)

    standings = page.get_by_test_id("standings")
    standings.get_by_role("link", name="Points for").click()
    expect(page).to_have_url(re.compile(r"sort=scored_for"))
    points = numbers(page, 7)
    assert points == sorted(points)
    page.get_by_test_id("standings").get_by_role("link", name="Points for").click()
    expect(page).to_have_url(re.compile(r"sort=-scored_for"))
    points = numbers(page, 7)
    assert points == sorted(points, reverse=True)

    page.get_by_test_id("standings").get_by_role("link", name=re.compile("^next$", re.I)).click()
    expect(page).to_have_url(re.compile(r"page=2"))
    assert len(numbers(page, 7)) == 5

    with page.expect_download() as download:
        page.get_by_test_id("export-csv").click()
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8-sig"))))
    assert rows[0][:9] == ["Player", "Rubbers", "Won", "Lost", "Games won", "Doubles won", "Points for",
                           "Points against", "Net"]
    assert len(rows) == 31


def test_club_standings_filters(page: Page, live_server):
    players = PlayerFactory.create_batch(6)
    spring = EventFactory(is_public=True, name="Spring cup", starts_on=dt.date(2026, 3, 1))
    autumn = EventFactory(is_public=True, name="Autumn cup", starts_on=dt.date(2026, 9, 1))
    seed_bulk(rubbers=3, event=spring, players=players)
    seed_bulk(rubbers=5, event=autumn, players=players, seed=3)
    page.goto(f"{live_server.url}/standings/")
    assert sum(numbers(page, 2)) == 8 * 4

    page.get_by_label("Event").select_option(label="Spring cup")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(rf"event={spring.pk}"))
    assert sum(numbers(page, 2)) == 3 * 4

    page.get_by_label("Event").select_option(label="All events")
    page.get_by_label("From").fill("2026-09-01")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(r"played_from=2026-09-01"))
    assert sum(numbers(page, 2)) == 5 * 4
