"""The paper of an event in rounds: table cards, a round's score sheets, the movement sheet."""

from __future__ import annotations

import io
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from scoring.engine.words import DASH
from scoring.printing.pdf.common import MARGIN, PAGE_SIZES, STYLES, Name, build, content_width, footer, p
from scoring.printing.pdf.data import RubberSheet
from scoring.printing.pdf.fonts import BOLD, REGULAR
from scoring.printing.pdf.qr import QrCode
from scoring.printing.pdf.rubber_sheet import fitted_story
from scoring.printing.rounds import Movement, RoundCards, TableCard
from scoring.services.club import the_club

RULE = colors.HexColor("#9aa9a0")
SHADE = colors.HexColor("#e8efe9")
INK = colors.HexColor("#2f6b4f")
# "Table" small and the number very large, in one paragraph so that it reads "Table 3" as text too.
TABLE_NUMBER = ParagraphStyle("table-number", parent=STYLES["title"], fontSize=54, leading=58, alignment=TA_CENTER)
SEAT_NAME = ParagraphStyle("seat-name", parent=STYLES["title"], alignment=TA_CENTER, spaceAfter=0)
SEAT_WORD = ParagraphStyle("seat-word", parent=STYLES["small"], alignment=TA_CENTER,
                           textColor=colors.HexColor("#555555"))
DEALER_WORD = ParagraphStyle("dealer-word", parent=SEAT_WORD, fontName=BOLD, textColor=INK)
# The code is read across the table and typed letter by letter: large, bold, spaced as on the screen.
TABLE_CODE = ParagraphStyle("table-code", parent=STYLES["title"], fontName=BOLD, fontSize=17, leading=21)
ROUND_WORD = ParagraphStyle("round-word", parent=STYLES["heading"], alignment=TA_RIGHT, spaceBefore=0)
CARD_HEIGHTS = (10 * mm, 22 * mm, 34 * mm, 22 * mm, 13 * mm)
"""The card's rows: event and round, North, West-table-East, South, the partners and the first dealer."""
MOVES_HEIGHT = 14 * mm
"""A progressive night's card adds a row for how the movement goes from the table; two cards still fit a page."""
MOVES = ParagraphStyle("moves", parent=STYLES["cell"], fontSize=7.5, leading=9.2)


def _card_heading(cards: RoundCards, width: float) -> Table:
    """The event's name on the left of a card, the round on the right."""
    heading = Table([[p(cards.event, "subtitle"), Paragraph(f"Round {cards.round}", ROUND_WORD)]],
                    colWidths=[width - 30 * mm, 30 * mm])
    heading.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("TOPPADDING", (0, 0), (-1, -1), 0),
                                 ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    return heading


def _sitting_out(cards: RoundCards, width: float) -> Table:
    """A small card for the players sitting the round out, cut apart like the others."""
    table = Table([[_card_heading(cards, width)], [p("Sitting out this round", "heading")],
                   [Name(", ".join(cards.sitting_out), "title")]], colWidths=[width])
    table.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, -1), (-1, -1), 5 * mm),
                               ("LINEBELOW", (0, -1), (-1, -1), 0.6, RULE, None, (3, 3))]))
    return table


def _card(card: TableCard, cards: RoundCards, width: float) -> Table:
    """A table card: the table's number very large in the middle, the four players round it as they sit,
    the first dealer marked at his seat. Two go on a page, a dashed line below each to cut along."""
    seat = dict(card.seats)

    def name(word: str) -> list[Flowable]:
        label = (Paragraph(escape(f"{word} \u00b7 deals first"), DEALER_WORD) if word == card.dealer_seat
                 else Paragraph(escape(word), SEAT_WORD))
        return [label, Name(seat[word], SEAT_NAME, lines=2)]  # two lines at most: the card's rows are fixed

    side = (width - 62 * mm) / 2
    number = Paragraph(f'<font size="16">Table</font> {card.table}', TABLE_NUMBER)
    report: list[Any] = ["", ""]
    if card.code:  # the secretary's copy: phones at this table report its hands by this code
        report = [[Paragraph("Report hands from a phone: scan the code, or type", STYLES["small"]),
                   Paragraph(escape(card.code), TABLE_CODE),
                   Paragraph(f"at {escape(card.code_url.rsplit('/', 2)[0])}/", STYLES["small"])],
                  QrCode(card.code_url, CARD_HEIGHTS[3] - 2 * mm)]
    elif card.code_note:  # printed before the round starts: no code exists yet
        report = [Paragraph(escape(card.code_note), STYLES["small"]), ""]
    rows = [[_card_heading(cards, width), "", ""],
            ["", name("North"), ""],
            [name("West"), number, name("East")],
            [report[0], name("South"), report[1]],
            [p(f"North and South are partners against East and West. First to deal: {card.first_dealer}.",
               "body"), "", ""]]
    heights = list(CARD_HEIGHTS)
    if card.moves:
        rows.append([Paragraph(escape(card.moves), MOVES), "", ""])
        heights.append(MOVES_HEIGHT)
    table = Table(rows, colWidths=[side, 62 * mm, side], rowHeights=heights)
    table.setStyle(TableStyle([
        ("SPAN", (0, 0), (-1, 0)), ("SPAN", (0, 4), (-1, 4)), ("SPAN", (0, -1), (-1, -1)),
        ("ALIGN", (0, 1), (-1, 3), "CENTER"), ("VALIGN", (0, 1), (-1, 3), "MIDDLE"),
        ("ALIGN", (0, 3), (0, 3), "LEFT"), ("LEFTPADDING", (0, 3), (0, 3), 0), ("ALIGN", (2, 3), (2, 3), "RIGHT"),
        ("VALIGN", (0, 4), (-1, -1), "MIDDLE"),
        ("BOX", (1, 2), (1, 2), 1, RULE), ("BACKGROUND", (1, 2), (1, 2), SHADE),
        ("LEFTPADDING", (0, 0), (-1, 0), 0), ("LEFTPADDING", (0, 4), (-1, -1), 0),
        ("LINEBELOW", (0, -1), (-1, -1), 0.6, RULE, None, (3, 3)),
    ]))
    return table


