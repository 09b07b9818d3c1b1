"""A QR code drawn on the page as vector squares, from segno's matrix: sharp at any size, nothing fetched."""

from __future__ import annotations

from typing import Any

import segno
from reportlab.platypus import Flowable

QUIET = 2
"""Modules of white round the code; the card's margin gives the rest of what scanners want."""


class QrCode(Flowable):
    def __init__(self, data: str, size: float) -> None:
        super().__init__()
        self.rows = [list(row) for row in segno.make(data, error="m").matrix_iter(scale=1, border=QUIET)]
        self.size = size
        self.width = self.height = size

    def wrap(self, *_: Any) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        canvas = self.canv
        module = self.size / len(self.rows)
        canvas.setFillColorRGB(0, 0, 0)
        for y, row in enumerate(self.rows):
            x = 0
            while x < len(row):  # each run of dark modules in a row as one rectangle
                if row[x]:
                    start = x
                    while x < len(row) and row[x]:
                        x += 1
                    canvas.rect(start * module, self.size - (y + 1) * module, (x - start) * module, module,
                                stroke=0, fill=1)
                else:
                    x += 1
