"""The rubber score sheet (/rubbers/<id>/sheet.pdf), drawn from a `RubberSheet`.

One page for a typical rubber: who sits where, the scoring key, a row per hand (blank rows,
dealer printed, for hands still to play), each game's end, the result, the rulings and
corrections, and lines for the players to sign. A match of up to 40 hands that would take two
pages prints its hands in two columns, the maker by his seat; longer rubbers flow on with the
hands table's header repeated.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from scoring.engine.words import DASH
from scoring.printing.pdf.common import GRID, STYLES, Name, build_counted, content_width, grid, house_rules, p
from scoring.printing.pdf.data import GameLine, HandLine, RubberSheet
from scoring.printing.pdf.fonts import BOLD, REGULAR

HEADER = ["#", "Dealer", "Maker", "Trump", "Alone", "Tricks", "NS", "EW", f"Score\nNS{DASH}EW",
          "Penalties, rulings and their laws"]
FIXED_WIDTHS = [7, 11, 38, 18, 10, 12, 8, 8, 14]  # mm; the last column takes what is left
HALF_WIDTHS = [6, 10, 15, 14, 10, 10, 7, 7, 13]
"""A column of the hands printed in two (mm, scaled to the half page): the maker by his seat, no penalties."""
COLUMN_GAP = 4 * mm
MOST_HANDS_IN_COLUMNS = 40
"""A match of up to this many hands prints its hands in two columns when one column would take two pages."""
ONE_COLUMN_MOST = 30
"""More rows of hands and games than this never keep to one page in one column: such a match tries two first."""
BLANK_ROW_HEIGHT = 5.5 * mm  # room to write a hand by pen, and for names long enough to wrap on Letter
GAME_ROW = colors.HexColor("#e8efe9")
RULE = colors.HexColor("#9aa9a0")
# Tighter rows than the other sheets' grids, so that a rubber of 20 hands and its signatures fit one page.
COMPACT = [("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]
EIGHT = ParagraphStyle("eight", parent=STYLES["cell"], fontSize=8, leading=9.2)
"""The hands' words in two columns: 8 points, as the figures beside them."""
GAME_WORDS = ParagraphStyle("game-words", parent=EIGHT, fontName=BOLD)


def _widths(paper: str, two: bool = False) -> list[float]:
    if two:
        half = (content_width(paper) - COLUMN_GAP) / 2
        return [w * half / sum(HALF_WIDTHS) for w in HALF_WIDTHS]
    fixed = [w * mm for w in FIXED_WIDTHS]
    return [*fixed, content_width(paper) - sum(fixed)]


def _hand_cells(line: HandLine, two: bool = False) -> list[object]:
    if two:  # the maker by his seat (the seats table names him); a hand not played says so, wrapped
        maker: object = line.seat or (Paragraph(escape(line.maker), EIGHT) if line.maker else "")
        return [str(line.number), line.dealer, maker, line.trump, line.alone, line.tricks, line.ns, line.ew,
                line.score]
    return [str(line.number), line.dealer, Name(line.maker, lines=2) if line.maker else "", line.trump, line.alone,
            line.tricks, line.ns, line.ew, line.score,
            p("; ".join(line.penalties), "cell") if line.penalties else ""]


def hands_table(sheet: RubberSheet, lines: tuple[HandLine | GameLine, ...] | None = None,
                two: bool = False) -> Table:
    """The hands, a row each, and each game's end; `two` for one of two columns side by side."""
    header = HEADER[:-1] if two else HEADER
    rows: list[list[object]] = [list(header)]
    heights: list[float | None] = [None]
    leading, padding = (8.8, 0.5) if two else (9.6, 1)  # two columns: rows as close as 8 points allow
    style = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 8, leading),
        ("FONT", (0, 0), (-1, 0), BOLD, 8 if two else 7.5, leading),
        ("BACKGROUND", (0, 0), (-1, 0), GAME_ROW),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (1 if not two else 2, -1), "CENTER"),
        ("ALIGN", (4, 0), (8, -1), "CENTER"),
        ("TOPPADDING", (0, 0), (-1, -1), padding),
        ("BOTTOMPADDING", (0, 0), (-1, -1), padding),
        ("LEFTPADDING", (0, 0), (-1, -1), 3 if not two else 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3 if not two else 2),
    ]
    for line in sheet.lines if lines is None else lines:
        index = len(rows)
        if isinstance(line, GameLine):
            rows.append([Paragraph(escape(line.text), GAME_WORDS) if two else line.text, *[""] * (len(header) - 1)])
            heights.append(None)
            style += [("SPAN", (0, index), (-1, index)), ("BACKGROUND", (0, index), (-1, index), GAME_ROW),
                      ("FONT", (0, index), (-1, index), BOLD, 8, leading),
                      ("ALIGN", (0, index), (-1, index), "LEFT")]
        else:
            rows.append(_hand_cells(line, two))
            heights.append(BLANK_ROW_HEIGHT if line.blank else None)
            if line.blank:
                style.append(("TEXTCOLOR", (0, index), (1, index), colors.HexColor("#555555")))
    table = Table(rows, colWidths=_widths(sheet.paper, two), rowHeights=heights, repeatRows=1)
    table.setStyle(TableStyle(style))
    return table


