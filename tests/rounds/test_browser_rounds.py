"""A tournament round end to end in a real browser, and the room keeping itself current."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Event, Round
from tests.browser_helpers import log_in
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import play_game, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_secretary_runs_a_round_from_entry_to_close(page: Page, live_server, secretary):
    base = live_server.url
    players = PlayerFactory.create_batch(8)
    log_in(page, base)
    page.goto(f"{base}/events/new/")
    page.fill("#id_name", "Spring individuals")
    # The fields of events in rounds and of progressive nights show only when the event is run so.
    expect(page.locator("#id_rounds")).to_be_hidden()
    expect(page.locator("#id_games")).to_be_visible()
    page.select_option("#id_mode", Event.Mode.PROGRESSIVE)
    # A progressive night's own rules fold into one line, opened to change them; its deals play to no game.
    expect(page.locator("#id_prize_places")).to_be_hidden()
    page.get_by_test_id("night-rules").locator("summary").click()
    expect(page.locator("#id_prize_places")).to_be_visible()
    expect(page.locator("#id_time_called")).to_be_visible()
    expect(page.locator("#id_games")).to_be_hidden()
    page.select_option("#id_mode", Event.Mode.INDIVIDUALS)
    expect(page.get_by_test_id("night-rules")).to_be_hidden()
    expect(page.locator("#id_games")).to_be_visible()
    page.fill("#id_rounds", "2")
    page.fill("#id_deal_limit", "1")
    with page.expect_navigation():
        page.get_by_role("button", name="Save").click()
    page.get_by_role("link", name="Rounds").click()
    page.get_by_role("link", name="Enter the players").click()
    page.wait_for_url("**/entrants/")
    for ticked, player in enumerate(players[:7]):
        page.get_by_label("Find a player").fill(player.display_name)  # the roll narrows as one types
        expect(page.locator("#div_id_players .form-check:visible")).to_have_count(ticked + 1)  # ticked ones stay
        page.get_by_label(player.display_name).check()
    expect(page.get_by_test_id("ticked")).to_have_text("7 ticked")
    page.get_by_label("New players").fill("Zebedee Newcome")  # not on the roll yet: added and entered
    page.get_by_role("button", name="Save the entrants").click()
    expect(page.get_by_text("8 players entered.")).to_be_visible()
    assert Event.objects.get(name="Spring individuals").entrants.filter(
        player__display_name="Zebedee Newcome").exists()
    page.get_by_role("link", name="Make the schedule").click()
    page.get_by_role("button", name="Make the schedule").click()
    expect(page.get_by_text("The schedule is made: 2 rounds.")).to_be_visible()

    page.get_by_role("button", name="Start round 1").click()
    expect(page.get_by_text("Round 1 has started")).to_be_visible()
    expect(page.get_by_role("button", name="Start round 2")).to_have_count(0)  # not before round 1 closes
    page.get_by_role("link", name="Round 1", exact=True).click()
    expect(page).to_have_url(re.compile(r"/room/\?round=1$"))
    expect(page.locator("[data-table]")).to_have_count(2)
    expect(page.get_by_test_id("room-summary")).to_contain_text("0 of 2 tables finished")

    # Each table plays its one deal (the event's limit): the rubber stops as it stands.
    for table in ("1", "2"):
        page.locator(f"[data-table='{table}'] h3 a").click()
        page.focus("#id_maker")
        page.keyboard.press("N")
        page.keyboard.press("Tab")
        page.keyboard.type("3")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        expect(page.get_by_text("Hand 1 recorded.")).to_be_visible()
        page.goto(f"{base}/events/spring-individuals/room/")
    expect(page.get_by_test_id("room-summary")).to_contain_text("2 of 2 tables finished")
    expect(page.get_by_test_id("table-status").first).to_have_text("Stopped after 1 deal, the round's limit")
    page.get_by_role("button", name="Close round 1").click()
    expect(page.get_by_text("Round 1 is closed")).to_be_visible()
    assert Round.objects.get(number=1).status == Round.Status.CLOSED
    expect(page.get_by_role("button", name="Start round 2")).to_be_visible()


def test_the_room_updates_itself_without_a_reload(page: Page, live_server):
    from scoring.rounds.services import entrants_set, round_start, schedule_make

    event = EventFactory(mode=Event.Mode.INDIVIDUALS, rounds=1, slug="room-live")
    entrants_set(event=event, players=PlayerFactory.create_batch(4))
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    violations: list[str] = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    page.goto(f"{live_server.url}/events/room-live/room/")
    page.evaluate("window.notReloaded = true")
    expect(page.get_by_test_id("hands")).to_have_text("0 hands")
    play_game(rubber, "N")
    record(rubber, maker="E", tricks=3)
    # htmx asks again every 5 seconds; the new hands appear in the same page.
    expect(page.get_by_test_id("hands")).to_have_text("4 hands", timeout=12_000)
    expect(page.get_by_test_id("games-ns")).to_have_text("1")
    expect(page.get_by_test_id("score-ew")).to_have_text("1")
    assert page.evaluate("window.notReloaded") is True
    assert not violations  # htmx runs under the site's policy: no inline style, no eval

    page.goto(f"{live_server.url}/events/room-live/room/?projector=1")
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    expect(page.get_by_test_id("hands")).to_have_text("4 hands")
    for path in ("/events/room-live/room/", "/events/room-live/room/?projector=1", "/events/room-live/rounds/"):
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0, path
    assert not violations
