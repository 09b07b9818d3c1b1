"""How scoring works in the browser under every house rule at once: on a phone the page is no wider than the
screen and the worked game's every column is in view, each hand's reasons under it; on a desktop they are a column
of their own."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.services.club import club_settings_save

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVERY_RULE = {"lone_euchre": 4, "table_talk": 2, "stick_the_dealer": True, "canadian_loner": True,
              "defend_alone": True, "defend_alone_euchre": 6}


def test_the_worked_game_fits_a_phone_and_keeps_its_reasons_beside_it_on_a_desktop(page: Page, live_server):
    club_settings_save(rulebook="standard", house_rules=EVERY_RULE)
    page.set_viewport_size({"width": 390, "height": 664})
    page.goto(f"{live_server.url}/how-scoring-works/")
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
    table = page.get_by_test_id("worked-rubber")
    assert page.evaluate("t => t.parentElement.scrollWidth - t.parentElement.clientWidth", table.element_handle()) == 0
    for header in ("Dealer", "What happened", "NS", "EW", "Score"):
        expect(table.get_by_role("columnheader", name=header, exact=True)).to_be_visible()
    expect(table.get_by_role("columnheader", name="Why")).to_be_hidden()
    stuck = table.get_by_text("was stuck: the others passed twice", exact=False)
    expect(stuck.first).to_be_visible()
    page.set_viewport_size({"width": 1366, "height": 768})
    expect(table.get_by_role("columnheader", name="Why")).to_be_visible()
    expect(stuck.first).to_be_hidden()
    expect(stuck.last).to_be_visible()
