"""The printed sheets and the standings export speak each format's words (`Terms`): a match's score sheet has
games and no laps or rubber points, a progressive table's sheet is its round's tally, and the standings sheet
counts what the event's tables play."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.formats import FOREIGN, FORMATS, a_table, play_on
from tests.printing.test_sheets import get_pdf, pdf_text

pytestmark = pytest.mark.django_db


def printed(client, event, round_, rubber) -> dict[str, str]:
    """The text of each printed document of the table's event, by name, and the standings' CSV."""
    urls = {"score sheet": reverse("rubber_sheet", args=[rubber.pk]),
            "round sheets": reverse("round_sheets_pdf", args=[round_.pk]),
            "standings sheet": reverse("event_standings_pdf", args=[event.slug])}
    texts = {name: "\n".join(pdf_text(get_pdf(client, url).content)) for name, url in urls.items()}
    csv = client.get(reverse("event_standings", args=[event.slug]) + "?_export=csv")
    texts["csv header"] = csv.content.decode().splitlines()[0]
    return texts


@pytest.mark.parametrize("form", list(FORMATS))
def test_each_printed_sheet_and_the_export_speak_the_formats_words(client, secretary, form):
    event, round_, rubber = a_table(form)
    play_on(rubber)
    client.force_login(secretary)
    texts = printed(client, event, round_, rubber)
    for name, text in texts.items():
        assert not FOREIGN[form].search(text), (name, FOREIGN[form].findall(text))
    sheet = texts["score sheet"]
    terms = rubber.rulebook.wording.terms
    assert f"{terms.title} {rubber.pk}" in sheet
    assert terms.finished in sheet
    assert re.search(r"as of \d+ \w+ \d{4}, \d\d:\d\d", texts["standings sheet"])  # by the hour, as a night's do
    if form == "progressive":
        assert "The round's tally" in sheet and "Rubber points" not in sheet
        assert f"In play, 6 of 8 deals, 2 left: the round's tally NS {rubber.current_ns} \u2013 EW" in sheet
        assert "Games" not in texts["csv header"] and "Points" in texts["csv header"]
        assert "complete" not in texts["standings sheet"]
    elif form == "somerset-rubber":
        assert "Lap Kind Points" in sheet and "Rubber points" in sheet
        assert texts["csv header"].startswith("Player,Rubbers")
    else:
        assert "Game Won by NS\u2013EW" in sheet and "Lap" not in sheet and "Kind" not in sheet
        assert "Games won" in texts["csv header"] and "Matches" in texts["csv header"]
        assert "1 match in progress, not counted yet." in texts["standings sheet"]
