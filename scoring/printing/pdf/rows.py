"""A grid of rows printed a page at a time (a player's record: his figures, his partners and opponents, his
rubbers): the header repeated atop each page, and every row's words set in one text object a page.

A reportlab `Table` draws each cell as a string of its own (a text object, the font set, the state saved and
restored: 1,600 times for a list of 200 rubbers) and measures its rows again at every page's split and every time
a table around it is measured; this grid measures each row once, splits where the page ends, and draws a page's
rules a line each and its words in one pass. It looks as the sheets' `GRID` does: the same rules, header shading,
padding and type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from scoring.printing.pdf.common import Name
from scoring.printing.pdf.fonts import BOLD, REGULAR

RULE = colors.HexColor("#9aa9a0")
SHADE = colors.HexColor("#e8efe9")
RULE_WIDTH = 0.4
ABOVE = 3.0
"""A cell's padding above and below its words (as `GRID`)."""

Cell = str | Name
"""Plain words (in the grid's type; bold in the header), or a name fitted to its column as on every sheet."""


class Piece(NamedTuple):
    """A line of a cell's words, where and in what type it is set."""

    number: int
    """Which line of its cell: a row's first lines are set before its second, so that they read across."""
    column: int
    x: float
    baseline: float
    font: tuple[str, float]
    words: str


class RowList(Flowable):
    """`rows` under `header`, in columns `widths` wide: plain words in `size` points (flush right in the columns
    `right`), names (`Name`) in their own style, broken at their spaces or fitted as they are everywhere else.
    `side` is each cell's padding left and right."""

    def __init__(self, header: Sequence[Cell], rows: Sequence[Sequence[Cell]], widths: Sequence[float], *,
                 size: float = 8.0, side: float = 6.0, right: Sequence[int] = ()) -> None:
        super().__init__()
        self.header, self.rows, self.widths = list(header), [list(r) for r in rows], list(widths)
        self.size, self.side, self.right = size, side, frozenset(right)
        self.lefts = [sum(self.widths[:column]) + side for column in range(len(self.widths))]
        """Where each column's words begin."""
        self.heights: tuple[float, list[float]] | None = None
        """The header's height and each row's, measured once (a split hands its part of them on)."""

    def _measured(self) -> tuple[float, list[float]]:
        if self.heights is None:
            self.heights = self._row_height(self.header), [self._row_height(row) for row in self.rows]
        return self.heights

    def _row_height(self, row: Sequence[Cell]) -> float:
        return max((self._cell_height(cell, width) for cell, width in zip(row, self.widths, strict=True)),
                   default=0.0) + 2 * ABOVE

    def _cell_height(self, cell: Cell, width: float) -> float:
        if isinstance(cell, Name):
            return float(cell.wrap(width - 2 * self.side, 10_000)[1])
        return self.size * 1.2 * (cell.count("\n") + 1)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        header, rows = self._measured()
        self.width, self.height = sum(self.widths), header + sum(rows)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        header, heights = self._measured()
        room, fits = availHeight - header, 0
        while fits < len(heights) and heights[fits] <= room:
            room -= heights[fits]
            fits += 1
        if fits == 0 or fits == len(heights):
            return []  # not one row fits (the next page, then); or all do, and no split is asked for
        return [self._part(0, fits), self._part(fits, len(heights))]

    def _part(self, start: int, stop: int) -> RowList:
        part = RowList(self.header, self.rows[start:stop], self.widths, size=self.size, side=self.side,
                       right=tuple(self.right))
        header, heights = self._measured()
        part.heights = header, heights[start:stop]
        return part

    def draw(self) -> None:
        canvas, (header, heights) = self.canv, self._measured()
        tops = [self.height, self.height - header]
        for height in heights:
            tops.append(tops[-1] - height)
        canvas.saveState()
        canvas.setFillColor(SHADE)
        canvas.rect(0, tops[1], self.width, header, stroke=0, fill=1)
        self._rules(tops)
        canvas.restoreState()
        self._words(tops)

    def _rules(self, tops: list[float]) -> None:
        """The grid: a line above the header and under it and each row, and between the columns, each drawn once
        a page."""
        canvas = self.canv
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(RULE_WIDTH)
        lines = [(0.0, y, self.width, y) for y in tops]
        x = 0.0
        for width in (0.0, *self.widths):
            x += width
            lines.append((x, 0.0, x, self.height))
        canvas.lines(lines)

    def _words(self, tops: list[float]) -> None:
        """Every cell's words in one text object, a row's first lines left to right, then its second lines (so
        that the words read, and are copied, in the order they are seen); a name laid out as a paragraph (smaller
        type, or broken after a hyphen) is drawn as one."""
        canvas = self.canv
        text = canvas.beginText()
        text.setFillColor(colors.black)
        font = (REGULAR, self.size)
        text.setFont(*font)
        for face, row, top in ((BOLD, self.header, tops[0]), *((REGULAR, row, top) for row, top in
                                                               zip(self.rows, tops[1:], strict=False))):
            pieces = [piece for column, cell in enumerate(row)
                      for piece in self._pieces(cell, column, top - ABOVE, face)]
            for piece in sorted(pieces, key=lambda piece: (piece.number, piece.column)):
                if piece.font != font:
                    font = piece.font
                    text.setFont(*font)
                text.setTextOrigin(piece.x, piece.baseline)
                text.textOut(piece.words)
        canvas.drawText(text)

    def _pieces(self, cell: Cell, column: int, top: float, face: str) -> list[Piece]:
        """A cell's lines from `top` down, each with its line's number and where and in what type it is set (plain
        words in `face`); none for a name laid out as a paragraph, drawn here and now."""
        left = self.lefts[column]
        if isinstance(cell, Name) and (cell.fitted is not None or cell.style.alignment != TA_LEFT):
            assert cell.measured is not None  # measured with its row
            cell.drawOn(self.canv, left, top - cell.measured[1][1])
            return []
        if isinstance(cell, Name):
            lines, font, leading = cell.drawn, (cell.style.fontName, cell.style.fontSize), cell.style.leading
        else:
            lines, font, leading = tuple(cell.split("\n")), (face, self.size), self.size * 1.2
        flush = self.widths[column] - 2 * self.side if column in self.right and not isinstance(cell, Name) else None
        return [Piece(number, column, left if flush is None else left + flush - stringWidth(line, *font),
                      top - font[1] - number * leading, font, line) for number, line in enumerate(lines)]
