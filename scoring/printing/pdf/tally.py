"""Tally cards (/events/<slug>/tally-cards.pdf): two side by side, to cut apart and hand out before the night; a
card whose deals are too many for half the page takes the page's width."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from scoring.engine.progressive import BYE_RULE
from scoring.printing.pdf.common import STYLES, Name, build, content_width, house_rules, p
from scoring.printing.pdf.fonts import BOLD, REGULAR
from scoring.printing.tally import SITS_OUT, TallyCard, TallyCards

RULE = colors.HexColor("#9aa9a0")
SHADE = colors.HexColor("#e8efe9")
TIE = colors.HexColor("#f3f6f4")
"""The tie's box, paler than a deal's heading: written in only when the table is level."""
FONT = 7.5
"""The grid's type: small enough for a 36-character partner in half a page, large enough to read at the table."""
CELL = ParagraphStyle("tally-cell", parent=STYLES["cell"], fontSize=FONT, leading=FONT + 1.5)
NOTE = ParagraphStyle("tally-note", parent=STYLES["small"], fontSize=7.5, leading=9.3)
BYE_NOTE = ParagraphStyle("tally-bye", parent=NOTE, alignment=TA_CENTER, textColor=colors.HexColor("#555555"))
PLAYER = ParagraphStyle("tally-player", parent=STYLES["title"], fontSize=13, leading=15.5, spaceAfter=0)
ROUND_COLUMN, TOTAL_COLUMN, LONE_COLUMN = 9 * mm, 11 * mm, 9 * mm
TABLE_COLUMN, SEAT_COLUMN = 9 * mm, 12 * mm
BOX = (5.5 * mm, 10 * mm)
"""The narrowest a deal's box may be and still take a written figure, and the widest worth drawing."""
INFO_HEIGHT, BOX_HEIGHT = 3.6 * mm, 5.7 * mm
PAD = 2 * mm
"""The card's frame: its padding each side of the grid."""


def _boxes(cards: TallyCards) -> int:
    """The boxes on a round's row: a deal each, and the tie's where a level table plays one more."""
    return cards.boxes + cards.tie_box


def _fits_half(cards: TallyCards, half: float) -> bool:
    """Whether a card's deal boxes fit half the page at their narrowest."""
    return half - ROUND_COLUMN - TOTAL_COLUMN - LONE_COLUMN >= _boxes(cards) * BOX[0]


def _columns(cards: TallyCards, width: float) -> list[float]:
    """The round's column, a column a deal (and the tie's), the round's total and its lone hands: the boxes share
    what is left, up to `BOX`'s widest, and the totals take the rest."""
    room = width - ROUND_COLUMN - TOTAL_COLUMN - LONE_COLUMN
    box = min(BOX[1], room / _boxes(cards))
    spare = (room - box * _boxes(cards)) / 2
    return [ROUND_COLUMN, *[box] * _boxes(cards), TOTAL_COLUMN + spare, LONE_COLUMN + spare]


def _where(table: str, seat: str, partner: object, width: float, bold: bool = False) -> Table:
    """A round's table, seat and partner on one line, above its boxes."""
    line = Table([[table, seat, partner]], colWidths=[TABLE_COLUMN, SEAT_COLUMN, width - TABLE_COLUMN - SEAT_COLUMN],
                 rowHeights=[INFO_HEIGHT])
    line.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), BOLD if bold else REGULAR, FONT),
                              ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("ALIGN", (0, 0), (0, 0), "CENTER"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 1.5), ("RIGHTPADDING", (0, 0), (-1, -1), 1),
                              ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
    return line


