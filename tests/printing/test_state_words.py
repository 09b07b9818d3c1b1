"""How a table stands is one sentence (`scoring.words.rubber_state_words`): a Somerset rubber won, a match won and a
progressive table stopped by its round read the same on the rubber's page, its score sheet and the closed table
page its phones see."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from scoring.engine import Seat
from scoring.models import Rubber
from scoring.reporting.services import working_code
from tests.formats import a_table
from tests.helpers import record
from tests.printing.test_sheets import get_pdf, pdf_text

pytestmark = pytest.mark.django_db

DASH = "\u2013"
SENTENCES = {
    "somerset-rubber": rf"North-South \(NAMES\) won the rubber\. Rubber points: NS \d+ {DASH} EW 0 \(law 7\)\.",
    "standard-match": rf"North-South \(NAMES\) won the match\. Games won: NS 2 {DASH} EW 0\.",
    "progressive": rf"Stopped after 8 deals, the round's limit: the round's tally NS 16 {DASH} EW 0\.",
}
"""What each table says once North-South have marched until they won, or until the round's eight deals were played;
NAMES, North and South by name."""


def shown(page: str, name: str) -> str:
    found = re.search(rf'data-testid="{name}">(.*?)</(?:div|p)>', page, re.S)
    assert found, name
    return " ".join(html.unescape(found.group(1)).split())


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("form", list(SENTENCES))
def test_the_page_the_sheet_and_the_closed_table_page_say_how_the_table_stands_alike(client, form):
    _, _, rubber = a_table(form)
    code = working_code(rubber)
    assert code is not None and client.get(f"/t/{code.code}/").status_code == 200  # the table's phone opens it
    names = re.escape(f"{rubber.player_at(Seat.N)} & {rubber.player_at(Seat.S)}")
    for _ in range(40):  # North-South march until the rubber or the match is won, or the round's deals are played
        record(rubber, maker="N", tricks=5)
        rubber.refresh_from_db()
        if rubber.status != Rubber.Status.IN_PROGRESS:
            break
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    said = shown(page, "state" if rubber.status == Rubber.Status.STOPPED else "winner")
    assert re.fullmatch(SENTENCES[form].replace("NAMES", names), said), said
    sheet = words("\n".join(pdf_text(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content)))
    assert said in sheet
    closed = client.get(f"/t/{code.code}/")
    assert closed.status_code == 410
    assert shown(closed.content.decode(), "state") == said
