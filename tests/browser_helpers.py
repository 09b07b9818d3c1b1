"""Steps the browser tests share."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def log_in(page: Page, base: str, username: str = "sec", password: str = "pw-secretary-1888") -> None:
    """Log in by the login page (the secretary unless told otherwise) and wait to be let in."""
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    if username == "sec":
        expect(page.get_by_text("sec · secretary")).to_have_count(1)  # in the menu, folded on a phone
