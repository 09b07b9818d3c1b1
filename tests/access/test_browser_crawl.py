"""Every page the access matrix names, opened in Chromium as each role that may read it, in light mode on a desktop
(1366 px) and dark mode on a phone (390 px): axe-core, every impact counted, finds no serious or critical
violation and none of low contrast, repeated landmark names or empty table headers, and no page is wider than
the screen (the menu wraps or folds rather than running off the edge)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser

from scoring.models import Player
from tests.access.test_access import MATRIX, WITH_QUERIES, club, may_read  # noqa: F401 (the fixture)
from tests.axe import SIZES, axe_context, failing, in_views
from tests.browser_helpers import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOGINS = {"player": ("member", "pw-member-1888"), "secretary": ("sec", "pw-secretary-1888")}


def pages_for(role: str, objects: dict[str, Any]) -> list[tuple[str, str]]:
    """(URL name, path) of every page the role may read by GET, HTML ones only being checked, and those read
    with their query parameters (the event page's filters, refused ones included)."""
    out = []
    for name, (access, args) in MATRIX.items():
        path = reverse(name, args=args(objects))
        if access.read != "nobody" and may_read(access, role) and not path.endswith((".pdf", ".json", ".csv")):
            out.append((name, path))
    for name, args, query in WITH_QUERIES:
        if may_read(MATRIX[name][0], role):
            out.append((name, reverse(name, args=args(objects)) + query(objects)))
    return out


@pytest.mark.parametrize("role", ["anonymous", "player", "secretary"])
def test_every_page_is_readable_in_light_and_dark_on_a_phone_and_a_desktop(browser: Browser, live_server,
                                                                          club, role):  # noqa: F811
    """Each page is loaded once and read in the two views (`tests/axe.py`)."""
    from scoring.services.hands import HandExtras, hand_correct

    first = club["rubber"].hands.get(number=1)  # a corrected row, shaded, on the rubber page
    hand_correct(hand_id=first.pk, play={"dealer": first.dealer, "maker": "E", "tricks": 4}, extras=HandExtras(),
                 reason="The table said East took four.", by=club["users"]["secretary"])
    if role == "player":
        Player.objects.filter(pk=club["players"][0].pk).update(user=club["users"]["player"])
    else:
        Player.objects.filter(pk=club["players"][1].pk).update(user=club["users"]["secretary"])  # "My record" too
    found: Counter[str] = Counter()
    failures: list[str] = []
    views = 0
    context = axe_context(browser)
    page = context.new_page()
    if role != "anonymous":
        log_in(page, live_server.url, *LOGINS[role])
    for _name, path in pages_for(role, club):
        response = page.goto(live_server.url + path)
        if response is None or "text/html" not in (response.headers.get("content-type") or ""):
            continue
        for size, scheme, violations, width in in_views(page):
            views += 1
            for v in violations:
                found[f"{v['id']} ({v['impact']})"] += 1
                if failing(v):
                    failures.append(f"{role} {size} {scheme} {path}: {v['id']} ({v['impact']}) {v['nodes']}")
            if width > SIZES[size]["width"]:
                failures.append(f"{role} {size} {scheme} {path}: {width} px wide")
    context.close()
    print(f"\naxe-core, {role}: {views} page views; every impact by rule: {json.dumps(found)}")
    assert views > 12
    assert failures == [], "\n".join(failures[:40])
