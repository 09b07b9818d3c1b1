"""The phone that has just confirmed the other side's hand shows its next Report button without a scroll, under every
format, with four 36-character names, on a small phone (390x664, under Safari's bars) and a smaller one (360x640)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from scoring.engine import Seat
from scoring.models import Rubber
from scoring.reporting.services import AtTable, hand_report, working_code
from tests.browser_helpers import goto
from tests.formats import FORMATS, a_table, play_on

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = ((390, 664), (360, 640))


def reported_by_north_south(rubber: Rubber) -> None:
    rubber.refresh_from_db()
    dealer = rubber.next_dealer or rubber.first_dealer
    seated = rubber.players_at_hand(rubber.hand_count + 1)
    hand_report(rubber_id=rubber.pk, play={"dealer": dealer, "maker": "N", "tricks": 3}, by=AtTable(seated[Seat.N]))


@pytest.mark.parametrize("form", list(FORMATS))
def test_the_phone_that_confirmed_shows_its_next_report_in_view(browser: Browser, live_server, form):
    _, _, rubber = a_table(form)
    play_on(rubber)
    code = working_code(rubber)
    assert code is not None
    width, height = PHONES[0]
    phone = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                has_touch=True).new_page()
    reported_by_north_south(rubber)
    goto(phone, f"{live_server.url}/t/{code.code}/")
    with phone.expect_navigation():
        phone.get_by_test_id("confirm").first.click()
    assert "confirmed and scored" in phone.locator("main").inner_text()
    for width, height in PHONES:
        phone.set_viewport_size({"width": width, "height": height})
        box = phone.get_by_test_id("report").bounding_box()
        assert box is not None
        assert phone.evaluate("window.scrollY") == 0
        assert box["y"] + box["height"] <= height, (form, width, height, box)
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