def _grid(cards: TallyCards, card: TallyCard, width: float) -> Table:
    """Two rows a round: its table, seat and partner, then a box a deal, the round's total and its lone hands;
    the grand totals last."""
    columns = _columns(cards, width)
    info = width - ROUND_COLUMN
    last = len(columns) - 1
    tie = ["Tie"] if cards.tie_box else []  # the legend says it is for the deal a level table plays
    rows: list[list[object]] = [["Round", _where("Table", "Seat", "Partner", info, bold=True)],
                                ["Deal", *[str(n) for n in range(1, cards.boxes + 1)], *tie, "Total", "Lone"]]
    heights = [INFO_HEIGHT, INFO_HEIGHT]
    style: list[tuple[object, ...]] = [
        ("SPAN", (1, 0), (last, 0)), ("BACKGROUND", (0, 0), (-1, 1), SHADE), ("FONT", (0, 0), (-1, 1), BOLD, 7),
        ("LEFTPADDING", (0, 0), (0, -1), 1), ("RIGHTPADDING", (0, 0), (0, -1), 1),
        ("LEFTPADDING", (1, 0), (1, 0), 0), ("RIGHTPADDING", (1, 0), (1, 0), 0),
        ("TOPPADDING", (1, 0), (1, 0), 0), ("BOTTOMPADDING", (1, 0), (1, 0), 0)]
    for number, table, seat, partner in card.rounds:
        top = len(rows)
        heights += [INFO_HEIGHT, BOX_HEIGHT]
        style += [("SPAN", (0, top), (0, top + 1)), ("LINEABOVE", (0, top), (-1, top), 0.8, RULE)]
        if gone := card.gone_home(number):  # the round's two rows hold only that: nothing to write
            rows += [[str(number), Paragraph(gone, BYE_NOTE)], [""] * len(columns)]
            style.append(("SPAN", (1, top), (last, top + 1)))
            continue
        rows.append([str(number), _where(table, seat, Name(partner, CELL, lines=1) if partner else "", info)])
        rows.append([""] * len(columns))
        style += [("SPAN", (1, top), (last, top)),
                  ("LEFTPADDING", (1, top), (1, top), 0), ("RIGHTPADDING", (1, top), (1, top), 0),
                  ("TOPPADDING", (1, top), (1, top), 0), ("BOTTOMPADDING", (1, top), (1, top), 0)]
        if seat == SITS_OUT:  # no deals to write: the round's average goes in its total
            rows[-1][1] = Paragraph("sits out: the round's average in Total", BYE_NOTE)
            style.append(("SPAN", (1, top + 1), (last - 2, top + 1)))
        elif cards.tie_box:
            style.append(("BACKGROUND", (last - 2, top + 1), (last - 2, top + 1), TIE))
    rows.append(["Grand total", *[""] * last])
    heights.append(BOX_HEIGHT)
    style += [("SPAN", (0, -1), (last - 2, -1)), ("FONT", (0, -1), (-1, -1), BOLD, 8.5),
              ("ALIGN", (0, -1), (0, -1), "RIGHT"), ("BACKGROUND", (0, -1), (last - 2, -1), SHADE),
              ("FONT", (0, 2), (0, -2), BOLD, 10), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
              ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("GRID", (0, 1), (-1, -1), 0.4, RULE),
              ("BOX", (0, 0), (-1, -1), 0.8, RULE), ("LINEABOVE", (0, -1), (-1, -1), 0.8, RULE)]
    grid = Table(rows, colWidths=columns, rowHeights=heights)
    grid.setStyle(TableStyle(style))
    return grid


def _card(cards: TallyCards, card: TallyCard, width: float) -> Table:
    """One player's card: the event, his name, the deals a round, the grid, what to write in it, a line to
    sign."""
    heading = " \u00b7 ".join(filter(None, [cards.event, cards.deals]))
    body: list[list[object]] = [[Paragraph(escape(heading), NOTE)], [Name(card.player, PLAYER, lines=2)],
                                [_grid(cards, card, width)]]
    body += [[Paragraph(escape(text), NOTE)] for text in cards.legend]
    body += [[line] for line in house_rules(cards.house_rules, NOTE, run_on=True)]  # a card has little room
    if cards.progressive:
        body.append([Paragraph("Table, seat and partner after round 1: the winners move up a table, partners "
                               "change.", NOTE)])
    body.append([p("Signed: ______________________________", "small")])
    outer = Table(body, colWidths=[width + 2 * PAD])
    outer.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.8, RULE), ("LEFTPADDING", (0, 0), (-1, -1), PAD),
                               ("RIGHTPADDING", (0, 0), (-1, -1), PAD), ("TOPPADDING", (0, 0), (-1, -1), 1),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 1), ("TOPPADDING", (0, 2), (-1, 2), 2),
                               ("TOPPADDING", (0, -1), (-1, -1), 5), ("BOTTOMPADDING", (0, -1), (-1, -1), 3)]))
    return outer


def tally_cards_pdf(cards: TallyCards) -> bytes:
    """Two cards side by side while a card's deal boxes fit half the page, else one a row; a player's whole card
    kept on one page."""
    gap = 4 * mm
    whole = content_width(cards.paper)
    half = (whole - gap) / 2 - 2 * PAD
    across = 2 if _fits_half(cards, half) else 1
    inner = half if across == 2 else whole - 2 * PAD
    drawn = [_card(cards, card, inner) for card in cards.cards]
    story: list[Flowable] = [p(f"{cards.event}: tally cards", "title")]
    if cards.byes:  # once for the night: a bye's row on a card says what it scores
        story.append(Paragraph(escape(BYE_RULE), NOTE))
    for left in range(0, len(drawn), across):
        row_cards: list[Flowable] = drawn[left:left + across]
        row_cards += [Spacer(1, 1)] * (across - len(row_cards))
        row = Table([row_cards], colWidths=[whole / across] * across)
        row.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                 ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                                 ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        story += [KeepTogether(row), Spacer(1, 3 * mm)]
    if not drawn:
        story.append(p("No players entered yet.", "body"))
    return build(story, paper=cards.paper, title=f"{cards.event}: tally cards", label="Tally cards")
