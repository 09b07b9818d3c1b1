"""Members on a phone 390 px wide: no page overflows sideways, tables keep every column within reach,
dark mode follows the system, the menu reads clearly and can be skipped, and a member finds his record."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Player
from scoring.services.rulings import ruling_make
from tests.browser_helpers import log_in
from tests.helpers import play_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


@pytest.fixture
def club(secretary, member, rubber, players):
    for maker in ("N", "N", "E"):
        play_game(rubber, maker)
    ruling = ruling_make(rubber_id=rubber.pk, hand_number=2, irregularity="revoke", facts=REVOKE, election=None,
                         by=secretary)
    Player.objects.filter(pk=players[0].pk).update(user=member)
    return {"rubber": rubber, "ruling": ruling, "player": players[0]}


def _paths(club) -> list[str]:
    rubber = club["rubber"]
    return ["/", "/events/", f"/events/{rubber.event.slug}/", f"/events/{rubber.event.slug}/standings/",
            "/standings/", "/players/", f"/players/{club['player'].pk}/", f"/rubbers/{rubber.pk}/", "/laws/",
            "/how-scoring-works/", f"/rulings/{club['ruling'].pk}/", "/accounts/login/", "/no-such-page/"]


# What sticks out past a phone's edge, named, for the failure message.
WIDEST = """() => [...document.querySelectorAll('body *')].filter(el => el.getBoundingClientRect().right > 391)
    .slice(0, 8).map(el => el.tagName + '.' + el.className)"""


def _too_wide(page: Page, base: str, paths: list[str]) -> dict[str, list[str]]:
    """Each page among `paths` that is wider than the phone, with what sticks out."""
    wide = {}
    for path in paths:
        page.goto(base + path)
        if page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") > 0:
            wide[path] = page.evaluate(WIDEST)
    return wide


def test_no_page_overflows_sideways_on_a_phone(page: Page, live_server, club):
    page.set_viewport_size(PHONE)
    assert not _too_wide(page, live_server.url, _paths(club))


def test_the_secretary_pages_fit_a_phone_too(page: Page, live_server, club):
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    rubber = club["rubber"]
    assert not _too_wide(page, live_server.url, [
        f"/rubbers/{rubber.pk}/", f"/rubbers/{rubber.pk}/hands/1/correct/", "/events/new/",
        f"/events/{rubber.event.slug}/edit/", f"/rubbers/{rubber.pk}/rulings/new/", "/players/new/",
        "/rubbers/import/"])


def test_every_standings_column_is_within_reach_on_a_phone(page: Page, live_server, club):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/{club['rubber'].event.slug}/standings/")
    table = page.get_by_test_id("standings")
    for header in ("Rank", "Player", "Rubbers", "Points for", "Points against", "Net per rubber"):
        cell = table.get_by_role("columnheader", name=re.compile(header))
        expect(cell).to_have_count(1)
        cell.scroll_into_view_if_needed()
        expect(cell).to_be_in_viewport()  # reached by scrolling the table itself
    expect(page.locator(".scroll-hint").first).to_be_visible()


def test_dark_mode_follows_the_system(page: Page, live_server, club):
    page.emulate_media(color_scheme="dark")
    page.goto(live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(255, 255, 255)"
    page.emulate_media(color_scheme="light")
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "light")


def _luminance(rgb: str) -> float:
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_the_menu_meets_wcag_aa_contrast_and_marks_the_page(page: Page, live_server, club):
    page.goto(live_server.url + "/players/")
    navbar = page.locator("nav.navbar")
    background = navbar.evaluate("el => getComputedStyle(el).backgroundColor")
    for link in navbar.locator("a.nav-link").all():
        color = link.evaluate("el => getComputedStyle(el).color")
        alpha = re.findall(r"[\d.]+", color)
        assert len(alpha) < 4 or float(alpha[3]) >= 0.9, color
        lighter, darker = sorted((_luminance(color), _luminance(background)), reverse=True)
        assert (lighter + 0.05) / (darker + 0.05) >= 4.5, (color, background)
    expect(navbar.locator("a[aria-current=page]")).to_have_text("Players")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the page")
    expect(skip).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()


def test_a_member_finds_his_record_in_one_tap_and_others_by_search(page: Page, live_server, club):
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url, "member", "pw-member-1888")
    page.get_by_role("button", name="Menu").click()
    expect(page.locator("#nav")).to_have_class(re.compile(r"\bshow\b"))  # the menu has finished opening
    page.get_by_test_id("my-record").click()
    expect(page.locator("h1")).to_have_text(club["player"].display_name)
    page.goto(f"{live_server.url}/players/")
    other = Player.objects.exclude(pk=club["player"].pk).first()
    page.get_by_label("Find a player").fill(other.display_name[-3:])
    page.keyboard.press("Enter")
    expect(page.get_by_role("link", name=other.display_name)).to_be_visible()