def _hands_in_two(sheet: RubberSheet) -> list[Flowable]:
    """A long match's hands in two columns side by side, a game's end kept under the hand that closed it, and
    the hands' penalties listed below (the narrow columns have no room for them)."""
    middle = (len(sheet.lines) + 1) // 2
    if middle < len(sheet.lines) and isinstance(sheet.lines[middle], GameLine):
        middle += 1
    half = (content_width(sheet.paper) - COLUMN_GAP) / 2
    pair = Table([[hands_table(sheet, sheet.lines[:middle], True), hands_table(sheet, sheet.lines[middle:], True)]],
                 colWidths=[half + COLUMN_GAP, half])
    pair.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                              ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    penalties = [p(f"Hand {line.number}: {'; '.join(line.penalties)}", "small") for line in sheet.lines
                 if isinstance(line, HandLine) and line.penalties]
    return [pair, *([p("Penalties, rulings and their laws", "heading"), *penalties] if penalties else [])]


def _top(sheet: RubberSheet) -> Table:
    """Who sits where and the house rules in force, beside the scoring key."""
    width = content_width(sheet.paper)
    left, right = width * 0.40, width * 0.60 - 4 * mm
    seats = grid([["Seat", "Player", "Side"], *[[s.seat, Name(s.player), s.side] for s in sheet.seats],
                  *[[side, Name(names), ""] for side, names in sheet.sides]],
                 [16 * mm, left - 28 * mm, 12 * mm])
    seats.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), REGULAR, 8),
                               ("FONT", (0, 0), (-1, 0), BOLD, 8),
                               ("SPAN", (1, 5), (2, 5)), ("SPAN", (1, 6), (2, 6)),
                               ("FONT", (0, 5), (0, 6), BOLD, 8), *COMPACT]))
    key = grid([["Law", "Scoring key", "Scores"],
                *[[str(k.law), p(k.case, "cell"), p(k.scores, "cell")] for k in sheet.key]],
               [9 * mm, (right - 9 * mm) * 0.52, (right - 9 * mm) * 0.48])
    key.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), REGULAR, 7.5),
                             ("FONT", (0, 0), (-1, 0), BOLD, 7.5),
                             ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                             ("ALIGN", (0, 0), (0, -1), "CENTER")]))
    # The house rules in force beside the key (they change what its lines score), in the room under the seats.
    outer = Table([[[seats, *house_rules(sheet.house_rules, "cell")], key]], colWidths=[left + 4 * mm, right])
    outer.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (0, 0), 4 * mm)]))
    return outer


