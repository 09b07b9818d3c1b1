"""A club's standings on a phone show the table first: under every format, with four 36-character names, the table's
heading row and its first three ranks are in view on a 390x664 screen without a scroll; what the figures count is
still there to read, folded on a phone and open on a desktop."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser

from scoring.engine.rulebook import PROGRESSIVE_KEY
from scoring.rounds.services import round_close
from tests.browser_helpers import axe_as_secretary, log_in
from tests.formats import FORMATS, a_table, play_on

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("form", list(FORMATS))
def test_a_clubs_standings_show_the_table_first_on_a_phone(browser: Browser, live_server, secretary, form):
    event, round_, rubber = a_table(form)
    play_on(rubber)
    round_close(round_id=round_.pk)
    key = PROGRESSIVE_KEY if event.progressive else rubber.rulebook.key
    page = browser.new_context(viewport={"width": 390, "height": 664}, is_mobile=True, has_touch=True).new_page()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}{reverse('standings')}?code={key}")
    rows = page.get_by_test_id("standings").locator("tbody tr")
    assert rows.count() == 4
    third = rows.nth(2).bounding_box()
    assert third is not None and third["y"] + third["height"] <= 664, third
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    intro = page.get_by_test_id("club-standings-intro")
    assert intro.count() == 1 and "Ranked by" in intro.text_content()

    assert not intro.is_visible()  # folded on a phone
    page.get_by_test_id("standings-about").locator("summary").click()
    assert intro.is_visible()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.reload()
    assert intro.is_visible()  # open on a desktop
    path = f"{reverse('standings')}?code={key}"
    assert axe_as_secretary(browser, live_server.url, [path], "light") + axe_as_secretary(
        browser, live_server.url, [path], "dark") == []
