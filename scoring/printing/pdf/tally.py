"""Tally cards (/events/<slug>/tally-cards.pdf): four to a page, to cut apart and hand out before the night."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from scoring.engine.progressive import BYE_RULE
from scoring.printing.pdf.common import Name, build, content_width, p
from scoring.printing.pdf.fonts import BOLD, REGULAR
from scoring.printing.tally import TallyCard, TallyCards

RULE = colors.HexColor("#9aa9a0")
SHADE = colors.HexColor("#e8efe9")


def _card(cards: TallyCards, card: TallyCard, width: float) -> Table:
    """One player's card: the event, his name, a row a round (table, seat, points, lone hands), the total."""
    rows: list[list[object]] = [["Round", "Table", "Seat", "Points", "Lone hands"]]
    rows += [[str(number), table, seat, "", ""] for number, table, seat in card.rounds]
    rows.append(["Total", "", "", "", ""])
    columns = [width * share for share in (0.14, 0.16, 0.2, 0.25, 0.25)]
    grid = Table(rows, colWidths=columns, rowHeights=[5.5 * mm] * len(rows))
    grid.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR, 8.5), ("FONT", (0, 0), (-1, 0), BOLD, 8.5),
        ("FONT", (0, -1), (-1, -1), BOLD, 8.5), ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]))
    note = ("Table and seat after round 1: the winners move up a table, partners change." if cards.progressive
            else "")
    if cards.byes:
        note = f"{note} {BYE_RULE}".strip()
    body: list[list[object]] = [[p(cards.event, "subtitle")], [Name(card.player, "title", lines=2)],
                                [p(cards.deals, "small")] if cards.deals else [Spacer(1, 1)], [grid]]
    if note:
        body.append([p(note, "small")])
    body.append([p("Signed: ______________________________", "body")])
    outer = Table(body, colWidths=[width + 4 * mm])
    outer.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.8, RULE), ("LEFTPADDING", (0, 0), (-1, -1), 2 * mm),
                               ("TOPPADDING", (0, 0), (-1, -1), 1)]))
    return outer


def tally_cards_pdf(cards: TallyCards) -> bytes:
    """Two cards side by side, a player's whole card kept on one page."""
    half = content_width(cards.paper) / 2 - 8 * mm
    drawn = [_card(cards, card, half) for card in cards.cards]
    story: list[Flowable] = [p(f"{cards.event}: tally cards", "title")]
    for left in range(0, len(drawn), 2):
        pair = drawn[left:left + 2] + ([Spacer(1, 1)] if left + 1 >= len(drawn) else [])
        row = Table([pair], colWidths=[half + 8 * mm] * 2)
        row.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
        story += [KeepTogether(row), Spacer(1, 4 * mm)]
    if not drawn:
        story.append(p("No players entered yet.", "body"))
    return build(story, paper=cards.paper, title=f"{cards.event}: tally cards", label="Tally cards")
