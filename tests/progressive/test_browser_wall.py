"""The wall of a progressive night of 42 on a 1920x1080 screen, in a real browser: the standings and the list
of where everyone sits turn page by page on a timer, every name comes up, nothing runs off the screen, and the
prizes stay in view. On a 1366x768 screen a night of 30 long names shows a dozen rows a page, each on one line,
and on a phone the wall is no wider than the screen. The room between rounds (where everyone sits next, the
standings so far) fits a phone and a desktop."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring.models import Event, Round
from scoring.rounds.services import entrants_set, round_start
from scoring.standings import cache
from tests.browser_helpers import axe_as_secretary
from tests.factories import EventFactory, PlayerFactory
from tests.progressive.test_wall import rounds_played, two_rounds_played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WALL = {"width": 1920, "height": 1080}
SHOWN = """(selector) => Array.from(document.querySelectorAll(selector)).filter(e => !e.hidden && e.offsetParent)
  .map(e => [e.querySelector('td:nth-child(2), .wall-seat-name').textContent, e.getBoundingClientRect().bottom])"""


def every_page(page: Page, selector: str) -> list[str]:
    """The names shown on each page of a paged list, turning the pages with the browser's clock; every shown
    row lies on the screen."""
    names: list[str] = []
    caption = page.locator(f"section:has({selector.split()[0]}) [data-wall-page]")
    pages = int((caption.text_content() or "Page 1 of 1").split()[-1])
    for _ in range(pages):
        shown = page.evaluate(SHOWN, selector)
        assert shown and all(bottom <= WALL["height"] for _, bottom in shown), shown
        names += [name for name, _ in shown]
        page.clock.run_for(8_000)
    return names


def in_turn(shown: list[str], ranked: list[str]) -> bool:
    """Whether the pages shown give the ranked list whole and in order, from whichever page the timer was on."""
    return len(shown) == len(ranked) and any(shown == ranked[k:] + ranked[:k] for k in range(len(ranked)))


def test_the_wall_of_a_night_of_forty_two_shows_everyone_page_by_page(browser: Browser, live_server):
    event, rounds = two_rounds_played(42, low_prize=True)
    context = browser.new_context(viewport=WALL)
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/events/{event.slug}/room/?projector=1")
    everyone = sorted(e.player.display_name for e in event.entrants.select_related("player"))
    seats = every_page(page, ".wall-seats .wall-seat")
    assert sorted(seats) == everyone and len(seats) == 42  # each name once, over the pages
    ranked = every_page(page, "[data-testid=wall-standings] tbody tr")
    expected = [row["player__display_name"] for row in cache.event_players(event)]
    assert in_turn(ranked, expected)
    low = page.get_by_test_id("prizes").get_by_text("Lowest score")
    expect(low).to_be_in_viewport(ratio=1)  # retried: a poll may be redrawing the wall
    round_start(round_id=rounds[2].pk)  # the poll brings the tables back, and the standings stay paged
    page.clock.run_for(6_000)
    page.get_by_test_id("room").wait_for()
    assert in_turn(every_page(page, "[data-testid=wall-standings] tbody tr"), expected)
    context.close()


LONG = "Featherstonehaugh-Worthington"  # with a number and a first name, 36 characters


def a_night_of_long_names(players: int) -> tuple[Event, list[Round]]:
    """A night of `players`, every name 36 characters, two rounds played and the third to seat."""
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=6, deal_limit=4, rulebook="standard")
    names = [f"Ann {n:02d} {LONG}" for n in range(1, players + 1)]
    assert {len(name) for name in names} == {36}
    entrants_set(event=event, players=[PlayerFactory(display_name=name) for name in names])
    return event, rounds_played(event)


ROWS = """(selector) => Array.from(document.querySelectorAll(selector)).filter(e => !e.hidden && e.offsetParent)
  .map(e => { const name = e.querySelector('td:nth-child(2), .wall-seat-name');
              const line = parseFloat(getComputedStyle(name).lineHeight);
              return [name.getAttribute('title') || name.textContent, name.getBoundingClientRect().height / line,
                      parseFloat(getComputedStyle(name).fontSize), e.getBoundingClientRect().bottom]; })"""


def test_a_wall_of_thirty_long_names_shows_a_dozen_to_a_page_each_on_one_line_and_fits_a_phone(
        browser: Browser, live_server):
    event, rounds = a_night_of_long_names(30)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/events/{event.slug}/room/?projector=1")
    for selector in ("[data-testid=wall-standings] tbody tr", ".wall-seats .wall-seat"):
        shown = page.evaluate(ROWS, selector)
        assert len(shown) >= 12, (selector, len(shown))
        for name, lines, size, bottom in shown:
            assert len(name.strip()) == 36 and lines < 1.5 and size >= 16 and bottom <= 768, (selector, shown)
    expect(page.get_by_test_id("places-rule")).to_be_in_viewport(ratio=1)  # below the page, not pushed off it
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    round_start(round_id=rounds[2].pk)  # the tables in play, beside the standings
    page.clock.run_for(6_000)
    page.get_by_test_id("room").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # In play, the tables beside the standings run far below the screen: the standings still page a dozen.
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_timeout(100)
    shown = page.evaluate(ROWS, "[data-testid=wall-standings] tbody tr")
    assert len(shown) >= 12 and all(bottom <= 768 for *_, bottom in shown), shown
    context.close()


def test_the_room_between_rounds_fits_a_phone_and_a_desktop_and_passes_axe_light_and_dark(
        browser: Browser, live_server, secretary):
    """Where everyone sits next and the standings so far, 30 long names, read as the secretary at 390x844 and
    1366x800: no wider than the screen, and axe-core finds nothing serious in light or dark."""
    event, _ = a_night_of_long_names(30)
    room = f"/events/{event.slug}/room/"
    found = [v for scheme in ("light", "dark") for v in axe_as_secretary(browser, live_server.url, [room], scheme)]
    assert found == []
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server.url + room)
    expect(page.get_by_test_id("room-next-seats").locator("li")).to_have_count(30)
    expect(page.get_by_test_id("room-standings").locator("tbody tr")).to_have_count(30)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
