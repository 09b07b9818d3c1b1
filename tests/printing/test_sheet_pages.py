"""A score sheet fits its page: a complete rubber of up to 20 hands with its signature lines, and a blank
sheet for a rubber in play, each on one page."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Rubber
from tests.helpers import record

pytestmark = pytest.mark.django_db


def _pages(client, rubber: Rubber) -> list[str]:
    content = client.get(reverse("rubber_sheet", args=[rubber.pk])).content
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def _twenty_hand_rubber(rubber: Rubber) -> None:
    """Twenty hands, most of them a single point, so that the rubber ends only at the twentieth."""
    plays = [("N", 3), ("E", 3)] * 4 + [("N", 3)]  # game 1 to NS 5-4 after 9 hands
    plays += [("E", 3), ("N", 3)] * 4 + [("E", 3)]  # game 2 to EW 5-4 after 18
    for maker, tricks in plays:
        record(rubber, maker=maker, tricks=tricks)
    record(rubber, maker="N", tricks=3)
    record(rubber, maker="S", alone=True, tricks=5)  # game 3 to NS 5-0 at the twentieth hand


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_rubber_of_twenty_hands_prints_on_one_page_with_its_signatures(client, rubber, paper):
    rubber.event.paper_size = paper
    rubber.event.save()
    _twenty_hand_rubber(rubber)
    rubber.refresh_from_db()
    assert (rubber.hand_count, rubber.status) == (20, Rubber.Status.COMPLETE)
    pages = _pages(client, rubber)
    assert len(pages) == 1, [len(p) for p in pages]
    assert "Signed as a true record" in pages[0] and "20" in pages[0]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_blank_sheet_for_a_rubber_in_play_prints_on_one_page(client, rubber, paper):
    rubber.event.paper_size = paper
    rubber.event.save()
    pages = _pages(client, rubber)
    assert len(pages) == 1 and "Signed as a true record" in pages[0]
    for number, (maker, tricks) in enumerate([("N", 3), ("E", 3)] * 6, start=1):  # twelve hands, still in play
        record(rubber, maker=maker, tricks=tricks)
        if number in (1, 6, 12):
            assert len(_pages(client, rubber)) == 1, number
