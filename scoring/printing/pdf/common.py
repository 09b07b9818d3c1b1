"""What every printed sheet shares: page size, fonts and styles, the header and footer."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Table, TableStyle

from scoring.printing.pdf.fonts import BOLD, REGULAR
from scoring.services.club import the_club

PAGE_SIZES = {"letter": LETTER, "a4": A4}
MARGIN = 16 * mm

_base = getSampleStyleSheet()
STYLES = {
    "title": ParagraphStyle("title", parent=_base["Title"], fontName=BOLD, fontSize=16, leading=20,
                            alignment=TA_LEFT, spaceAfter=4),
    "subtitle": ParagraphStyle("subtitle", parent=_base["Normal"], fontName=REGULAR, fontSize=10, leading=13,
                               textColor=colors.HexColor("#555555"), spaceAfter=8),
    "heading": ParagraphStyle("heading", parent=_base["Heading3"], fontName=BOLD, fontSize=11, leading=14,
                              spaceBefore=8, spaceAfter=3),
    "body": ParagraphStyle("body", parent=_base["Normal"], fontName=REGULAR, fontSize=10, leading=13.5),
    "result": ParagraphStyle("result", parent=_base["Normal"], fontName=BOLD, fontSize=10,
                             leading=13, spaceAfter=4),
    "small": ParagraphStyle("small", parent=_base["Normal"], fontName=REGULAR, fontSize=8.5, leading=11),
    "cell": ParagraphStyle("cell", parent=_base["Normal"], fontName=REGULAR, fontSize=7.5, leading=9.2),
    "head": ParagraphStyle("head", parent=_base["Normal"], fontName=BOLD, fontSize=8, leading=9.5),
    "ruling": ParagraphStyle("ruling", parent=_base["Normal"], fontName=REGULAR, fontSize=11, leading=15,
                             borderPadding=6, backColor=colors.HexColor("#f3f6f4"),
                             borderColor=colors.HexColor("#2f6b4f"), borderWidth=0.6, spaceBefore=4, spaceAfter=10),
}

GRID = TableStyle([
    ("FONT", (0, 0), (-1, -1), REGULAR, 9),
    ("FONT", (0, 0), (-1, 0), BOLD, 9),
    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8efe9")),
    ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#9aa9a0")),
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("TOPPADDING", (0, 0), (-1, -1), 3),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
])


def content_width(paper: str, wide: bool = False) -> float:
    """The width between the margins on the event's paper (turned sideways where `wide`)."""
    return PAGE_SIZES.get(paper, LETTER)[1 if wide else 0] - 2 * MARGIN


def p(text: str, style: str = "body") -> Paragraph:
    """A paragraph of plain text (escaped, so names with markup print as typed)."""
    return Paragraph(escape(text), STYLES[style])


NAME_PIECES = re.compile(r"[^\s-]*-|[^\s-]+")
"""What a name may not be broken inside: its words, a double-barrelled one cut after its hyphen."""
SMALLEST_NAME = 6.0
"""The smallest type a name shrinks to (points) before, as a last resort, a word of it is broken."""


class Name(Flowable):
    """A player's (or a pair's) name in its cell or column, on every sheet: it wraps at its spaces, and after a
    hyphen only when a double-barrelled name is wider than its room; never inside a word. It prints in smaller
    type when a piece of it is wider than its room even so (or it would take more than `lines` lines). It never
    prints over its neighbours: only a single word wider than the room at `SMALLEST_NAME` is broken."""

    def __init__(self, text: str, style: str | ParagraphStyle = "cell", *, lines: int = 0) -> None:
        super().__init__()
        self.text = text
        self.style = STYLES[style] if isinstance(style, str) else style
        self.lines = lines
        self.fitted: Paragraph | None = None
        """The name laid out as a paragraph, where it needs smaller type or a break after a hyphen."""
        self.drawn: tuple[str, ...] = ()
        """Otherwise its lines, broken at spaces, each drawn as a string in its own type..."""
        self.room = 0.0
        """...in this width."""
        self.measured: tuple[float, tuple[float, float]] | None = None
        """The width it was last measured in, and its size there."""

    def _widest(self, pieces: list[str], size: float) -> float:
        return max((stringWidth(piece, self.style.fontName, size) for piece in pieces), default=0)

    def _sized(self, size: float, width: float) -> tuple[Paragraph, bool]:
        """The name at `size`, and whether it fits `width` without breaking a word."""
        words, hyphens = self.text.split(), self._widest(NAME_PIECES.findall(self.text), size) <= width
        whole = self._widest(words, size) <= width
        style = ParagraphStyle(f"{self.style.name}-name", parent=self.style, fontSize=size,
                               leading=self.style.leading * size / self.style.fontSize,
                               embeddedHyphenation=0 if whole else 2, splitLongWords=int(not hyphens))
        return Paragraph(escape(self.text), style), hyphens

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        # A table measures each cell several times (for its widths, its heights, a split across pages): the same
        # room gives the same answer.
        if self.measured is not None and self.measured[0] == availWidth:
            return self.measured[1]
        style = self.style
        lines = _greedy(self.text, style.fontName, style.fontSize, availWidth)
        if lines is not None and (not self.lines or len(lines) <= self.lines):
            # Most names fit their room in their own type, broken only at spaces: drawn line by line as strings,
            # with no paragraph laid out (a list of 200 rubbers holds a thousand of them).
            self.fitted, self.drawn, self.room = None, lines, availWidth
            self.measured = availWidth, (availWidth, style.leading * len(lines))
            return self.measured[1]
        size = _FITTED.get((self.text, style.name, availWidth, self.lines), style.fontSize)
        while True:
            self.fitted, fits = self._sized(size, availWidth)
            measured: tuple[float, float] = self.fitted.wrap(availWidth, availHeight)
            if size <= SMALLEST_NAME or (fits and (not self.lines or len(self.fitted.blPara.lines) <= self.lines)):
                if len(_FITTED) > FITTED_MOST:
                    _FITTED.clear()
                _FITTED[self.text, style.name, availWidth, self.lines] = size
                self.measured = availWidth, measured
                return measured
            size = max(SMALLEST_NAME, size - 0.5)

    def minWidth(self) -> float:
        return self._widest(NAME_PIECES.findall(self.text), SMALLEST_NAME)

    def draw(self) -> None:
        if self.fitted is not None:
            self.fitted.drawOn(self.canv, 0, 0)
            return
        style, canvas = self.style, self.canv
        canvas.setFont(style.fontName, style.fontSize)
        canvas.setFillColor(style.textColor)
        baseline = style.leading * len(self.drawn) - style.fontSize  # where a paragraph sets its first line
        for line in self.drawn:
            if style.alignment == TA_CENTER:
                canvas.drawCentredString(self.room / 2, baseline, line)
            elif style.alignment == TA_RIGHT:
                canvas.drawRightString(self.room, baseline, line)
            else:
                canvas.drawString(0, baseline, line)
            baseline -= style.leading


