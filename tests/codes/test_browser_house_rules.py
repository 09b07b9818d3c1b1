"""An evening under house rules, in a real browser: the secretary makes a standard-game event that sticks the
dealer, gives 4 for a lone euchre and lets a defender play alone; the table's phones report lone hands, one
defended alone, and offer no pass all round; the scores are the house rules'."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from scoring.models import Event
from scoring.reporting import services
from tests.access.test_browser_crawl import SIZES
from tests.browser_helpers import axe_as_secretary, log_in
from tests.builders import a_rubber
from tests.codes.test_browser_standard_evening import confirm
from tests.reporting.test_browser_reporting import PHONE, say_who_reports, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def report_alone(page: Page, reporter: str, maker: str, tricks: int, defender: str | None = None) -> None:
    say_who_reports(page, reporter)
    page.get_by_role("group", name="Who made trump").locator("label", has_text=maker).click()
    tap(page, "Alone")
    if defender is not None:
        page.get_by_role("group", name="Defended alone against a lone hand by").locator(
            "label", has_text=defender).click()
    page.get_by_role("group", name="Tricks the makers took").locator("label", has_text=str(tricks)).click()
    with page.expect_navigation():
        page.get_by_test_id("report").click()


def test_an_evening_under_house_rules_with_phones(browser: Browser, live_server, secretary, players):
    base = live_server.url
    desk = browser.new_context(viewport=SIZES["desktop"]).new_page()
    log_in(desk, base)
    desk.goto(f"{base}/events/new/")
    desk.fill("#id_name", "Loners Thursday")
    expect(desk.locator("#id_house_lone_euchre")).to_be_hidden()  # the club's usual code is Somerset's
    expect(desk.get_by_test_id("house-rules")).to_be_hidden()
    desk.select_option("#id_rulebook", "standard")
    expect(desk.get_by_test_id("house-rules")).to_contain_text("House rules of the standard game: none")
    desk.get_by_test_id("house-rules").locator("summary").click()
    desk.select_option("#id_house_lone_euchre", "4")
    desk.check("#id_house_stick_the_dealer")
    desk.check("#id_house_defend_alone")
    with desk.expect_navigation():
        desk.get_by_role("button", name="Save").click()
    event = Event.objects.get(name="Loners Thursday")
    assert event.house_rules == {"lone_euchre": 4, "stick_the_dealer": True, "defend_alone": True}
    rubber = a_rubber(event, players[:4], table="1", first_dealer="N")
    north, east, south, west = (p.display_name for p in players[:4])

    code = services.working_code(rubber)
    ns_phone, ew_phone = (browser.new_context(**PHONE).new_page() for _ in range(2))
    table = f"{base}/t/{code.code}/"
    for phone in (ns_phone, ew_phone):
        phone.goto(table)
    maker_choices = ns_phone.get_by_role("group", name="Who made trump")
    expect(maker_choices).not_to_contain_text("All passed")  # the dealer is stuck
    expect(maker_choices).to_contain_text("Misdeal")

    # East plays alone; South defends alone and holds him to one trick: North-South score the lone defender's 4.
    report_alone(ns_phone, north, east, 1, defender=south)
    ew_phone.goto(table)
    confirm(ew_phone, east)
    # South plays alone and is euchred, two tricks: East-West score the house's 4 for a lone euchre.
    ew_phone.goto(table)
    report_alone(ew_phone, west, south, 2)
    ns_phone.goto(table)
    confirm(ns_phone, north)
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (4, 4)
    expect(ns_phone.get_by_test_id("table-score")).to_contain_text("4")

    desk.goto(f"{base}{reverse('rubber', args=[rubber.pk])}")
    expect(desk.get_by_text("defended alone by", exact=False).first).to_be_visible()
    assert "All passed" not in desk.locator("#id_maker").inner_text()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_house_ruled_pages_pass_axe(browser: Browser, live_server, secretary, players, scheme):
    event = Event.objects.create(name="Loners", slug="loners", starts_on="2026-11-01", rulebook="standard",
                                 house_rules={"lone_euchre": 4, "stick_the_dealer": True, "defend_alone": True})
    rubber = a_rubber(event, players[:4], table="2")
    paths = [reverse("rubber", args=[rubber.pk]), reverse("event", args=[event.slug]),
             reverse("event_edit", args=[event.slug]), reverse("event_new"), reverse("club_settings"),
             f"{reverse('how_scoring_works')}?code=standard", f"{reverse('how_scoring_works')}?event={event.slug}"]
    assert axe_as_secretary(browser, live_server.url, paths, scheme) == []