def table_cards_pdf(cards: RoundCards) -> bytes:
    """Two cards a page, each a table's (then a smaller one for who sits out), to be cut apart."""
    width = content_width(cards.paper)
    blocks: list[Flowable] = [_card(card, cards, width) for card in cards.cards]
    if cards.sitting_out:
        blocks.append(_sitting_out(cards, width))
    story: list[Flowable] = []
    if not cards.cards:
        story.append(p("This round has no tables yet: a round of fixed pairs paired by standing gets its tables "
                       "when it starts.", "body"))
    for index, block in enumerate(blocks):
        if index:
            story.append(Spacer(1, 6 * mm) if index % 2 else PageBreak())
        story.append(block)
    return build(story, paper=cards.paper, title=f"{cards.event}: round {cards.round} table cards",
                 label=f"{cards.event} · round {cards.round} · table cards")


def round_sheets_pdf(sheets: list[RubberSheet], *, paper: str, event: str, round_number: int) -> bytes:
    story: list[Flowable] = []
    for index, sheet in enumerate(sheets):
        if index:
            story.append(PageBreak())
        story += fitted_story(sheet)
    if not sheets:
        story.append(p("This round has no tables yet.", "body"))
    return build(story, paper=paper, title=f"{event}: round {round_number} score sheets",
                 label=f"{event} · round {round_number} · score sheets")


MOVEMENT_COLUMN = (11 * mm, 18 * mm)
"""The narrowest and widest a round's column may be ("16 W" needs about 8 mm at 8 points)."""
MOVEMENT_NAMES = (30 * mm, 70 * mm)
"""The names' column fits the longest name between these; a longer name wraps."""


def _movement_page(movement: Movement, landscape_: bool) -> tuple[float, float]:
    size = PAGE_SIZES.get(movement.paper, PAGE_SIZES["letter"])
    return landscape(size) if landscape_ else size


def movement_pdf(movement: Movement) -> bytes:
    """One row a player, one column a round. Portrait while the rounds fit beside the names, else
    landscape; 8 points from 13 rounds. A long table flows on with the header row, and the event's name
    at the top of every later page."""
    font = 9.0 if movement.rounds <= 12 else 8.0
    widest = max((stringWidth(name, REGULAR, font) for name, _ in movement.rows), default=0) + 14  # padding
    names = min(max(widest, MOVEMENT_NAMES[0]), MOVEMENT_NAMES[1])
    size = _movement_page(movement, False)
    if size[0] - 2 * MARGIN < names + movement.rounds * MOVEMENT_COLUMN[0]:
        size = _movement_page(movement, True)
    width = size[0] - 2 * MARGIN
    names = min(names, width - movement.rounds * MOVEMENT_COLUMN[0])
    column = min(MOVEMENT_COLUMN[1], (width - names) / max(movement.rounds, 1))
    name_style = ParagraphStyle("movement-name", parent=STYLES["cell"], fontSize=font, leading=font + 1.5)
    rows: list[list[object]] = [["Pair" if movement.by_pairs else "Player",
                                 *[f"R{n}" for n in range(1, movement.rounds + 1)]]]
    rows += [[Name(name, name_style), *cells] for name, cells in movement.rows]
    table = Table(rows, colWidths=[names, *[column] * movement.rounds], repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR, font), ("FONT", (0, 0), (-1, 0), BOLD, font),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE), ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f3f6f4")]),
    ]))
    title = f"{movement.event}: movement"
    story: list[Flowable] = [
        p(title, "title"),
        p("Each pair's table and side, round by round: \u201c3 NS\u201d is table 3, North and South. "
          f"\u201cout\u201d sits the round out; {DASH} is a round paired when it starts." if movement.by_pairs else
          "Each player's table and seat, round by round: \u201c3 N\u201d is table 3, North (North and South are "
          f"partners, as are East and West). \u201cout\u201d sits the round out; {DASH} is a round paired when "
          "it starts.", "subtitle"),
        table if movement.rounds else p("The schedule is not made yet.", "body"),
    ]
    label = f"{movement.event} \u00b7 movement"
    draw_footer = footer(label)

    def later(canvas: Any, doc: Any) -> None:
        draw_footer(canvas, doc)
        canvas.saveState()
        canvas.setFont(BOLD, 9)
        canvas.drawString(MARGIN, size[1] - MARGIN + 3 * mm, f"{title} (continued)")
        canvas.restoreState()

    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN + 4 * mm, title=title, author=the_club().name)
    doc.build(story, onFirstPage=draw_footer, onLaterPages=later)
    return out.getvalue()