@functools.lru_cache(maxsize=8192)
def _greedy(text: str, font: str, size: float, width: float) -> tuple[str, ...] | None:
    """`text` broken at its spaces into lines no wider than `width`, each as full as it can be (as a paragraph
    breaks it); None where a word alone is wider. Kept for the process: the same names and words fill a column
    row after row (a player's record repeats his partners, the events, "won" and "lost" two hundred times)."""
    space = stringWidth(" ", font, size)
    lines: list[str] = []
    line, used = "", 0.0
    for word in text.split():
        wide = stringWidth(word, font, size)
        if wide > width:
            return None
        if line and used + space + wide <= width:
            line, used = f"{line} {word}", used + space + wide
        else:
            if line:
                lines.append(line)
            line, used = word, wide
    return (*lines, line) if line else ("",)


FITTED_MOST = 20_000
_FITTED: dict[tuple[str, str, float, int], float] = {}
"""The type size a name was last fitted at, by its text, style, room and most lines: the same name in the same
column is fitted once a process, not shrunk half a point at a time in every row."""


HOUSE_RULES_HEADING = "House rules"


def house_rules(stated: Sequence[str], style: str | ParagraphStyle = "small", *,
                run_on: bool = False) -> list[Flowable]:
    """The house rules in force under their heading, a line each (`HouseRules.stated`); nothing for none. `run_on`
    for the least room (a tally card): the heading and the rules one paragraph."""
    if not stated:
        return []
    look = STYLES[style] if isinstance(style, str) else style
    if run_on:
        return [Paragraph(f"<b>{HOUSE_RULES_HEADING}:</b> {escape(' '.join(stated))}", look)]
    heading = ParagraphStyle(f"{look.name}-house", parent=look, fontName=BOLD, spaceBefore=3)
    return [Paragraph(HOUSE_RULES_HEADING, heading), *[Paragraph(escape(line), look) for line in stated]]


def grid(rows: Sequence[Sequence[Any]], widths: Sequence[float], style: TableStyle = GRID) -> Table:
    table = Table([list(r) for r in rows], colWidths=list(widths), repeatRows=1)
    table.setStyle(style)
    return table


def footer(label: str) -> Callable[[Any, Any], None]:
    def draw(canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 8)
        canvas.setFillColor(colors.HexColor("#555555"))
        width, _ = doc.pagesize
        canvas.drawString(MARGIN, 9 * mm, f"{the_club().name} · {label}")
        canvas.drawRightString(width - MARGIN, 9 * mm, f"Page {doc.page}")
        canvas.restoreState()
    return draw


def build(story: list[Flowable], *, paper: str, title: str, label: str, wide: bool = False) -> bytes:
    """Lay out `story` on the event's paper (turned sideways where `wide`) and return the PDF's bytes."""
    return build_counted(story, paper=paper, title=title, label=label, wide=wide)[0]


def build_counted(story: list[Flowable], *, paper: str, title: str, label: str,
                  wide: bool = False) -> tuple[bytes, int]:
    """Lay out `story` and return the PDF's bytes and how many pages it took."""
    out = io.BytesIO()
    size = PAGE_SIZES.get(paper, LETTER)
    doc = SimpleDocTemplate(out, pagesize=landscape(size) if wide else size, leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN, bottomMargin=MARGIN + 4 * mm, title=title,
                            author=the_club().name)
    doc.build(story, onFirstPage=footer(label), onLaterPages=footer(label))
    return out.getvalue(), doc.page
