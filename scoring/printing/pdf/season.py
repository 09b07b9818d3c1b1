"""A season's table (/seasons/<slug>/standings.pdf), drawn from its page (`SeasonPage`), ready to pin up: a column a
night, the nights not counted in brackets; on the paper turned sideways when the nights need the width."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from scoring.engine.words import plural
from scoring.printing.pdf.common import GRID, STYLES, Name, build, content_width, p
from scoring.printing.pdf.fonts import REGULAR
from scoring.standings.season_page import Row, SeasonPage

NAME = ParagraphStyle("season-name", parent=STYLES["cell"], fontName=REGULAR, fontSize=8.5, leading=10)
PLACE, NIGHT, TOTAL, PLAYED = 12 * mm, 14 * mm, 15 * mm, 16 * mm  # a night wide enough for "14 Jul" on one line
NAME_LEAST = 42 * mm
"""The narrowest the name column goes (a 36-character name wraps on two lines) before the paper is turned."""


def wide(page: SeasonPage, paper: str) -> bool:
    """Whether the nights need the paper turned sideways to leave the names their room."""
    return content_width(paper) - PLACE - TOTAL - PLAYED - NIGHT * len(page.nights) < NAME_LEAST


def season_pdf(page: SeasonPage, paper: str) -> bytes:
    season, sideways = page.season, wide(page, paper)
    title = f"{season.name}: standings"
    story: list[Flowable] = [
        p(title, "title"),
        p(page.span(), "subtitle"),
        p(f"{page.legend} {page.tie_breaks}", "small"),
    ]
    story += [p(f"{award.title} ({award.figure}): {award.shared_by or '; '.join(award.winners)}", "small")
              for award in page.awards]
    if page.rows:
        story += [Spacer(1, 3 * mm), _table(page, content_width(paper, sideways))]
        story.append(p("Each night's high and low", "heading"))
        story += [p(_marks(mark.event.starts_on.strftime("%-d %b %Y"), mark.high, mark.low), "small")
                  for mark in page.marks]
    else:
        story.append(p("No nights played in this season yet.", "body"))
    return build(story, paper=paper, title=title, label=title, wide=sideways)


def _marks(day: str, high: tuple[int, str] | None, low: tuple[int, str] | None) -> str:
    words = [day]
    if high:
        words.append(f"High {high[0]} {high[1]}")
    if low:
        words.append(f"Low {low[0]} {low[1]}")
    return " · ".join(words)


def _cells(row: Row) -> list[object]:
    figures = ["·" if c.figure is None else str(c.figure) if c.counted else f"({c.figure})" for c in row.cells]
    place = "" if row.place is None else f"{row.place}{'=' if row.shared else ''}"
    return [place, Name(row.name, NAME, lines=2), *figures, row.total, row.played]


def _table(page: SeasonPage, width: float) -> Table:
    # A long season's nights narrow (their figures in smaller type) before a name does.
    night = min(NIGHT, (width - PLACE - TOTAL - PLAYED - NAME_LEAST) / max(1, len(page.nights)))
    widths = [PLACE, width - PLACE - TOTAL - PLAYED - night * len(page.nights), *[night] * len(page.nights), TOTAL,
              PLAYED]
    header = ["Place", "Name", *(e.starts_on.strftime("%-d %b") for e in page.nights), "Total", "Played"]
    rows: list[list[object]] = [[p(h, "head") for h in header]]
    rows += [_cells(row) for row in page.qualified]
    waiting = len(rows)
    if page.waiting:
        rows.append([p(f"Not yet qualified ({plural(page.season.qualify, 'night')} to qualify): no place yet.", "cell"),
                     *[""] * (len(widths) - 1)])
        rows += [_cells(row) for row in page.waiting]
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(GRID)
    table.setStyle(TableStyle([
        ("FONT", (0, 1), (-1, -1), REGULAR, 8.5 if night >= NIGHT else 7),
        ("ALIGN", (2, 1), (-1, -1), "RIGHT"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f5f7f5")]),
        ("TOPPADDING", (0, 1), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 1.5),
        *([("SPAN", (0, waiting), (-1, waiting))] if page.waiting else []),
    ]))
    return table
