"""Every printed sheet with a long double-barrelled name: the name wraps at its space or after its hyphen (or
its type shrinks), never mid-word, and never prints over another figure; and a long match keeps to one page.

The PDFs are read back with pypdf: each run of text with where it starts and its size, its width measured with
the same font the sheet embeds, so that two runs printed over each other are seen as a reader would see them.
"""

from __future__ import annotations

import io
import itertools
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from scoring.models import Event, Player, Rubber
from scoring.printing.pdf.fonts import BOLD, REGULAR
from scoring.rounds.services import entrants_set, round_close, round_start, schedule_make
from tests.builders import a_finished_round, a_finished_rubber, a_rubber, a_tournament
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db

LONG = "Bartholomew Featherstonehaugh-Smythe"  # 36 characters
WHOLE = {"Barth": "Bartholomew", "Feath": "Featherstonehaugh-", "Smyth": "Smythe"}
"""A piece of the name as printed must hold the whole word it starts (the first part may end at its hyphen)."""


@dataclass(frozen=True)
class Run:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Run) -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1


def runs(page) -> list[Run]:
    """Each run of text on the page, boxed from its baseline to the top of its capitals."""
    found: list[Run] = []

    def visit(text, cm, tm, font, size):
        text = text.strip("\n")
        if not text.strip() or not font:
            return
        scale = tm[0] * cm[0] or 1
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        face = BOLD if "Bold" in str(font.get("/BaseFont", "")) else REGULAR
        height = size * scale
        for piece in re.finditer(r"\S+(?: \S+)*", text):
            start = x + stringWidth(text[:piece.start()], face, height)
            found.append(Run(piece.group(), start + 0.2, y + 0.2,
                             start + stringWidth(piece.group(), face, height) - 0.2, y + 0.72 * height))

    page.extract_text(visitor_text=visit)
    return found


def read(content: bytes, name: str) -> PdfReader:
    if os.environ.get("SHEETS_DIR"):  # to look at them: SHEETS_DIR=/tmp/sheets pytest ...
        Path(os.environ["SHEETS_DIR"], name).write_bytes(content)
    return PdfReader(io.BytesIO(content))


def assert_name_whole_and_clear(content: bytes, name: str) -> None:
    reader = read(content, name)
    seen = 0
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text(extraction_mode="layout")
        for start, word in WHOLE.items():
            for piece in re.findall(rf"\S*{start}\S*", text):
                seen += 1
                assert word in piece, (name, number, piece)
        every = runs(page)
        for run in every:
            if any(start in run.text for start in WHOLE):
                clash = [other.text for other in every if other is not run and other.overlaps(run)]
                assert not clash, (name, number, run.text, clash)
    assert seen, name


# The data, through the services.

def long_and_three() -> list:
    return [Player.objects.get_or_create(display_name=LONG)[0], *PlayerFactory.create_batch(3)]


