"""The secretary's menu at a desktop's width (1366 px) sits on one row, "My record" and his own links shown."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from scoring.models import Player
from tests.browser_helpers import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("scheme", ["light"])
def test_the_secretarys_menu_stays_on_one_row_at_1366_px(browser: Browser, live_server, secretary, scheme):
    Player.objects.create(display_name="Bartholomew Featherstonehaugh-Smythe", user=secretary)  # "My record" too
    context = browser.new_context(viewport={"width": 1366, "height": 800}, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(live_server.url + "/")
    items = page.locator("nav.navbar .navbar-brand, nav.navbar .nav-item")
    assert items.count() >= 12
    tops = [box["y"] + box["height"] / 2 for box in (items.nth(i).bounding_box() for i in range(items.count()))
            if box is not None]
    link = page.locator("nav.navbar .nav-item").first.bounding_box()
    bar = page.locator("nav.navbar").bounding_box()
    assert link is not None and bar is not None
    assert max(tops) - min(tops) < link["height"] / 2, tops  # every item's middle on one line
    assert bar["height"] < 2 * link["height"] + 16, (bar, link)  # the menu is one row high
    context.close()
