"""A phone that loses the club's network as it reports: the taps are kept on the phone, the page says it
is waiting to send, and the report goes when the network is back, once, however often it is sent."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from scoring.models import HandReport
from tests.reporting.test_browser_reporting import PHONE, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap_a_hand(page, north: str, south: str) -> None:  # type: ignore[no-untyped-def]
    tap(page, north)
    page.get_by_role("group", name="Who made trump").locator("label", has_text=south).click()
    page.get_by_role("group", name="Tricks the makers took").locator("label", has_text="4").click()


def test_a_report_tapped_off_the_network_is_sent_when_it_returns(browser: Browser, live_server, rubber, players, code):
    context = browser.new_context(**PHONE)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/t/{code.code}/")
    north, south = players[0].display_name, players[2].display_name
    tap_a_hand(phone, north, south)
    context.set_offline(True)
    phone.get_by_test_id("report").click()
    waiting = phone.get_by_test_id("waiting-to-send")
    expect(waiting).to_be_visible()
    expect(waiting).to_contain_text("Waiting to send hand 1")
    phone.wait_for_timeout(1500)
    assert not HandReport.objects.exists()
    context.set_offline(False)
    expect(phone.get_by_test_id("report-words")).to_contain_text(f"{south}", timeout=10_000)
    expect(phone.get_by_test_id("waiting-to-send")).to_be_hidden()
    report = HandReport.objects.get()
    assert (report.number, report.play["maker"], report.play["tricks"]) == (1, "S", 4) and report.send_key
    context.close()


def test_a_report_kept_on_a_closed_page_is_sent_when_the_table_is_opened_again(browser: Browser, live_server,
                                                                              rubber, players, code):
    context = browser.new_context(**PHONE)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/t/{code.code}/")
    tap_a_hand(phone, players[0].display_name, players[2].display_name)
    context.set_offline(True)
    phone.get_by_test_id("report").click()
    expect(phone.get_by_test_id("waiting-to-send")).to_be_visible()
    phone.close()
    context.set_offline(False)
    again = context.new_page()
    again.goto(f"{live_server.url}/t/{code.code}/")
    expect(again.get_by_test_id("report-words")).to_be_visible(timeout=10_000)
    assert HandReport.objects.count() == 1
    context.close()


def test_the_same_report_sent_twice_is_one_report(rubber, players, code):
    phone = Client()
    phone.get(f"/t/{code.code}/")
    body = {"shown": 1, "send_key": "0123456789abcdef", "reporter": players[0].pk, "maker": "S", "tricks": 4}
    first = phone.post(f"/t/{code.code}/report/", body)
    again = phone.post(f"/t/{code.code}/report/", body)
    assert first.status_code == again.status_code == 302
    assert HandReport.objects.count() == 1 and HandReport.objects.get().send_key == "0123456789abcdef"


def test_all_passed_or_misdeal_drops_the_taps_made_before_it(browser: Browser, live_server, rubber, players, code):
    context = browser.new_context(**PHONE)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/t/{code.code}/")
    tap_a_hand(phone, players[0].display_name, players[2].display_name)
    phone.locator("label[for=id_alone]").click()
    expect(phone.locator("input[name=tricks]:checked")).to_have_count(1)
    tap(phone, "All passed")
    expect(phone.locator("input[name=tricks]:checked")).to_have_count(0)
    expect(phone.locator("input[name=alone]:checked")).to_have_count(0)
    expect(phone.locator("input[name=maker]:checked")).to_have_value("passed")
    context.close()
