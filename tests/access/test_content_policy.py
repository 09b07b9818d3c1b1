"""Content-Security-Policy: the site's own scripts only, an inline script only with the request's nonce,
no inline styles; and the pages keep working under it in a real browser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser_helpers import log_in
from tests.helpers import record

TEMPLATE_DIRS = [Path(settings.BASE_DIR) / "templates", *Path(settings.BASE_DIR, "scoring").glob("*/templates")]


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.django_db
def test_every_page_carries_the_policy(client, rubber):
    record(rubber, maker="N", tricks=3)
    for url in (reverse("home"), reverse("event", args=[rubber.event.slug]), reverse("rubber", args=[rubber.pk]),
                reverse("event_standings", args=[rubber.event.slug]), reverse("laws"), "/no-such-page/"):
        policy = _policy(client.get(url))
        assert policy["default-src"] == ["'self'"], url
        assert policy["script-src"][0] == "'self'" and "'unsafe-inline'" not in policy["script-src"], url
        assert policy["style-src"] == ["'self'"], url
        assert policy["frame-ancestors"] == ["'none'"] and policy["object-src"] == ["'none'"], url


@pytest.mark.django_db
def test_the_inline_script_runs_only_by_the_requests_nonce(client, secretary, rubber):
    client.force_login(secretary)
    first, second = (client.get(reverse("rubber", args=[rubber.pk])) for _ in range(2))
    nonces = []
    for response in (first, second):
        (nonce,) = [s[len("'nonce-"):-1] for s in _policy(response)["script-src"] if s.startswith("'nonce-")]
        assert f'<script nonce="{nonce}">' in response.content.decode()
        nonces.append(nonce)
    assert nonces[0] != nonces[1] and len(nonces[0]) >= 16  # fresh and unguessable each time


def test_no_template_has_an_inline_script_without_a_nonce_or_an_inline_style():
    found = []
    for folder in TEMPLATE_DIRS:
        for path in folder.rglob("*.html"):
            text = path.read_text()
            found += [f"{path.name}: {m}" for m in re.findall(r"<script(?![^>]*\b(?:src|nonce)=)[^>]*>", text)]
            found += [f"{path.name}: {m}" for m in re.findall(r"""\s(?:style|on[a-z]+)=["']""", text)]
    assert not found


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_pages_break_no_rule_of_the_policy_in_a_browser(page: Page, live_server, secretary, rubber):
    record(rubber, maker="N", tricks=3)
    violations: list[str] = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    base = live_server.url
    log_in(page, base)
    for path in ("/", f"/events/{rubber.event.slug}/", f"/events/{rubber.event.slug}/standings/", "/laws/",
                 f"/rubbers/{rubber.pk}/rulings/new/", "/players/", "/admin/", f"/rubbers/{rubber.pk}/#entry"):
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
    page.set_viewport_size({"width": 390, "height": 800})
    page.get_by_role("button", name="Menu").click()  # Bootstrap's own script, from the site
    expect(page.get_by_role("link", name="Standings").first).to_be_visible()
    assert not violations
