"""A player's record (/players/<id>/record.pdf), drawn from a `RecordSheet`: figures, then every rubber."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from scoring.printing.pdf.common import build, content_width, grid, p
from scoring.printing.pdf.data import RecordSheet
from scoring.printing.pdf.fonts import REGULAR

RUBBER_HEADER = ["Played", "No.", "Event", "Side", "Partner", "Opponents", "For", "Against", "Result"]
NUMBERS = TableStyle([("ALIGN", (1, 1), (-1, -1), "RIGHT")])


def _side_by_side(left: Flowable, right: Flowable, width: float) -> Table:
    table = Table([[left, right]], colWidths=[width / 2, width / 2])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return table


def _header(cells: list[str]) -> list[Flowable]:
    return [p(c, "head") for c in cells]


def _people(title: str, rows: tuple[tuple[str, ...], ...], width: float) -> Flowable:
    if not rows:
        return p(f"No {title.lower()}s yet.", "small")
    table = grid([_header([title, "Rubbers", "Won", "Lost", "Net"]), *[[p(r[0], "cell"), *r[1:]] for r in rows]],
                 [width - 59 * mm, 19 * mm, 12 * mm, 12 * mm, 16 * mm])
    table.setStyle(NUMBERS)
    return table


def record_pdf(sheet: RecordSheet) -> bytes:
    width = content_width(sheet.paper)
    half = width / 2 - 4 * mm
    summary = grid([["Record", ""], *sheet.summary], [half - 22 * mm, 22 * mm])
    summary.setStyle(NUMBERS)
    maker_rows = [[p(r[0], "cell"), *r[1:]] for r in sheet.maker]
    maker = grid([_header(["Making the trump", "Hands", "Made", "March", "Euchred"]), *maker_rows],
                 [half - 63 * mm, 15 * mm, 16 * mm, 16 * mm, 16 * mm])
    maker.setStyle(NUMBERS)
    story: list[Flowable] = [
        p(sheet.title, "title"),
        p(sheet.subtitle, "subtitle"),
        _side_by_side(summary, maker, width),
        Spacer(1, 4 * mm),
    ]
    story.append(_side_by_side(_people("Partner", sheet.partners, half), _people("Opponent", sheet.opponents, half),
                               width))

    story.append(p("Rubbers", "heading"))
    if sheet.rubbers:
        rows = [_header(RUBBER_HEADER),
                *[[r.played_on, r.rubber, p(r.event, "cell"), r.side, p(r.partner, "cell"), p(r.opponents, "cell"),
                   r.points_for, r.points_against, p(r.result, "cell")] for r in sheet.rubbers]]
        fixed = [19, 11, 0, 11, 0, 0, 10, 18, 22]
        flexible = (width - sum(fixed) * mm) / 3
        table = grid(rows, [w * mm if w else flexible for w in fixed])
        table.setStyle(TableStyle([("FONT", (0, 1), (-1, -1), REGULAR, 8),
                                   ("ALIGN", (6, 1), (7, -1), "RIGHT")]))
        story.append(table)
    else:
        story.append(p("No rubbers recorded.", "body"))
    story += [p(n, "small") for n in sheet.notes]
    return build(story, paper=sheet.paper, title=sheet.title, label=sheet.title)