def _signatures(sheet: RubberSheet) -> Table:
    """One line to sign for each player at the table at the end, and the secretary, side by side."""
    width = content_width(sheet.paper)
    names = [*sheet.signatures, "Secretary"]
    table = Table([[Name(n, lines=2) for n in names]], colWidths=[width / len(names)] * len(names))
    table.setStyle(TableStyle([("LINEABOVE", (0, 0), (-1, -1), 0.6, colors.black),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 3 * mm),
                               ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return table


def first_sentence(text: str, most: int = 110) -> str:
    """The ruling's first sentence, cut at a word if still long: the sheet keeps to one page."""
    sentence = text.split(". ", 1)[0].rstrip(".") + "."
    return sentence if len(sentence) <= most else sentence[:most].rsplit(" ", 1)[0] + "\u2026"


FEWEST_BLANK_ROWS = 2
"""A sheet in play gives up blank rows, down to this many, to keep its rulings and signatures on one page."""


def rubber_sheet_pdf(sheet: RubberSheet) -> bytes:
    return _fitted(sheet)[0]


def fitted_story(sheet: RubberSheet) -> list[Flowable]:
    """The sheet's flowables as they keep to one page when they can (a round's sheets, one after another)."""
    return rubber_sheet_story(*_fitted(sheet)[1:])


def _fitted(sheet: RubberSheet) -> tuple[bytes, RubberSheet, bool]:
    """The first way of printing the sheet that keeps to one page: as it is; giving up blank rows, down to
    the fewest (for a sheet just over a page with its rulings and corrections); then, for a match of up to
    `MOST_HANDS_IN_COLUMNS` hands, its hands in two columns, again giving up blank rows. A sheet that needs
    two pages whatever prints in the fewest, flowing on with the hands' header repeated."""
    fewest: tuple[int, bytes, RubberSheet, bool] | None = None
    for way, two in _ways(sheet):
        pdf, pages = _built(way, two)
        if pages == 1:
            return pdf, way, two
        if fewest is None or pages < fewest[0]:
            fewest = (pages, pdf, way, two)
    assert fewest is not None
    return fewest[1:]


def _ways(sheet: RubberSheet) -> Iterator[tuple[RubberSheet, bool]]:
    hands = sum(1 for line in sheet.lines if isinstance(line, HandLine) and not line.blank)
    columns = (False, True) if hands <= MOST_HANDS_IN_COLUMNS else (False,)
    for two in columns[1:] if len(sheet.lines) > ONE_COLUMN_MOST and len(columns) > 1 else columns:
        way = sheet
        yield way, two
        while _blank_rows(way) > FEWEST_BLANK_ROWS:
            way = dataclasses.replace(way, lines=way.lines[:-1])  # the last line is a blank row
            yield way, two


def _built(sheet: RubberSheet, two: bool = False) -> tuple[bytes, int]:
    return build_counted(rubber_sheet_story(sheet, two), paper=sheet.paper, title=f"{sheet.event}: {sheet.title}",
                         label=f"{sheet.event} · {sheet.title}")


def _blank_rows(sheet: RubberSheet) -> int:
    return sum(1 for line in sheet.lines if isinstance(line, HandLine) and line.blank)


def rubber_sheet_story(sheet: RubberSheet, two: bool = False) -> list[Flowable]:
    """The sheet's flowables, its hands in one column or `two`."""
    width = content_width(sheet.paper)
    story: list[Flowable] = [
        p(f"{sheet.event}: {sheet.title}", "title"),
        p(f"{sheet.played_on} · {sheet.status}", "subtitle"),
        _top(sheet),
    ]
    story += [p(s, "small") for s in sheet.substitutes]
    story += [Spacer(1, 3 * mm), *(_hands_in_two(sheet) if two else [hands_table(sheet)])]
    story += [p(n, "small") for n in sheet.notes]

    half = width / 2 - 3 * mm
    columns = len(sheet.game_columns)
    widths = ([12 * mm, 15 * mm, 17 * mm, 10 * mm, half - 68 * mm, 14 * mm] if columns == 6  # a rubber's laps and kinds
              else [12 * mm, 15 * mm, half - 27 * mm])
    games = (grid([list(sheet.game_columns), *[[g[0], g[1][:2], *g[2:columns]] for g in sheet.games]], widths)
             if sheet.games else p(sheet.no_games, "small"))
    # The figures' column is as wide as its heading ("Points this round"), padding included, so it stays in its cell.
    unit = max(28 * mm, stringWidth(sheet.unit, BOLD, 9) + 12)
    players = grid([["Player", "Side", sheet.unit],
                    *[[Name(x.player), x.side, str(x.points)] for x in sheet.players],
                    [f"{sheet.unit}, NS{DASH}EW", "", f"{sheet.rubber_points[0]}{DASH}{sheet.rubber_points[1]}"]],
                   [half - 12 * mm - unit, 12 * mm, unit])
    players.setStyle(TableStyle([("FONT", (0, -1), (-1, -1), BOLD, 9), ("SPAN", (0, -1), (1, -1)), *COMPACT]))
    if sheet.games:
        games.setStyle(TableStyle(COMPACT))
    pair = Table([[games, players]], colWidths=[width / 2, width / 2])
    pair.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("ALIGN", (1, 0), (1, 0), "RIGHT")]))
    summary: list[Flowable] = [p(sheet.finished, "heading"), p(sheet.result, "result"), pair]
    story.append(KeepTogether(summary))

    if sheet.rulings:
        # One line a ruling, as the hand rows cite it; each prints in full on its own sheet (/rulings/<id>.pdf).
        story.append(p("Rulings (each in full on its own sheet)", "heading"))
        story.append(grid(
            [["Ruling", "Hand", "Laws", "What was ruled"],
             *[[str(r.number), str(r.hand), p(r.laws, "cell"),
                p(f"{r.title}: {first_sentence(r.summary)}" + (f" ({r.status})" if r.status else ""), "cell")]
               for r in sheet.rulings]],
            [14 * mm, 11 * mm, 22 * mm, width - 47 * mm], GRID))
    if sheet.corrections:
        story.append(p("Entry corrections (what was entered, put right)", "heading"))
        story += [p(f"\u2022 {c}", "small") for c in sheet.corrections]
    if sheet.table_reports:
        story.append(p("Reports from the table (taken back, dropped or disputed)", "heading"))
        story += [p(f"\u2022 {line}", "small") for line in sheet.table_reports]

    story.append(KeepTogether([p("Signed as a true record", "heading"), Spacer(1, 5 * mm), _signatures(sheet)]))
    return story
