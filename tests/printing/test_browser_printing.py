"""Printing in a real browser: the secretary opens the score sheet from the rubber page, and anyone the
standings from the event page; each arrives as a PDF, shown in the browser to print, with a meaningful
name for saving and the right content."""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.browser_helpers import log_in
from tests.conftest import CHROMIUM_ARGS, FULL_CHROMIUM
from tests.helpers import play_game, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def viewer(playwright):
    """Chromium itself, whose PDF viewer shows a sheet to print (the headless shell the other tests drive saves it)."""
    browser = playwright.chromium.launch(executable_path=FULL_CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def page(viewer):
    context = viewer.new_context()
    yield context.new_page()
    context.close()


def opened_pdf(page: Page, button: str, file_name: str) -> str:
    """Click the button, check the PDF that comes back and return its text."""
    with page.expect_response(lambda r: r.url.endswith(".pdf")) as response:
        page.get_by_test_id(button).click()
    assert response.value.status == 200
    assert response.value.headers["content-type"] == "application/pdf"
    assert response.value.headers["content-disposition"] == f'inline; filename="{file_name}"'
    expect(page).to_have_url(response.value.url)  # the browser shows the sheet, ready to print
    # Chromium hands its PDF viewer the body, so fetch the same URL again with the page's session.
    content = page.request.get(response.value.url).body()
    assert content.startswith(b"%PDF")
    pages = PdfReader(io.BytesIO(content)).pages
    return "\n".join(" ".join(line.split()) for page in pages
                     for line in page.extract_text(extraction_mode="layout").splitlines())


def test_secretary_prints_the_sheet_of_a_rubber_in_play(page: Page, live_server, secretary, rubber, players):
    play_game(rubber, "N")
    record(rubber, maker="E", tricks=4)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/rubbers/{rubber.pk}/")
    expect(page.get_by_test_id("next-dealer")).to_have_text(re.compile(r"^North \("))
    text = opened_pdf(page, "score-sheet", f"{rubber.event.slug}-rubber-{rubber.pk}-table-1-2026-11-03.pdf")
    assert f"North {players[0].display_name}" in text
    assert "Game 1: NS won" in text and "double game (2 rubber points)" in text
    assert "5 N\n" in text + "\n"  # the first blank row, its dealer printed from the rotation
    assert "In progress: game 2" in text


def test_anyone_prints_the_standings_of_a_public_event(page: Page, live_server, rubber, players):
    for maker in ("N", "N", "E"):
        play_game(rubber, maker)
    page.goto(f"{live_server.url}/events/{rubber.event.slug}/")
    text = opened_pdf(page, "standings-pdf", f"{rubber.event.slug}-standings.pdf")
    assert f"{rubber.event.name}: standings" in text
    assert f"1= {sorted([players[0].display_name, players[2].display_name])[0]} 1 1 0 2 2 6 2 +4 4.00" in text
