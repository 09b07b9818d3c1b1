"""Every page a player and the secretary see under each format, read in a real browser for words that do not belong
to it (a match has no rubber, lap or rubber points; a progressive round no game to a million, no Games column and no
rubber; a Somerset rubber is no match), and the phone's Report button within a 390x664 screen on first load with
four 36-character names."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page

from scoring.reporting.services import working_code
from scoring.rounds.services import round_close
from tests.browser_helpers import goto, log_in
from tests.formats import FOREIGN, FORMATS, a_table, play_on

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 664}, "is_mobile": True, "has_touch": True}


def read(page: Page, url: str) -> str:
    """The page's own words (its main part: the menu is the same on every page)."""
    response = goto(page, url)  # the phone may be reloading itself as its table ends
    assert response.status in (200, 410), url  # 410: the table's phone once it ended
    return page.locator("main").inner_text()


def headers(page: Page) -> list[str]:
    return [h.strip() for h in page.locator("th").all_inner_texts()]


@pytest.mark.parametrize("form", list(FORMATS))
def test_every_page_speaks_its_formats_words_and_the_report_fits_a_phone(browser: Browser, live_server, secretary,
                                                                        form):
    event, round_, rubber = a_table(form)
    base = live_server.url
    code = working_code(rubber)
    assert code is not None
    phone = browser.new_context(**PHONE).new_page()  # type: ignore[arg-type]
    table = f"{base}/t/{code.code}/"
    texts = {"phone, first hand": read(phone, table)}
    report = phone.get_by_test_id("report").bounding_box()
    assert report is not None and report["y"] + report["height"] <= 664, report  # no scroll to report

    play_on(rubber)
    texts["phone"] = read(phone, table)
    phone_headers = headers(phone)
    desk = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    log_in(desk, base)
    room, room_headers = reverse("room", args=[event.slug]), []
    for name, path in {"home": "/", "event": reverse("event", args=[event.slug]),
                       "table": reverse("rubber", args=[rubber.pk]), "room": room, "wall": room + "?projector=1",
                       "rounds": reverse("event_rounds", args=[event.slug]),
                       "close": reverse("round_close_confirm", args=[round_.pk]),
                       "standings": reverse("event_standings", args=[event.slug])}.items():
        texts[name] = read(desk, base + path)
        if name == "room":
            room_headers = headers(desk)
    round_close(round_id=round_.pk)
    texts["phone, closed"] = read(phone, table)
    texts["table, closed"] = read(desk, base + reverse("rubber", args=[rubber.pk]))
    texts["wall, closed"] = read(desk, base + room + "?projector=1")
    wall_headers = headers(desk)

    foreign = {name: [text[max(m.start() - 50, 0):m.end() + 50] for m in FOREIGN[form].finditer(text)]
               for name, text in texts.items() if FOREIGN[form].search(text)}
    assert foreign == {}
    if form == "progressive":
        assert "Games" not in phone_headers + room_headers
        assert "0–0" not in texts["event"] and f"{rubber.current_ns}–{rubber.current_ew}" in texts["event"]
        assert "Points" in wall_headers and "Net" not in wall_headers  # the wall ranks a night by its tallies
    elif form != "somerset-rubber":  # a match shows its games and the game in play, not rubber points
        assert f"1–0 · {rubber.current_ns}–{rubber.current_ew}" in texts["event"]
        assert f"1–0 in games, {rubber.current_ns}–{rubber.current_ew} in game 2" in texts["home"]
        assert f"Game to {rubber.rulebook.winning.game_points}" in texts["phone"]
