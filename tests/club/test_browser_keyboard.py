"""The evening at the keyboard, typed key by key in a real browser: where the cursor is, how many keys
each kind of hand takes, and what stays in view at 1366x800."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Hand
from tests.browser_helpers import log_in, reload
from tests.helpers import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def type_keys(page: Page, keys: list[str]) -> int:
    """Press each key as the secretary would, and say how many there were (the last, Enter, sends the form)."""
    for key in keys[:-1]:
        page.keyboard.press(key)
    with page.expect_navigation():
        page.keyboard.press(keys[-1])
    return len(keys)


@pytest.fixture
def desk(page: Page, live_server, secretary, rubber):
    page.set_viewport_size({"width": 1366, "height": 800})
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/rubbers/{rubber.pk}/")
    return page


def test_every_kind_of_hand_by_its_keystrokes(desk: Page, rubber):
    page = desk
    expect(page.locator("#id_maker")).to_be_focused()  # on arrival
    counts = {}
    for kind, keys, recorded in [
        ("ordinary", ["N", "Tab", "3", "Enter"], f"{rubber.north}'s side took the trump, 3 tricks"),
        ("lone", ["E", "Tab", "5", "Tab", "Space", "Enter"], f"{rubber.east} played alone, 5 tricks"),
        ("passed", ["P", "Enter"], "All passed"),
        ("misdeal", ["M", "Enter"], "Misdeal"),
    ]:
        number = Hand.objects.filter(rubber=rubber).count() + 1
        counts[kind] = type_keys(page, keys)
        expect(page.get_by_text(f"Hand {number} recorded.")).to_be_visible()
        expect(page.get_by_test_id("latest-hands").locator("tr").last).to_contain_text(recorded)
        expect(page.locator("#id_maker")).to_be_focused()  # ready for the next hand at once
    assert counts == {"ordinary": 4, "lone": 6, "passed": 2, "misdeal": 2}
    assert list(Hand.objects.filter(rubber=rubber).values_list("result", flat=True)) == [
        "played", "played", "passed", "misdeal"]


def test_an_error_puts_the_cursor_on_the_field_at_fault(desk: Page, rubber):
    page = desk
    type_keys(page, ["N", "Tab", "9", "Enter"])  # nine tricks: no such hand
    expect(page.locator("#id_tricks")).to_be_focused()
    expect(page.locator("#id_tricks")).to_have_class(re.compile(r"\bis-invalid\b"))
    assert type_keys(page, ["4", "Enter"]) == 2  # the wrong value is selected: typing replaces it
    expect(page.get_by_text("Hand 1 recorded.")).to_be_visible()


def test_the_score_the_latest_hands_and_the_form_are_in_view_together(desk: Page, rubber):
    for maker, tricks in [("N", 3), ("E", 4), ("S", 5), ("W", 3), ("N", 4)]:
        record(rubber, maker=maker, tricks=tricks)
    page = desk
    reload(page)
    expect(page.locator("#id_maker")).to_be_focused()
    height = page.viewport_size["height"]
    for locator in (page.get_by_test_id("current-score"), page.get_by_test_id("latest-hands").locator("tr").last,
                    page.get_by_test_id("record")):
        box = locator.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (locator, box)
    rows = page.get_by_test_id("latest-hands").locator("tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.last.locator("td").first).to_have_text("5")  # the newest hand, next to the form


def test_the_maker_choice_names_the_players(desk: Page, rubber):
    page = desk
    expect(page.locator("#id_maker option[value=N]")).to_have_text(f"N, {rubber.north.display_name}")
    expect(page.get_by_test_id("next-dealer")).to_have_text(f"North ({rubber.north.display_name})")


def test_the_first_dealer_choice_names_the_players_as_the_seats_fill(page: Page, live_server, secretary, event,
                                                                     players):
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{event.slug}/rubbers/new/")
    expect(page.locator("#id_table_label")).to_be_focused()  # the form's first field
    expect(page.locator("#id_first_dealer option[value=E]")).to_have_text("E")
    page.select_option("#id_east", label=players[1].display_name)
    expect(page.locator("#id_first_dealer option[value=E]")).to_have_text(f"E, {players[1].display_name}")


def test_a_hand_entered_twice_is_taken_back_after_a_confirmation(desk: Page, rubber):
    page = desk
    type_keys(page, ["N", "Tab", "3", "Enter"])
    type_keys(page, ["N", "Tab", "3", "Enter"])  # the same hand again, by mistake
    page.get_by_test_id("latest-hands").get_by_test_id("take-back").click()
    expect(page.get_by_test_id("take-back-hand")).to_contain_text("Hand 2")
    expect(page.locator("#id_reason")).to_be_focused()
    page.keyboard.type("entered twice")
    page.get_by_test_id("confirm-take-back").click()
    expect(page.get_by_text("Hand 2 taken back; the rubber is rescored.")).to_be_visible()
    expect(page.get_by_test_id("current-score")).to_have_text("NS 1 – EW 0")
    expect(page.get_by_test_id("taken-back")).to_contain_text("entered twice")
    expect(page.locator("#entry h2")).to_have_text("Hand 2")
