"""The secretary settles disputes in a real browser: a revoke that ends a game (laws 63 and 4) and a
lead out of turn where the adversaries elect (law 52)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser_helpers import log_in
from tests.helpers import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_wizard(page: Page, base: str, rubber_pk: int) -> None:
    page.goto(f"{base}/rubbers/{rubber_pk}/")
    page.get_by_test_id("ask-ruling").click()
    expect(page.get_by_role("heading", name="Ruling: The hand and what happened")).to_be_visible()


def test_revoke_ruling_ends_the_game_by_law_4(page: Page, live_server, secretary, rubber):
    record(rubber, maker="S", tricks=4)  # NS 1
    record(rubber, maker="N", tricks=5)  # NS 3
    record(rubber, maker="E", alone=True, tricks=5)  # EW 4
    record(rubber, maker="E", tricks=3)  # EW 5: as reported, game 1 to EW
    base = live_server.url
    log_in(page, base)
    open_wizard(page, base, rubber.pk)

    expect(page.locator("#id_case-hand")).to_have_value("4")  # the last hand is offered first
    page.get_by_role("radio", name=re.compile(r"^Revoke \(laws")).check()
    page.get_by_test_id("next").click()

    expect(page.get_by_role("heading", name="Ruling: The facts: revoke")).to_be_visible()
    page.get_by_role("radio", name=re.compile(r"^West")).check()
    page.get_by_role("radio", name=re.compile(r"^Did not follow suit")).check()
    page.get_by_role("radio", name=re.compile(r"^Established")).check()
    page.fill("#id_facts_revoke-count", "1")
    claimed = page.get_by_role("radio", name=re.compile(r"^After the hand, before the cards were cut"))
    expect(claimed).not_to_be_checked()  # no answer given for the secretary
    claimed.check()
    page.get_by_test_id("next").click()

    review = page.get_by_test_id("review")
    expect(review).to_contain_text("revoked once and the revoke is established")
    expect(review).to_contain_text("Law 63")
    expect(review).to_contain_text("Law 4")
    score = page.get_by_test_id("score-change")
    expect(score.locator("tr", has_text="Games won")).to_contain_text("EW 3\u20135")
    expect(score.locator("tr", has_text="Games won")).to_contain_text("NS 6\u20134")
    page.fill("#id_review-note", "North saw West trump a heart while holding the queen")
    page.get_by_test_id("confirm").click()

    expect(page).to_have_url(re.compile(rf"/rubbers/{rubber.pk}/#ruling-\d+$"))
    expect(page.get_by_text(re.compile(r"Ruling \d+ on hand 4 recorded and applied"))).to_be_visible()
    expect(page.get_by_test_id("ruling")).to_contain_text("laws 62, 63, 64, 71, 4, 66, 70")
    expect(page.locator("#score")).to_contain_text("Game 1: NS won 6\u20134")

    page.get_by_test_id("ruling").click()
    page.fill("#id_reason", "West showed he held no heart")
    page.get_by_test_id("withdraw").click()
    expect(page.get_by_text(re.compile(r"withdrawn; the rubber is rescored"))).to_be_visible()
    expect(page.locator("#score")).to_contain_text("Game 1: EW won 5\u20133")


def test_lead_out_of_turn_the_adversaries_elect(page: Page, live_server, secretary, rubber):
    record(rubber, maker="E", tricks=4)
    base = live_server.url
    log_in(page, base)
    open_wizard(page, base, rubber.pk)

    page.get_by_role("radio", name=re.compile(r"^Lead out of turn")).check()
    page.get_by_test_id("next").click()
    page.get_by_role("radio", name=re.compile(r"^South")).check()
    page.get_by_role("radio", name="No one").check()
    page.get_by_test_id("next").click()

    expect(page.get_by_role("heading", name="Ruling: Their choice")).to_be_visible()
    expect(page.get_by_test_id("pending-ruling")).to_contain_text("East-West choose (law 85)")
    expect(page.get_by_text("What do East-West choose?")).to_be_visible()
    page.get_by_role("radio", name=re.compile(r"^Call a suit")).check()
    page.get_by_test_id("next").click()

    review = page.get_by_test_id("review")
    expect(review).to_contain_text("East-West will call a suit from")
    expect(review).to_contain_text("Law 52")
    expect(review).to_contain_text("This ruling does not change the score.")
    page.get_by_test_id("confirm").click()

    expect(page.get_by_test_id("ruling")).to_contain_text("Lead out of turn")
    page.get_by_test_id("ruling").click()
    expect(page.get_by_text("Call a suit when the offender or his partner next leads")).to_be_visible()
    expect(page.get_by_role("link", name="Print (PDF)")).to_have_attribute("href", re.compile(r"/rulings/\d+\.pdf$"))


def test_a_double_clicked_confirm_stores_one_ruling(page: Page, live_server, secretary, rubber):
    from scoring.models import Ruling

    record(rubber, maker="S", tricks=4)
    base = live_server.url
    log_in(page, base)
    open_wizard(page, base, rubber.pk)
    page.get_by_role("radio", name=re.compile(r"^Revoke \(laws")).check()
    page.get_by_test_id("next").click()
    page.get_by_role("radio", name=re.compile(r"^East")).check()
    page.get_by_role("radio", name=re.compile(r"^Did not follow suit")).check()
    page.get_by_role("radio", name=re.compile(r"^Established")).check()
    page.fill("#id_facts_revoke-count", "1")
    page.get_by_role("radio", name=re.compile(r"^After the hand, before the cards were cut")).check()
    page.get_by_test_id("next").click()
    expect(page.get_by_test_id("review")).to_be_visible()

    page.get_by_test_id("confirm").dblclick()

    # The rubber's own page, not the wizard's (which lies under it): both clicks have been answered by then.
    expect(page).to_have_url(re.compile(rf"/rubbers/{rubber.pk}/(\?[^/]*)?(#.*)?$"))
    # The second click's answer may be drawn while the first is still being saved: once it is, read afresh.
    for _ in range(50):
        if Ruling.objects.filter(rubber=rubber).exists():
            break
        page.wait_for_timeout(100)
    page.goto(f"{base}/rubbers/{rubber.pk}/")
    expect(page.get_by_test_id("ruling")).to_have_count(1)
    assert Ruling.objects.filter(rubber=rubber).count() == 1
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (4, 0)  # the hand's point and one revoke's three


def test_law_50_reached_through_an_exposed_card(page: Page, live_server, secretary, rubber):
    """A lone player's adversary lays his cards face up: entered as an exposed card, the lone player scores 5."""
    record(rubber, maker="E", alone=True, tricks=3)  # East alone: EW 1 as reported
    base = live_server.url
    log_in(page, base)
    open_wizard(page, base, rubber.pk)
    page.get_by_role("radio", name=re.compile(r"^Exposed or called card")).check()
    page.get_by_test_id("next").click()
    page.get_by_role("radio", name=re.compile(r"^North")).check()
    page.locator("input[name='facts_exposed_card-how'][value='thrown_down']").check()
    page.locator("input[name='facts_exposed_card-claimed'][value='before_cut']").check()
    page.get_by_test_id("next").click()

    review = page.get_by_test_id("review")
    expect(review).to_contain_text("Law 50")
    expect(page.get_by_test_id("score-change").locator("tr", has_text="Hand 1 points")).to_contain_text("0\u20135")
    page.get_by_test_id("confirm").click()
    expect(page.get_by_text(re.compile(r"Ruling \d+ on hand 1 recorded and applied"))).to_be_visible()
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (0, 0)  # EW's five win game 1 at once
