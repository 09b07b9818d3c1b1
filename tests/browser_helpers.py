"""Steps the browser tests share."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from playwright.sync_api import Browser, Error, Page, Response, expect

from tests.formats import a_table, play_on


def log_in(page: Page, base: str, username: str = "sec", password: str = "pw-secretary-1888") -> None:
    """Log in by the login page (the secretary unless told otherwise) and wait to be let in."""
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    if username == "sec":
        expect(page.get_by_text("sec · secretary")).to_have_count(1)  # in the menu, folded on a phone


def goto(page: Page, url: str) -> Response:
    """Open `url` and return its response. A polling page may navigate itself at that moment (a phone whose table
    has ended reloads): the browser then aborts, or answers nothing for, one of the two loads, and `url` is opened
    again after a pause."""
    for _ in range(10):
        try:
            response = page.goto(url)
        except Error as error:
            if "ERR_ABORTED" not in str(error) and "interrupted by another navigation" not in str(error):
                raise
            response = None
        if response is not None:
            return response
        page.wait_for_timeout(300)
    response = page.goto(url)
    assert response is not None, url
    return response


def reload(page: Page) -> None:
    """Load the page afresh. A page that polls may be reloading itself at that moment (a phone whose round has
    moved on, a form's second click still being answered): the browser then aborts one of the two loads, and the
    page is loaded again once the other has settled. The wait is a pause, not a load state: a document already
    loaded reports its load state at once while its next navigation is still pending."""
    for _ in range(10):
        try:
            page.reload()
            return
        except Error as error:
            if "ERR_ABORTED" not in str(error):
                raise
            page.wait_for_timeout(300)
    page.reload()


def axe_as_secretary(browser: Browser, base: str, paths: list[str], scheme: str,
                     wide: tuple[str, ...] = ()) -> list[tuple[str, str, str, Any]]:
    """axe-core's violations on each of `paths`, read as the secretary at a phone's and a desktop's size in one
    colour scheme (every rule in light, those colours change in dark: `tests/axe.py`); every page but those in
    `wide` (the wall) must fit a phone's width without scrolling."""
    from tests.axe import SIZES, axe_context, failing, in_views

    found = []
    context = axe_context(browser, "desktop", scheme)
    page = context.new_page()
    log_in(page, base)
    for path in paths:
        page.goto(base + path)
        for size, _, violations, width in in_views(page, (("desktop", scheme), ("phone", scheme))):
            found += [(path, scheme, size, v) for v in violations if failing(v)]
            if path not in wide:
                assert width <= SIZES[size]["width"] + 1, (path, size)
    context.close()
    return found


def rubber_page(browser: Browser, base: str, form: str) -> tuple[Page, Any]:
    """A table of the format `form` (`tests.formats`) some hands into play, its page open to the secretary at
    1366x768: the page and the rubber."""
    _, _, rubber = a_table(form)
    play_on(rubber)
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    log_in(page, base)
    page.goto(base + reverse("rubber", args=[rubber.pk]))
    return page, rubber
