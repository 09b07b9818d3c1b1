"""An evening under the standard game, in a real browser: the secretary makes the event (game to ten), the
table's two phones report and confirm its hands to the end of the game, and the pages read as that code says,
with no serious or critical axe-core violation in light or dark, on a phone or a desktop."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from scoring.models import Event, Rubber
from scoring.reporting import services
from tests.access.test_browser_crawl import SIZES
from tests.browser_helpers import axe_as_secretary, log_in
from tests.builders import a_rubber
from tests.helpers import record
from tests.reporting.test_browser_reporting import PHONE, report_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def confirm(page: Page, name: str) -> None:
    expect(page.get_by_test_id("waiting-report")).to_be_visible(timeout=15_000)
    with page.expect_navigation():
        page.get_by_role("button", name=f"{name}: confirm").click()


def test_an_evening_under_the_standard_game_with_phones(browser: Browser, live_server, secretary, players):
    base = live_server.url
    desk = browser.new_context(viewport=SIZES["desktop"]).new_page()
    log_in(desk, base)
    desk.goto(f"{base}/events/new/")
    desk.fill("#id_name", "Standard Tuesday")
    desk.select_option("#id_rulebook", "standard")
    with desk.expect_navigation():
        desk.get_by_role("button", name="Save").click()
    event = Event.objects.get(name="Standard Tuesday")
    expect(desk.get_by_test_id("event-code")).to_contain_text("game to 10, a single game")
    rubber = a_rubber(event, players[:4], table="1")
    north, east, south, _west = (p.display_name for p in players[:4])

    code = services.working_code(rubber)
    ns_phone, ew_phone = (browser.new_context(**PHONE).new_page() for _ in range(2))
    for phone in (ns_phone, ew_phone):
        phone.goto(f"{base}/t/{code.code}/")
    expect(ns_phone.get_by_test_id("table-score")).to_contain_text("Game to 10")
    assert ns_phone.locator('[data-testid="taken"]').count() == 0  # the 1877 privilege is not the standard game's

    # Five marches by North and South, two points each: three entered by the secretary, the last two reported
    # from the table's phones; ten in all, and the game and the match are theirs.
    for _ in range(3):
        record(rubber, maker="N", tricks=5)
    table = f"{base}/t/{code.code}/"
    for number in (4, 5):
        ns_phone.goto(table)
        expect(ns_phone.get_by_test_id("report-form")).to_contain_text(f"Hand {number}")
        report_hand(ns_phone, north, south, 5)
        ew_phone.goto(table)  # rather than wait for its poll
        confirm(ew_phone, east)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.COMPLETE and rubber.rubber_winner == "NS"

    desk.goto(f"{base}{reverse('rubber', args=[rubber.pk])}")
    expect(desk.get_by_test_id("complete-card")).to_contain_text("won the match in 1 game")
    expect(desk.get_by_test_id("game-line")).to_have_text("Game 1: NS won 10–0")
    desk.goto(f"{base}{reverse('event_standings', args=[event.slug])}")
    standings = desk.get_by_test_id("standings")
    expect(standings.get_by_role("columnheader", name="Lone hands made")).to_be_visible()
    expect(desk.get_by_test_id("match-standings")).to_contain_text("game to 10")
    expect(standings.get_by_role("row").filter(has_text=north)).to_contain_text("10")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pages_of_each_code_pass_axe(browser: Browser, live_server, secretary, players, scheme):
    event = Event.objects.create(name="Old laws", slug="old-laws", starts_on="2026-11-01", rulebook="rules-1877",
                                 games=3)
    rubber = a_rubber(event, players[:4], table="2")
    record(rubber, maker="N", tricks=3, revokes={"EW": 1})
    record(rubber, maker="E", alone=True, tricks=5, thrown_in="NS")
    paths = [reverse("rubber", args=[rubber.pk]), reverse("event", args=[event.slug]),
             reverse("event_standings", args=[event.slug]), f"{reverse('laws')}?code=rules-1877",
             f"{reverse('how_scoring_works')}?code=standard", f"{reverse('how_scoring_works')}?code=rules-1877",
             reverse("ruling_new", args=[rubber.pk]), reverse("penalty_new", args=[rubber.pk, 1])]
    assert axe_as_secretary(browser, live_server.url, paths, scheme) == []
