"""The secretary's main path in a real browser: log in, start a rubber, enter it by keyboard."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser_helpers import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Two NS games then one EW game, each 5-0: NS win the rubber 6-2 in points (law 7).
HANDS = [("N", 5), ("S", 5), ("N", 3)] * 2 + [("E", 5), ("W", 5), ("E", 3)]


def test_secretary_enters_a_whole_rubber_with_the_keyboard(page: Page, live_server, secretary, event, players):
    base = live_server.url
    log_in(page, base)
    page.goto(f"{base}/events/{event.slug}/")
    page.get_by_role("link", name="Start a rubber").click()
    for seat, player in zip(("north", "east", "south", "west"), players, strict=False):
        page.select_option(f"#id_{seat}", label=player.display_name)
    page.select_option("#id_first_dealer", "E")
    page.get_by_role("button", name="Save").click()
    expect(page).to_have_url(re.compile(r"/rubbers/\d+/$"))

    dealers = "ESWNESWNE"
    for number, (maker, tricks) in enumerate(HANDS, 1):
        expect(page.locator("#entry h2")).to_have_text(f"Hand {number}")
        expect(page.locator("#id_dealer")).to_have_value(dealers[number - 1])  # law 28: filled from rotation
        page.wait_for_load_state()
        page.focus("#id_maker")
        page.keyboard.press(maker)  # a select takes the option starting with the key
        expect(page.locator("#id_maker")).to_have_value(maker)
        page.keyboard.press("Tab")
        page.keyboard.type(str(tricks))
        expect(page.locator("#id_tricks")).to_have_value(str(tricks))
        page.keyboard.press("Enter")
        expect(page.get_by_text(f"Hand {number} recorded.")).to_be_visible()

    expect(page.get_by_test_id("rubber-points")).to_have_text("NS 6 – EW 2")
    expect(page.get_by_test_id("complete")).to_be_visible()
    expect(page.get_by_test_id("winner")).to_contain_text("NS")
    expect(page.locator("#entry")).to_have_count(0)


def test_bad_hand_shows_the_error_at_the_field(page: Page, live_server, secretary, rubber):
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/rubbers/{rubber.pk}/")
    page.focus("#id_maker")
    page.keyboard.press("N")
    page.keyboard.press("Tab")
    page.keyboard.type("9")
    page.keyboard.press("Enter")
    expect(page.locator("#id_tricks.is-invalid")).to_be_visible()
    expect(page.get_by_text("No hands yet.")).to_be_visible()