def game(rubber: Rubber, winner: str, loser: str, hands: int, to: int = 10) -> None:
    """A game to `to`, won by `winner`'s side in exactly `hands` hands: single points turn about, then the
    winner's lone marches (4), marches (2) and single points take the rest."""
    for turns, lone, marches in itertools.product(range(to), range(to // 4 + 1), range(to // 2 + 1)):
        singles = to - turns - 4 * lone - 2 * marches
        if singles >= 0 and 2 * turns + lone + marches + singles == hands:
            break
    else:
        raise AssertionError(f"no game of {hands} hands")
    plays = [(winner, 3, False), (loser, 3, False)] * turns + [(winner, 5, True)] * lone
    for maker, tricks, alone in plays + [(winner, 5, False)] * marches + [(winner, 3, False)] * singles:
        record(rubber, maker=maker, tricks=tricks, alone=alone)


def a_match(hands: tuple[int, int, int], paper: str = "letter", seats: list | None = None) -> Rubber:
    """A standard best-of-three match to ten: NS win the first game, EW the second, NS the third."""
    event = EventFactory(rulebook="standard", game_points=10, games=3, paper_size=paper)
    rubber = a_rubber(event, seats or long_and_three())
    for (winner, loser), count in zip((("N", "E"), ("E", "N"), ("N", "E")), hands, strict=True):
        game(rubber, winner, loser, count)
    rubber.refresh_from_db()
    assert (rubber.hand_count, rubber.status) == (sum(hands), Rubber.Status.COMPLETE)
    return rubber


def a_night(paper: str) -> tuple[Event, Rubber]:
    """A progressive night, round one started, the long name at table 1 and a few deals played there."""
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard", paper_size=paper)
    entrants_set(event=event, players=[*long_and_three(), *PlayerFactory.create_batch(4)])
    first, _ = schedule_make(event=event)
    round_start(round_id=first.pk)
    rubber = first.tables.get(number=1).rubber
    for maker in "NEN":
        record(rubber, maker=maker, tricks=5)
    return event, rubber


def pdf(client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    return response.content


PAPERS = ["letter", "a4"]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_standings_of_rubbers_and_of_matches_print_the_name_whole_and_clear(client, paper):
    rubbers = EventFactory(paper_size=paper)
    a_finished_rubber(a_rubber(rubbers, long_and_three()))
    assert_name_whole_and_clear(pdf(client, reverse("event_standings_pdf", args=[rubbers.slug])),
                                f"standings-rubbers-{paper}.pdf")
    match = a_match((3, 3, 3), paper)
    assert_name_whole_and_clear(pdf(client, reverse("event_standings_pdf", args=[match.event.slug])),
                                f"standings-match-{paper}.pdf")


@pytest.mark.parametrize("paper", PAPERS)
def test_a_progressive_nights_paper_prints_the_name_whole_and_clear(client, paper):
    event, rubber = a_night(paper)
    round_pk = rubber.round_table.round_id
    for url, name in ((reverse("rubber_sheet", args=[rubber.pk]), "progressive-sheet"),
                      (reverse("round_sheets_pdf", args=[round_pk]), "progressive-round-sheets"),
                      (reverse("table_cards_pdf", args=[round_pk]), "progressive-table-cards"),
                      (reverse("tally_cards_pdf", args=[event.slug]), "progressive-tally-cards"),
                      (reverse("movement_pdf", args=[event.slug]), "progressive-movement")):
        assert_name_whole_and_clear(pdf(client, url), f"{name}-{paper}.pdf")
    round_close(round_id=round_pk, unplayed="bye")  # the other table never reported
    assert_name_whole_and_clear(pdf(client, reverse("event_standings_pdf", args=[event.slug])),
                                f"progressive-standings-{paper}.pdf")


@pytest.mark.parametrize("paper", PAPERS)
def test_a_tournament_of_fixed_pairs_prints_the_name_whole_and_clear(client, paper):
    event = a_tournament(8, rounds=2, mode=Event.Mode.PAIRS, names=[LONG], paper_size=paper)
    first, _ = schedule_make(event=event)
    for url, name in ((reverse("table_cards_pdf", args=[first.pk]), "pairs-table-cards"),
                      (reverse("round_sheets_pdf", args=[first.pk]), "pairs-planned-sheets"),
                      (reverse("tally_cards_pdf", args=[event.slug]), "pairs-tally-cards"),
                      (reverse("movement_pdf", args=[event.slug]), "pairs-movement")):
        assert_name_whole_and_clear(pdf(client, url), f"{name}-{paper}.pdf")
    a_finished_round(first)
    assert_name_whole_and_clear(pdf(client, reverse("event_standings_pdf", args=[event.slug])),
                                f"pairs-standings-{paper}.pdf")


def one_page(content: bytes) -> bool:
    return len(PdfReader(io.BytesIO(content)).pages) == 1


@pytest.mark.parametrize("paper", PAPERS)
def test_every_score_sheet_prints_the_name_whole_and_clear(client, secretary, paper):
    somerset = a_finished_rubber(a_rubber(EventFactory(paper_size=paper), long_and_three()))
    match = a_match((5, 6, 4), paper)
    official = a_rubber(EventFactory(rulebook="official-1862", games=3, paper_size=paper), long_and_three())
    for (winner, loser), hands in zip((("E", "N"), ("N", "E"), ("E", "N")), (4, 5, 3), strict=True):
        game(official, winner, loser, hands, to=5)
    in_play = a_rubber(EventFactory(paper_size=paper), long_and_three())
    record(in_play, maker="S", tricks=3)  # the long name is North: South makes, North is his partner
    for rubber, name in ((somerset, "somerset"), (match, "match"), (official, "official-1862"),
                         (in_play, "somerset-in-play")):
        content = pdf(client, reverse("rubber_sheet", args=[rubber.pk]))
        assert_name_whole_and_clear(content, f"sheet-{name}-{paper}.pdf")
        assert one_page(content), name


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("hands", [(19, 18, 3), (13, 12, 7)], ids=["40 hands", "32 hands"])
def test_a_long_match_to_ten_prints_on_one_page(client, paper, hands):
    rubber = a_match(hands, paper)
    content = pdf(client, reverse("rubber_sheet", args=[rubber.pk]))
    assert_name_whole_and_clear(content, f"sheet-{sum(hands)}-hands-{paper}.pdf")
    assert one_page(content)
    text = PdfReader(io.BytesIO(content)).pages[0].extract_text()
    assert "Signed as a true record" in text and re.search(rf"\b{sum(hands)}\b", text)
