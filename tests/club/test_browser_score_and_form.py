"""After each "Record hand" the secretary sees the running score (next to deal, the game's score, games and rubber
points), the latest hands and the form for the next hand together on a 1366x768 screen, under every format, with
four 36-character names: the page never scrolls the score away to reach the form."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from tests.browser_helpers import axe_as_secretary, rubber_page
from tests.formats import FORMATS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("form", list(FORMATS))
def test_the_score_the_latest_hands_and_the_form_share_one_view(browser: Browser, live_server, secretary, form):
    page, rubber = rubber_page(browser, live_server.url, form)
    number = rubber.hand_count + 1
    page.focus("#id_maker")
    page.keyboard.press("N")
    page.keyboard.press("Tab")
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    expect(page.get_by_text(f"Hand {number} recorded.")).to_be_visible()
    page.wait_for_load_state()
    for test_id in ("next-dealer", "current-score", "rubber-points", "latest-hands", "record"):
        box = page.get_by_test_id(test_id).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 768, (test_id, box)
    assert page.evaluate("document.activeElement.closest('#entry') !== null")  # the form keeps the focus
    path = reverse("rubber", args=[rubber.pk])
    assert axe_as_secretary(browser, live_server.url, [path], "light") + axe_as_secretary(
        browser, live_server.url, [path], "dark") == []
