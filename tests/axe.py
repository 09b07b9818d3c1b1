"""axe-core as the browser tests run it: added to every page a context opens, run on a page loaded once in two
views (a desktop in light mode, a phone in dark mode: each mode and each size once), the view changed in place as
a reader turns the phone or the system's dark mode on (the site's theme follows the system setting as it changes,
templates/_theme.html)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 800}}
# A light view runs every WCAG A and AA rule and axe-core's best practices; a dark one runs the rules its colours
# and width can change. Every impact is counted; a serious or critical violation fails, and so does any of NAMED
# whatever its impact.
CHANGING = ["color-contrast", "scrollable-region-focusable", "link-in-text-block"]
NAMED = {"color-contrast", "landmark-unique", "empty-table-header"}
VIEWS = (("desktop", "light"), ("phone", "dark"))
RUN_AXE = """async (rules) => {
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
  const options = {resultTypes: ["violations"],
                   runOnly: rules ? {type: "rule", values: rules} : {type: "tag", values: tags}};
  const result = await axe.run(document, options);
  return result.violations
    .map(v => ({id: v.id, impact: v.impact,
                nodes: v.nodes.slice(0, 2).map(n => n.target.join(" ") + " " + (n.any[0] || {message: ""}).message)}));
}"""

# The page's theme is the scheme asked for (a page without the site's theme script has none).
THEMED = """scheme => [null, scheme].includes(document.documentElement.getAttribute("data-bs-theme"))"""


def failing(violation: dict[str, Any]) -> bool:
    """A violation the site may not have: serious or critical, or one of NAMED at any impact."""
    return violation["impact"] in ("serious", "critical") or violation["id"] in NAMED


def axe_context(browser: Browser, size: str = "desktop", scheme: str = "light", **options: Any) -> BrowserContext:
    """A context whose every page has axe-core loaded before the page's own scripts (the site's policy allows no
    script it did not send, so the policy is bypassed for the tests' own). Motion is reduced, as Bootstrap then
    draws no transition: a colour read just after the scheme changes is the colour at rest."""
    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme,  # type: ignore[arg-type]
                                  reduced_motion="reduce", bypass_csp=True, **options)
    context.add_init_script(path=str(AXE))
    return context


def run_axe(page: Page, rules: list[str] | None = None) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands: every rule, or only `rules`."""
    return page.evaluate(RUN_AXE, rules)  # type: ignore[no-any-return]


def page_width(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def in_views(page: Page, views: tuple[tuple[str, str], ...] = VIEWS,
             every_rule: bool = False) -> Iterator[tuple[str, str, list[dict[str, Any]], int]]:
    """The loaded page in each view in turn, (size, scheme, violations, width): every rule in a light view (in
    every view with `every_rule`), CHANGING in a dark one."""
    for size, scheme in views:
        page.set_viewport_size(SIZES[size])  # type: ignore[arg-type]
        page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
        page.wait_for_function(THEMED, arg=scheme)
        full = every_rule or scheme == "light"
        yield size, scheme, run_axe(page, None if full else CHANGING), page_width(page)
