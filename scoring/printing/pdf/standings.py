"""Event standings (/events/<slug>/standings.pdf), drawn from a `StandingsSheet`, ready to pin up."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Table, TableStyle

from scoring.printing.pdf.common import GRID, STYLES, Name, build, content_width, house_rules, p
from scoring.printing.pdf.data import StandingLine, StandingsSheet
from scoring.printing.pdf.fonts import REGULAR

HEADER = ["Rank", "Player", "Rubbers", "Won", "Lost", "Games won", "Doubles won", "Points for", "Points against",
          "Net", "Net per rubber"]
MATCH_HEADER = ["Rank", "Player", "Matches", "Won", "Lost", "Games won", "Lone hands made", "Points for",
                "Points against", "Net", "Euchres"]
FIXED_WIDTHS = [12, 18, 12, 12, 15, 17, 14, 17, 12, 17]  # mm, every column but the player's
PROGRESSIVE_HEADER = ["Place", "Player", "Points", "Lone hands made", "Rounds won", "Rounds", "Sat out", "Euchres",
                      "Points against"]
PROGRESSIVE_WIDTHS = [12, 16, 20, 18, 16, 16, 16, 20]
NAME = ParagraphStyle("standing-name", parent=STYLES["cell"], fontName=REGULAR, fontSize=8.5, leading=10)
"""A player's (or a pair's) name, wrapped in its column as every sheet wraps a name (`Name`)."""


def _cells(sheet: StandingsSheet, line: StandingLine) -> list[object]:
    name = Name(line.player, NAME)
    if sheet.progressive:
        return [line.rank, name, line.points_for, line.lone, line.won, line.rubbers, line.byes, line.euchres,
                line.points_against]
    return [line.rank, name, line.rubbers, line.won, line.lost, line.games, line.doubles,
            line.points_for, line.points_against, f"{line.net:+d}" if line.net else "0", line.net_per_rubber]


def standings_pdf(sheet: StandingsSheet) -> bytes:
    story: list[Flowable] = [
        p(sheet.title, "title"),
        p(sheet.subtitle, "subtitle"),
        p(f"Ranked by {sheet.tie_breakers}. {sheet.places}", "small"),
    ]
    if sheet.pair_lines:
        story += [p("Pairs", "heading"), _table(sheet, sheet.pair_lines, "Pair"), p("Players", "heading")]
    story.append(_table(sheet, sheet.lines, sheet.entry) if sheet.lines
                 else p(sheet.empty, "body"))
    story += [p(note, "small") for note in sheet.notes]
    story += house_rules(sheet.house_rules)
    return build(story, paper=sheet.paper, title=sheet.title, label=sheet.title)


def _table(sheet: StandingsSheet, lines: tuple[StandingLine, ...], who: str) -> Table:
    fixed = [w * mm for w in (PROGRESSIVE_WIDTHS if sheet.progressive else FIXED_WIDTHS)]
    widths = [fixed[0], content_width(sheet.paper) - sum(fixed), *fixed[1:]]
    header = PROGRESSIVE_HEADER if sheet.progressive else MATCH_HEADER if sheet.matches else HEADER
    rows: list[list[object]] = [[p(who if h == "Player" else h, "head") for h in header]]
    rows += [_cells(sheet, line) for line in lines]
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(GRID)
    table.setStyle(TableStyle([
        ("FONT", (0, 1), (-1, -1), REGULAR, 8.5),
        ("ALIGN", (2, 1), (-1, -1), "RIGHT"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f5f7f5")]),
        ("TOPPADDING", (0, 1), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 1.5),
    ]))
    return table
