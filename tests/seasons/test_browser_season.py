"""A season's table in Chromium on a phone (390 px) and a laptop (1366 px), in light and dark: axe-core finds no
serious or critical violation, and on the phone the table slides inside its own frame while the page itself is no
wider than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from scoring.models import Season
from tests.axe import SIZES, axe_context, failing, in_views
from tests.factories import PlayerFactory
from tests.seasons.test_season_pages import NAMES, NIGHTS, seated
from tests.seasons.test_seasons import a_night, a_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVERY_VIEW = (("phone", "light"), ("phone", "dark"), ("desktop", "light"), ("desktop", "dark"))


def test_the_season_reads_on_a_phone_and_a_laptop_in_light_and_dark(browser: Browser, live_server):
    players = {name: PlayerFactory(display_name=name) for name in NAMES}
    season = a_season(best=2, qualify=3, prize_places=3, night_prize=True)
    for index, (day, tables) in enumerate(NIGHTS * 2):  # eight nights, the second four a few days earlier each
        a_night(season, day if index < len(NIGHTS) else day - 4, seated(players, tables),
                [(ns, ew) for *_names, ns, ew in tables])
    season = Season.objects.get(pk=season.pk)
    context = axe_context(browser)
    page = context.new_page()
    page.goto(live_server.url + season.get_absolute_url())
    failures = []
    for size, scheme, violations, width in in_views(page, EVERY_VIEW, every_rule=True):
        failures += [f"{size} {scheme}: {v['id']} ({v['impact']}) {v['nodes']}" for v in violations if failing(v)]
        if width > SIZES[size]["width"]:
            failures.append(f"{size} {scheme}: the page is {width} px wide")
        if size == "phone":
            frame = page.locator("[data-testid=season-table]")
            assert frame.evaluate("e => e.scrollWidth > e.clientWidth"), "the table slides in its own frame"
            name = page.locator("[data-testid=season-row] th.held").first
            assert name.evaluate("e => getComputedStyle(e).position") == "sticky"
    context.close()
    assert failures == [], "\n".join(failures)
