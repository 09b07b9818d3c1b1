"""A long list of rows printed a page at a time (a player's rubbers): the header repeated atop each page, a grid,
and every row's words set in one text object a page.

A reportlab `Table` of 200 rows draws each cell as a string of its own (a text object, the font set, the state saved
and restored, 1,600 times a list) and measures the rows again at every page's split; this list measures each row
once, splits where the page ends, and draws a page's rules as one line each and its words in one pass. It looks as
the sheets' `GRID` does: the same rules, header shading, padding and type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.platypus import Flowable

from scoring.printing.pdf.common import Name
from scoring.printing.pdf.fonts import BOLD, REGULAR

RULE = colors.HexColor("#9aa9a0")
SHADE = colors.HexColor("#e8efe9")
RULE_WIDTH = 0.4
PADDING = (6.0, 3.0)
"""A cell's padding, each side and above and below (as `GRID`)."""

Cell = str | Name


class Piece(NamedTuple):
    """A line of a cell's words, where and in what type it is set."""

    number: int
    """Which line of its cell: a row's first lines are set before its second."""
    left: float
    baseline: float
    font: tuple[str, float]
    words: str


class RowList(Flowable):
    """`rows` under `header`, in columns `widths` wide: plain words in `size` points, names (`Name`) in their own
    style, broken at their spaces or fitted as they are everywhere else."""

    def __init__(self, header: Sequence[str], rows: Sequence[Sequence[Cell]], widths: Sequence[float], *,
                 size: float = 8.0, heading_size: float = 8.0) -> None:
        super().__init__()
        self.header, self.rows, self.widths = list(header), [list(r) for r in rows], list(widths)
        self.size, self.heading_size = size, heading_size
        self.heights: list[float] | None = None
        """Each row's height, measured once (a split hands its part of them on)."""
        self.header_height = heading_size * 1.2 + 2 * PADDING[1]

    def _measured(self) -> list[float]:
        if self.heights is None:
            self.heights = [max(self._cell_height(cell, width) for cell, width in zip(row, self.widths, strict=True))
                            + 2 * PADDING[1] for row in self.rows]
        return self.heights

    def _cell_height(self, cell: Cell, width: float) -> float:
        if isinstance(cell, Name):
            return float(cell.wrap(width - 2 * PADDING[0], 10_000)[1])
        return self.size * 1.2 * (cell.count("\n") + 1)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = sum(self.widths)
        self.height = self.header_height + sum(self._measured())
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        heights, room, fits = self._measured(), availHeight - self.header_height, 0
        while fits < len(heights) and heights[fits] <= room:
            room -= heights[fits]
            fits += 1
        if fits == 0 or fits == len(heights):
            return []  # not one row fits (the next page, then); or all do, and no split is asked for
        return [self._part(0, fits), self._part(fits, len(heights))]

    def _part(self, start: int, stop: int) -> RowList:
        part = RowList(self.header, self.rows[start:stop], self.widths, size=self.size,
                       heading_size=self.heading_size)
        part.heights = self._measured()[start:stop]
        return part

    def draw(self) -> None:
        canvas, heights = self.canv, self._measured()
        tops = [self.height - self.header_height]
        for height in heights:
            tops.append(tops[-1] - height)
        canvas.saveState()
        canvas.setFillColor(SHADE)
        canvas.rect(0, tops[0], self.width, self.header_height, stroke=0, fill=1)
        self._rules(tops)
        canvas.restoreState()
        self._words(tops)

    def _rules(self, tops: list[float]) -> None:
        """The grid: a line under the header and each row, and between the columns, each drawn once a page."""
        canvas = self.canv
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(RULE_WIDTH)
        lines = [(0.0, y, self.width, y) for y in (self.height, *tops)]
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
        lefts = [sum(self.widths[:i]) + PADDING[0] for i in range(len(self.widths))]
        font = (BOLD, self.heading_size)
        text.setFont(*font)
        for left, heading in zip(lefts, self.header, strict=True):
            text.setTextOrigin(left, self.height - PADDING[1] - self.heading_size)
            text.textOut(heading)
        for row, top in zip(self.rows, tops, strict=False):
            pieces = [piece for left, cell in zip(lefts, row, strict=True)
                      for piece in self._pieces(cell, left, top - PADDING[1])]
            for piece in sorted(pieces, key=lambda piece: (piece.number, piece.left)):
                if piece.font != font:
                    font = piece.font
                    text.setFont(*font)
                text.setTextOrigin(piece.left, piece.baseline)
                text.textOut(piece.words)
        canvas.drawText(text)

    def _pieces(self, cell: Cell, left: float, top: float) -> list[Piece]:
        """A cell's lines from `top` down, each with its line's number and where and in what type it is set; none
        for a name laid out as a paragraph, drawn here and now."""
        if isinstance(cell, Name) and (cell.fitted is not None or cell.style.alignment != TA_LEFT):
            assert cell.measured is not None  # measured with its row
            cell.drawOn(self.canv, left, top - cell.measured[1][1])
            return []
        if isinstance(cell, Name):
            lines, font, leading = cell.drawn, (cell.style.fontName, cell.style.fontSize), cell.style.leading
        else:
            lines, font, leading = tuple(cell.split("\n")), (REGULAR, self.size), self.size * 1.2
        return [Piece(number, left, top - font[1] - number * leading, font, line) for number, line in enumerate(lines)]
