"""Every page the access matrix names, opened in Chromium as each role that may read it, in light and dark
mode, on a phone (390 px) and a desktop (1366 px): axe-core, every impact counted, finds no serious or critical
violation and none of low contrast, repeated landmark names or empty table headers, and no page is wider than
the screen (the menu wraps or folds rather than running off the edge)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page

from scoring.models import Player
from tests.access.test_access import MATRIX, WITH_QUERIES, club, may_read  # noqa: F401 (the fixture)
from tests.browser_helpers import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 800}}
LOGINS = {"player": ("member", "pw-member-1888"), "secretary": ("sec", "pw-secretary-1888")}
# Light at the desktop size runs every WCAG A and AA rule and axe-core's best practices; the other three views
# run the rules their colours and widths can change. Every impact is counted; a serious or critical violation
# fails, and so does any of NAMED whatever its impact.
CHANGING = ["color-contrast", "scrollable-region-focusable", "link-in-text-block"]
NAMED = {"color-contrast", "landmark-unique", "empty-table-header"}
RUN_AXE = """async (rules) => {
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
  const options = {resultTypes: ["violations"],
                   runOnly: rules ? {type: "rule", values: rules} : {type: "tag", values: tags}};
  const result = await axe.run(document, options);
  return result.violations
    .map(v => ({id: v.id, impact: v.impact,
                nodes: v.nodes.slice(0, 2).map(n => n.target.join(" ") + " " + (n.any[0] || {message: ""}).message)}));
}"""


def failing(violation: dict[str, Any]) -> bool:
    """A violation the site may not have: serious or critical, or one of NAMED at any impact."""
    return violation["impact"] in ("serious", "critical") or violation["id"] in NAMED


def pages_for(role: str, objects: dict[str, Any]) -> list[tuple[str, str]]:
    """(URL name, path) of every page the role may read by GET, HTML ones only being checked, and those read
    with their query parameters (the event page's filters, refused ones included)."""
    out = []
    for name, (access, args) in MATRIX.items():
        path = reverse(name, args=args(objects))
        if access.read != "nobody" and may_read(access, role) and not path.endswith((".pdf", ".json")):
            out.append((name, path))
    for name, args, query in WITH_QUERIES:
        if may_read(MATRIX[name][0], role):
            out.append((name, reverse(name, args=args(objects)) + query(objects)))
    return out


def check(page: Page, path: str, base: str, rules: list[str] | None) -> tuple[list[dict[str, Any]], int | None]:
    response = page.goto(base + path)
    if response is None or "text/html" not in (response.headers.get("content-type") or ""):
        return [], None
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(RUN_AXE, rules)
    width = page.evaluate("document.documentElement.scrollWidth")
    return violations, width


@pytest.mark.parametrize("half", [0, 1])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("role", ["anonymous", "player", "secretary"])
def test_every_page_is_readable_in_light_and_dark_on_a_phone_and_a_desktop(browser: Browser, live_server,
                                                                          club, role, size, scheme, half):  # noqa: F811
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
    viewport = SIZES[size]
    context = browser.new_context(viewport=viewport, color_scheme=scheme, bypass_csp=True)  # type: ignore[arg-type]
    page = context.new_page()
    if role != "anonymous":
        log_in(page, live_server.url, *LOGINS[role])
    full = size == "desktop" and scheme == "light"
    for _name, path in pages_for(role, club)[half::2]:  # half the pages a test, so none runs long
        violations, width = check(page, path, live_server.url, None if full else CHANGING)
        if width is None:
            continue
        views += 1
        for v in violations:
            found[f"{v['id']} ({v['impact']})"] += 1
            if failing(v):
                failures.append(f"{role} {size} {scheme} {path}: {v['id']} ({v['impact']}) {v['nodes']}")
        if width > viewport["width"]:
            failures.append(f"{role} {size} {scheme} {path}: {width} px wide")
    context.close()
    print(f"\naxe-core, {role} {size} {scheme} (half {half + 1}): {views} page views; "
          f"every impact by rule: {json.dumps(found)}")
    assert views > 3
    assert failures == [], "\n".join(failures[:40])
