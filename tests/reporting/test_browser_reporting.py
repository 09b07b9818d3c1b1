"""A table reporting its hands from two phones in a real browser, one for each side, a dispute included,
and the secretary settling it from the room."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring.models import Hand, HandReport, TableCode
from scoring.reporting import services
from tests.browser_helpers import log_in
from tests.helpers import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def tap(page: Page, label: str) -> None:
    """Tap the button-like choice with this text (a radio or checkbox drawn as a button)."""
    page.locator("label.phone-button", has_text=re.compile(rf"^{re.escape(label)}")).first.click()


def say_who_reports(page: Page, reporter: str) -> None:
    """Tap the reporter's name; a phone that knows who reports shows it in one line, opened to change it."""
    known = page.get_by_test_id("reporter-known")
    if known.count():
        if reporter in known.locator("summary").inner_text():
            return
        known.locator("summary").click()
    tap(page, reporter)


def report_hand(page: Page, reporter: str, maker: str, tricks: int) -> None:
    say_who_reports(page, reporter)
    page.get_by_role("group", name="Who made trump").locator("label", has_text=maker).click()
    tap(page, "Took the turned card")
    page.get_by_role("group", name="Tricks the makers took").locator("label", has_text=str(tricks)).click()
    with page.expect_navigation():
        page.get_by_test_id("report").click()


def two_phones(browser: Browser, live_server, rubber, players) -> tuple[str, TableCode, list[str], list[Page]]:
    """The site's address, the table's code, the four by name (N, E, S, W) and two phones, one a side."""
    code = services.working_code(rubber)
    assert code is not None
    return (live_server.url, code, [p.display_name for p in players[:4]],
            [browser.new_context(**PHONE).new_page() for _ in range(2)])


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_two_phones_report_and_the_other_side_confirms(browser: Browser, live_server, rubber, players):
    base, code, (north, east, south, _west), (ns_phone, ew_phone) = two_phones(browser, live_server, rubber, players)

    # North and South's phone types the code as it reads on the card, in small letters.
    ns_phone.goto(f"{base}/t/")
    ns_phone.get_by_label("The code on your table card").fill(f"{code.code[:3].lower()} {code.code[3:].lower()}")
    with ns_phone.expect_navigation():
        ns_phone.get_by_role("button", name="Open the table").click()
    expect(ns_phone.get_by_test_id("dealer")).to_have_text(north)
    fits(ns_phone)
    ew_phone.goto(f"{base}/t/{code.code}/")
    expect(ew_phone.get_by_test_id("report-form")).to_be_visible()

    # A mistake first: no tricks tapped. The phone says so at the tricks, and nothing is saved.
    say_who_reports(ns_phone, north)
    ns_phone.get_by_role("group", name="Who made trump").locator("label", has_text=south).click()
    with ns_phone.expect_navigation():
        ns_phone.get_by_test_id("report").click()
    expect(ns_phone.get_by_test_id("error-tricks")).to_contain_text("Tap the number of tricks")
    assert not HandReport.objects.exists()

    report_hand(ns_phone, north, south, 4)
    expect(ns_phone.get_by_test_id("waiting-for-others")).to_be_hidden()  # this phone may confirm for EW too
    expect(ns_phone.get_by_test_id("report-words")).to_have_text(f"{south} assisted, 4 tricks")

    # East and West's phone shows the report by itself, without a reload by hand, and East confirms it.
    expect(ew_phone.get_by_test_id("waiting-report")).to_be_visible(timeout=15_000)
    expect(ew_phone.get_by_test_id("report-points")).to_contain_text("Scores NS 1 – EW 0")
    with ew_phone.expect_navigation():
        ew_phone.get_by_role("button", name=f"{east}: confirm").click()
    expect(ew_phone.get_by_text("Hand 1 confirmed and scored.")).to_be_visible()
    expect(ew_phone.get_by_test_id("score-ns")).to_have_text("1")
    expect(ns_phone.get_by_test_id("score-ns")).to_have_text("1", timeout=15_000)
    assert Hand.objects.get(rubber=rubber).tricks == 4


