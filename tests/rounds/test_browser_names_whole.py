"""Names are shown whole where they must be told apart: under every format, with four 36-character names, the room's
cards at 1366x768 and the phone's "Who is reporting" and "Who made trump" buttons at 390x664 cut none of them short
(they wrap instead), and neither page scrolls sideways."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page

from scoring.reporting.services import working_code
from tests.browser_helpers import goto, log_in
from tests.formats import FORMATS, LONG_NAMES, a_table, play_on

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CUT = """selector => [...document.querySelectorAll(selector)].filter(
  name => name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1
).map(name => name.textContent.trim())"""


def cut_names(page: Page, selector: str) -> list[str]:
    assert page.locator(selector).count() >= 4, selector
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    return page.evaluate(CUT, selector)


@pytest.mark.parametrize("form", list(FORMATS))
def test_the_room_and_the_phone_show_every_name_whole(browser: Browser, live_server, secretary, form):
    event, _, rubber = a_table(form)
    play_on(rubber)
    code = working_code(rubber)
    assert code is not None
    desk = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    log_in(desk, live_server.url)
    desk.goto(live_server.url + reverse("room", args=[event.slug]))
    assert cut_names(desk, ".room-players span") == []
    phone = browser.new_context(viewport={"width": 390, "height": 664}, is_mobile=True, has_touch=True).new_page()
    goto(phone, f"{live_server.url}/t/{code.code}/")
    assert cut_names(phone, "#reporter-choices .phone-name, #maker-choices .phone-name") == []
    assert set(LONG_NAMES) <= set(phone.locator("#maker-choices .phone-name").all_inner_texts())
