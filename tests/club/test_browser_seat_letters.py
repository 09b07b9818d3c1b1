"""The rubber's header names each seat's player after its letter ("W Evangeline ..."): under every format, with four
36-character names, the letter never ends a line parted from its name, nor does the line run past the page,
whatever the window's width."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser_helpers import rubber_page
from tests.formats import FORMATS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = range(320, 1400, 10)
PARTED = """() => [...document.querySelectorAll('[data-testid=seats] > span')].filter(seat => {
  const letter = seat.firstElementChild.getBoundingClientRect(), name = seat.querySelector('a').getClientRects()[0];
  const main = document.querySelector('main'), edge = main.getBoundingClientRect().right
    - parseFloat(getComputedStyle(main).paddingRight);
  return Math.abs(letter.top - name.top) > 4 || seat.getBoundingClientRect().right > edge + 1;
}).map(seat => seat.textContent)"""


@pytest.mark.parametrize("form", list(FORMATS))
def test_a_seats_letter_stays_with_its_players_name(browser: Browser, live_server, secretary, form):
    page, _ = rubber_page(browser, live_server.url, form)
    assert page.get_by_test_id("seats").locator("a").count() == 4
    parted = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 768})
        if found := page.evaluate(PARTED):
            parted[width] = found
    assert parted == {}
