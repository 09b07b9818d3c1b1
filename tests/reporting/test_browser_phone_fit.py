"""Everything for one hand fits a 390x664 view (a phone under Safari's bars) once the phone knows who reports:
each kind of hand is reported by its taps alone, with no scroll; the taps are counted per kind."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring.models import Hand, HandReport
from tests.reporting.test_browser_reporting import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SMALL_PHONE = {"viewport": {"width": 390, "height": 664}, "is_mobile": True, "has_touch": True}


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 664


def confirm_from_the_other_side(rubber) -> None:  # type: ignore[no-untyped-def]
    from scoring.reporting.services import AtTable, report_answer

    waiting = HandReport.objects.get(rubber=rubber, status=HandReport.Status.WAITING)
    seated = rubber.players_at_hand(waiting.number)
    report_answer(rubber_id=rubber.pk, report_id=waiting.pk, by=AtTable(seated[next(iter(seated)).left]), agree=True)


def test_every_kind_of_hand_fits_the_view_and_is_a_few_taps(browser: Browser, live_server, rubber, players, code):
    context = browser.new_context(**SMALL_PHONE)
    phone = context.new_page()
    url = f"{live_server.url}/t/{code.code}/"
    phone.goto(url)
    north = players[0].display_name
    tap(phone, north)  # the first report says who reports; the phone remembers it
    kinds = {"ordinary": ["maker", "tricks"], "lone": ["maker", "alone", "tricks"], "all passed": ["passed"],
             "misdeal": ["misdeal"]}
    taps: dict[str, int] = {}
    for kind, steps in kinds.items():
        expect(phone.get_by_test_id("report")).to_be_visible()
        assert phone.evaluate("window.scrollY") == 0
        if kind != "ordinary":
            expect(phone.get_by_test_id("reporter-known")).to_be_visible()
            for selector in ("[data-testid=report]", "#tricks-choices", "label[for=id_alone]", "#maker-choices"):
                assert in_view(phone, selector), (kind, selector)
        count = 0
        for step in steps:
            if step == "maker":
                phone.get_by_role("group", name="Who made trump").locator("label").first.click()
            elif step == "alone":
                phone.locator("label[for=id_alone]").click()
            elif step == "tricks":
                phone.get_by_role("group", name="Tricks the makers took").locator("label", has_text="3").click()
            else:
                tap(phone, "All passed" if step == "passed" else "Misdeal")
            count += 1
        with phone.expect_navigation():
            phone.get_by_test_id("report").click()
        taps[kind] = count + 1
        assert phone.evaluate("window.scrollY") == 0
        confirm_from_the_other_side(rubber)
        phone.goto(url)
    assert Hand.objects.filter(rubber=rubber).count() == 4
    print(f"\ntaps per hand at 390x664, none scrolled: {taps}")
    assert taps == {"ordinary": 3, "lone": 4, "all passed": 2, "misdeal": 2}
    context.close()
