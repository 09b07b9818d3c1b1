"""The paper of an event in rounds: table cards, a round's score sheets, the movement sheet."""

from __future__ import annotations

import io

from django.conf import settings
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from scoring.printing.pdf.common import MARGIN, PAGE_SIZES, STYLES, build, content_width, footer, p
from scoring.printing.pdf.data import RubberSheet
from scoring.printing.pdf.fonts import BOLD, REGULAR
from scoring.printing.pdf.rubber_sheet import rubber_sheet_story
from scoring.printing.rounds import Movement, RoundCards, TableCard

RULE = colors.HexColor("#9aa9a0")
SHADE = colors.HexColor("#e8efe9")
TABLE_NUMBER = ParagraphStyle("table-number", parent=STYLES["title"], fontSize=30, leading=34, alignment=TA_CENTER)


def _card(card: TableCard, cards: RoundCards, width: float) -> Table:
    """A table card: the table's number large in the middle, the four players round it as they sit."""
    seat = dict(card.seats)

    def name(word: str) -> list[Flowable]:
        return [p(word, "small"), p(seat[word], "title")]

    middle = [Paragraph(f"Table {card.table}", TABLE_NUMBER)]
    grid = Table([["", name("North"), ""],
                  [name("West"), middle, name("East")],
                  ["", name("South"), ""]],
                 colWidths=[width / 3] * 3, rowHeights=[24 * mm, 30 * mm, 24 * mm])
    grid.setStyle(TableStyle([("ALIGN", (0, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                              ("BOX", (1, 1), (1, 1), 1, RULE), ("BACKGROUND", (1, 1), (1, 1), SHADE)]))
    outer = Table([[p(f"{cards.event} · round {cards.round}", "subtitle")], [grid],
                   [p(f"North and South are partners against East and West. First to deal: {card.first_dealer}.",
                      "body")]],
                  colWidths=[width], rowHeights=[10 * mm, 84 * mm, 12 * mm])
    outer.setStyle(TableStyle([("LINEBELOW", (0, -1), (-1, -1), 0.6, RULE, None, (3, 3)),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    return outer


def table_cards_pdf(cards: RoundCards) -> bytes:
    width = content_width(cards.paper)
    story: list[Flowable] = []
    for index, card in enumerate(cards.cards):
        story.append(_card(card, cards, width))
        story.append(PageBreak() if index % 2 else Spacer(1, 6 * mm))
    if cards.sitting_out:
        story.append(KeepTogether([p(f"{cards.event} · round {cards.round}", "subtitle"),
                                   p("Sitting out this round", "heading"),
                                   p(", ".join(cards.sitting_out), "title")]))
    if not cards.cards:
        story.append(p("This round has no tables yet: a round of fixed pairs paired by standing gets its tables "
                       "when it starts.", "body"))
    return build(story, paper=cards.paper, title=f"{cards.event}: round {cards.round} table cards",
                 label=f"{cards.event} · round {cards.round} · table cards")


def round_sheets_pdf(sheets: list[RubberSheet], *, paper: str, event: str, round_number: int) -> bytes:
    story: list[Flowable] = []
    for index, sheet in enumerate(sheets):
        if index:
            story.append(PageBreak())
        story += rubber_sheet_story(sheet)
    if not sheets:
        story.append(p("This round has no tables yet.", "body"))
    return build(story, paper=paper, title=f"{event}: round {round_number} score sheets",
                 label=f"{event} · round {round_number} · score sheets")


def movement_pdf(movement: Movement) -> bytes:
    """One row a player, one column a round; landscape once the rounds need the width."""
    size = PAGE_SIZES.get(movement.paper, PAGE_SIZES["letter"])
    if movement.rounds > 8:
        size = landscape(size)
    width = size[0] - 2 * MARGIN
    name_width = 48 * mm
    column = min(18 * mm, (width - name_width) / max(movement.rounds, 1))
    font = 9 if movement.rounds <= 12 else 8
    rows = [["Player", *[f"R{n}" for n in range(1, movement.rounds + 1)]]]
    rows += [[p(name, "cell"), *cells] for name, cells in movement.rows]
    table = Table(rows, colWidths=[name_width, *[column] * movement.rounds], repeatRows=1)
    style = [("FONT", (0, 0), (-1, -1), REGULAR, font), ("FONT", (0, 0), (-1, 0), BOLD, font),
             ("BACKGROUND", (0, 0), (-1, 0), SHADE), ("GRID", (0, 0), (-1, -1), 0.4, RULE),
             ("ALIGN", (1, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]
    style += [("BACKGROUND", (0, i), (-1, i), colors.HexColor("#f6f8f6")) for i in range(2, len(rows), 2)]
    table.setStyle(TableStyle(style))
    story: list[Flowable] = [
        p(f"{movement.event}: movement", "title"),
        p("Each player's table and seat, round by round: \u201c3 N\u201d is table 3, North (North and South are "
          "partners, as are East and West). \u201cout\u201d sits the round out; \u2013 is a round paired when "
          "it starts.", "subtitle"),
        table,
    ]
    out = io.BytesIO()
    label = f"{movement.event} · movement"
    doc = SimpleDocTemplate(out, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN + 4 * mm, title=f"{movement.event}: movement",
                            author=settings.CLUB_NAME)
    doc.build(story, onFirstPage=footer(label), onLaterPages=footer(label))
    return out.getvalue()
