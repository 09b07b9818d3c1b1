"""Steps the browser tests share."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "sec")
    page.fill("#id_password", "pw-secretary-1888")
    page.keyboard.press("Enter")
    expect(page.get_by_text("sec · secretary")).to_be_visible()
