"""A progressive night in a real browser: three tables report their deals from phones for two rounds, the
phones count "Deal 4 of 4", and the winners move up a table for the second round."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring.models import Event
from scoring.reporting import services
from scoring.rounds.services import entrants_set, round_close, round_start, schedule_make
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record
from tests.reporting.test_browser_reporting import PHONE, report_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def confirm_on(page: Page, name: str) -> None:
    expect(page.get_by_role("button", name=f"{name}: confirm")).to_be_visible(timeout=15_000)
    with page.expect_navigation():
        page.get_by_role("button", name=f"{name}: confirm").click()


def play_round(browser: Browser, base: str, round_) -> None:
    """Three deals a table entered by the secretary, the fourth reported and confirmed from the table's phone."""
    for table in round_.tables.select_related("rubber", "north", "east", "south", "west").order_by("number"):
        rubber = table.rubber
        for maker in ("N", "E", "N"):
            record(rubber, maker=maker, tricks=3 + table.number % 3)
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{base}/t/{services.working_code(rubber).code}/")
        expect(phone.get_by_test_id("deal-of")).to_have_text("Deal 4 of 4")
        expect(phone.get_by_test_id("table-score")).to_contain_text("This round")
        report_hand(phone, table.north.display_name, table.south.display_name, 5)
        confirm_on(phone, table.east.display_name)
        phone.context.close()
        rubber.refresh_from_db()
        assert rubber.status == "stopped" and rubber.hand_count == 4


def test_three_tables_report_two_rounds_from_their_phones(browser: Browser, live_server):
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard")
    entrants_set(event=event, players=PlayerFactory.create_batch(12))
    first, second = schedule_make(event=event)
    round_start(round_id=first.pk)
    play_round(browser, live_server.url, first)
    winners = {}
    for table in first.tables.select_related("rubber"):
        rubber = table.rubber
        ns_won = rubber.current_ns > rubber.current_ew
        winners[table.number] = {table.north_id, table.south_id} if ns_won else {table.east_id, table.west_id}
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    seated = {t.number: {t.north_id, t.east_id, t.south_id, t.west_id} for t in second.tables.all()}
    assert winners[2] <= seated[1] and winners[3] <= seated[2] and winners[1] <= seated[1]
    play_round(browser, live_server.url, second)


def test_the_progressive_pages_pass_axe_in_light_and_dark(browser: Browser, live_server, secretary):
    from django.urls import reverse

    from tests.access.test_browser_crawl import AXE, RUN_AXE, SIZES
    from tests.browser_helpers import log_in

    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard", low_prize=True)
    entrants_set(event=event, players=PlayerFactory.create_batch(8))
    first, _second = schedule_make(event=event)
    round_start(round_id=first.pk)
    for table in first.tables.select_related("rubber"):
        for maker in "NEWS":
            record(table.rubber, maker=maker, alone=maker == "N", tricks=5)
    round_close(round_id=first.pk)
    paths = [reverse("event_standings", args=[event.slug]), reverse("room", args=[event.slug]),
             f"{reverse('room', args=[event.slug])}?projector=1", reverse("event_rounds", args=[event.slug])]
    found = []
    for scheme in ("light", "dark"):
        for size, viewport in SIZES.items():
            context = browser.new_context(viewport=viewport, color_scheme=scheme, bypass_csp=True)  # type: ignore[arg-type]
            page = context.new_page()
            log_in(page, live_server.url)
            for path in paths:
                page.goto(live_server.url + path)
                page.add_script_tag(path=str(AXE))
                found += [(path, scheme, size, v) for v in page.evaluate(RUN_AXE, None)]
                if size == "phone" and "projector" not in path:
                    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), path
            context.close()
    assert found == []