def test_a_phone_disputes_a_report_and_the_secretary_settles_it_from_the_room(browser: Browser, live_server,
                                                                               rubber, players, secretary, event):
    base, code, (north, east, _south, west), (ns_phone, ew_phone) = two_phones(browser, live_server, rubber,
                                                                                players)
    record(rubber, maker="S", declaration="assisted", tricks=4)  # hand 1, as the first test confirms it
    ns_phone.goto(f"{base}/t/{code.code}/")
    ew_phone.goto(f"{base}/t/{code.code}/")

    # East and West report the next hand; North disputes it from his phone.
    expect(ew_phone.get_by_test_id("dealer")).to_have_text(east)
    report_hand(ew_phone, west, west, 5)
    expect(ns_phone.get_by_test_id("waiting-report")).to_be_visible(timeout=15_000)
    ns_phone.get_by_test_id("dispute").locator("summary").click()
    ns_phone.get_by_test_id("dispute").locator("label", has_text=north).click()
    ns_phone.get_by_label("What is wrong").fill("West took four, not five")
    with ns_phone.expect_navigation():
        ns_phone.get_by_test_id("dispute-submit").click()
    expect(ns_phone.get_by_test_id("disputed")).to_be_visible()
    expect(ew_phone.get_by_test_id("disputed")).to_be_visible(timeout=15_000)
    fits(ew_phone)

    # The secretary sees the flag in the room and corrects the hand to four tricks.
    desk = browser.new_context().new_page()
    log_in(desk, base)
    desk.goto(f"{base}/events/{event.slug}/room/")
    flag = desk.get_by_test_id("dispute-flag")
    expect(flag).to_contain_text("Hand 2 disputed at the table")
    flag.get_by_role("link", name="settle").click()
    expect(desk.get_by_test_id("settle-record")).to_contain_text("West took four, not five")
    desk.get_by_test_id("correct-form").get_by_label("Tricks").fill("4")
    with desk.expect_navigation():
        desk.get_by_test_id("correct").click()
    expect(desk.get_by_text("Hand 2 recorded as corrected.")).to_be_visible()
    expect(desk.get_by_test_id("hands").get_by_test_id("hand-record").last).to_contain_text(
        f"disputed by {north}")
    # Both phones take the settled hand up and offer hand 3.
    for phone in (ns_phone, ew_phone):
        expect(phone.get_by_test_id("score-ew")).to_have_text("1", timeout=15_000)
        expect(phone.get_by_test_id("report")).to_have_text("Report hand 3")
    assert [h.tricks for h in Hand.objects.filter(rubber=rubber).order_by("number")] == [4, 4]


def test_a_phone_left_on_a_refused_report_follows_the_table_by_get_and_sends_nothing_again(
        browser: Browser, live_server, rubber, players):
    base, code, (north, east, south, _west), (mistaken, other) = two_phones(browser, live_server, rubber, players)
    requests: list[str] = []
    mistaken.on("request", lambda r: requests.append(f"{r.method} {r.url}"))

    mistaken.goto(f"{base}/t/{code.code}/")
    say_who_reports(mistaken, north)
    mistaken.get_by_role("group", name="Who made trump").locator("label", has_text=south).click()
    with mistaken.expect_navigation():
        mistaken.get_by_test_id("report").click()
    expect(mistaken.get_by_test_id("form-errors")).to_contain_text("Tap the number of tricks")

    # The other side reports the hand from its own phone; the mistaken phone follows by itself.
    other.goto(f"{base}/t/{code.code}/")
    report_hand(other, east, east, 3)
    expect(mistaken.get_by_test_id("waiting-report")).to_be_visible(timeout=15_000)
    assert mistaken.url == f"{base}/t/{code.code}/"
    assert sum(r.startswith("POST ") for r in requests) == 1  # the refused form was never sent again
    assert HandReport.objects.count() == 1
