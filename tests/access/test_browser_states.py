"""The room, the wall (the room's projector view) and the tables' phones in every state they pass through (a
table in play, one finished, one level, and the room between rounds) under each format (Somerset rubbers, a
standard match and an 1862 best of three in rounds, a progressive night), read by axe-core in light and dark as
the secretary and as the table holding its code: every impact counted, none of the named rules found."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser

from scoring.models import Event, Round, Rubber
from scoring.reporting.services import AtTable, hand_report, working_code
from scoring.rounds.services import entrants_set, round_close, round_start, schedule_make
from tests.axe import SIZES, axe_context, failing, in_views
from tests.browser_helpers import goto, log_in
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FORMATS: dict[str, dict[str, Any]] = {
    "somerset-rubbers": {"mode": Event.Mode.INDIVIDUALS, "rulebook": "somerset-1888"},
    "standard-match": {"mode": Event.Mode.INDIVIDUALS, "rulebook": "standard", "games": 3},
    "1862-best-of-three": {"mode": Event.Mode.INDIVIDUALS, "rulebook": "official-1862", "games": 3},
    "progressive": {"mode": Event.Mode.PROGRESSIVE, "rulebook": "standard", "deal_limit": 4},
}


def win_game(rubber: Rubber, maker: str) -> None:
    """Marches by the maker's side until it wins a game (its score falls back, a lap carried or not) or the
    rubber, match or round's deals end."""
    mine = "current_ns" if maker in "NS" else "current_ew"
    for _ in range(12):
        before = getattr(rubber, mine) or 0
        record(rubber, maker=maker, tricks=5)
        rubber.refresh_from_db()
        if rubber.status != Rubber.Status.IN_PROGRESS or (getattr(rubber, mine) or 0) <= before:
            return
    raise AssertionError("no game was won in twelve marches")


def finish(rubber: Rubber) -> None:
    """The table plays to its end: the match or rubber won by North-South, or the round's deals played."""
    for _ in range(40):
        rubber.refresh_from_db()
        if rubber.status != Rubber.Status.IN_PROGRESS:
            return
        record(rubber, maker="N", tricks=5)
    raise AssertionError("the table never finished")


def a_room_in_play(form: str) -> tuple[Event, Round, list[Rubber]]:
    """Round 1 of 2 in play at three tables: table 1 finished, table 2 level, table 3 in play with a hand
    reported from its phone and waiting for the other side."""
    event = EventFactory(rounds=2, **FORMATS[form])
    entrants_set(event=event, players=PlayerFactory.create_batch(12))
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubbers = [t.rubber for t in first.tables.select_related("rubber").order_by("number")]
    assert len(rubbers) == 3
    for rubber in rubbers:
        working_code(rubber)  # each phone's code, issued while the table plays
    finished, level, playing = rubbers
    finish(finished)
    if event.progressive:  # level: a march each, the round's deals not yet played
        record(level, maker="N", tricks=5)
        record(level, maker="E", tricks=5)
    else:  # level: a game each
        win_game(level, "N")
        win_game(level, "E")
    record(playing, maker="N", tricks=3)
    playing.refresh_from_db()
    hand_report(rubber_id=playing.pk, play={"dealer": playing.next_dealer, "maker": "E", "tricks": 3},
                by=AtTable(playing.north))
    return event, first, rubbers


def pages(event: Event, rubbers: list[Rubber]) -> dict[str, list[str]]:
    """The pages each reader opens: the room and the wall, and every table's phone."""
    room = reverse("room", args=[event.slug])
    playing = Rubber.objects.filter(pk__in=[r.pk for r in rubbers], status=Rubber.Status.IN_PROGRESS).order_by("pk")
    codes = [working_code(r) for r in playing]  # an ended table's code is withdrawn; the secretary's phone shows it
    return {
        "secretary desktop": [room, room + "?projector=1"],
        "secretary phone": [room] + [reverse("member_table", args=[r.pk]) for r in rubbers],
        "table phone": [room] + [reverse("code_table", args=[c.code]) for c in codes if c is not None],
    }


@pytest.mark.parametrize("state", ["in play", "between rounds"])
@pytest.mark.parametrize("form", list(FORMATS))
def test_rooms_walls_and_phones_in_every_state_pass_axe(browser: Browser, live_server, secretary, form, state):
    """Each page is loaded once by each reader and read light and dark at the reader's size, every rule in light
    and those the colours change in dark (`tests/axe.py`)."""
    event, first, rubbers = a_room_in_play(form)
    if state == "between rounds":
        for rubber in rubbers:
            finish(rubber)
        round_close(round_id=first.pk)
        assert Round.objects.get(event=event, number=2).status == Round.Status.PLANNED
    found: Counter[str] = Counter()
    failures: list[str] = []
    views: Counter[str] = Counter()
    for reader, paths in pages(event, rubbers).items():
        size = reader.split()[1]
        context = axe_context(browser, size)
        page = context.new_page()
        if reader.startswith("secretary"):
            log_in(page, live_server.url)
        for path in paths:
            response = goto(page, live_server.url + path)
            assert response.status in (200, 410), (reader, path)  # 410: a table ended
            for _, scheme, violations, width in in_views(page, ((size, "light"), (size, "dark"))):
                views[reader] += 1
                for v in violations:
                    found[f"{v['id']} ({v['impact']})"] += len(v["nodes"])
                    if failing(v):
                        failures.append(f"{form} {state} {scheme} {reader} {path}: {v['id']} ({v['impact']}) "
                                        f"{v['nodes']}")
                if "projector" not in path and width > SIZES[size]["width"]:
                    failures.append(f"{form} {state} {scheme} {reader} {path}: {width} px wide")
        context.close()
    print(f"\naxe-core, {form} {state}: {dict(views)} page views; every impact by rule: {json.dumps(found)}")
    assert views["secretary desktop"] == 4 and views["secretary phone"] == 8
    assert views["table phone"] >= (6 if state == "in play" else 2)  # between rounds no code works
    assert failures == [], "\n".join(failures[:40])


def contrast(one: str, two: str) -> float:
    """WCAG contrast of two CSS colours given as rgb()/rgba() strings."""

    def luminance(colour: str) -> float:
        r, g, b = (int(float(x)) / 255 for x in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_dark_modes_focus_ring_is_clearly_visible(browser: Browser, live_server):
    """Tabbing to a link in dark mode draws an outline at least 3px wide, over 3:1 against the page and the menu."""
    context = browser.new_context(viewport=SIZES["desktop"], color_scheme="dark")
    page = context.new_page()
    page.goto(live_server.url + "/")
    for selector in ("main a", "nav.navbar a.nav-link"):
        page.locator(selector).first.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # focused by the keyboard, so :focus-visible applies
        ring = page.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
            let b = e.parentElement, bg = "rgba(0, 0, 0, 0)";  // the ring is drawn outside the element
            while (b && (bg = getComputedStyle(b).backgroundColor) === "rgba(0, 0, 0, 0)") b = b.parentElement;
            return {style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor,
                    background: bg === "rgba(0, 0, 0, 0)" ? getComputedStyle(document.body).backgroundColor : bg}; }""")
        assert ring["style"] != "none" and ring["width"] >= 3, (selector, ring)
        assert contrast(ring["color"], ring["background"]) >= 3, (selector, ring)
    context.close()
