"""The typeface of every printed sheet: DejaVu Sans Condensed, embedded in the PDF.

Reportlab's built-in Helvetica covers Latin-1 only, so a Greek, Cyrillic or many an accented
name printed as black squares. DejaVu covers them all; the condensed cut keeps Helvetica's width,
so the columns laid out for it still fit. The fonts come from Debian's fonts-dejavu-core, which
set-up installs; without them the sheets fall back to Helvetica and `manage.py check` says so.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.core.checks import CheckMessage, Warning, register
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(os.environ.get("PDF_FONT_DIR", "/usr/share/fonts/truetype/dejavu"))
FILES = {"ClubSans": "DejaVuSansCondensed.ttf", "ClubSans-Bold": "DejaVuSansCondensed-Bold.ttf",
         "ClubSans-Oblique": "DejaVuSansCondensed-Oblique.ttf",
         "ClubSans-BoldOblique": "DejaVuSansCondensed-BoldOblique.ttf"}


def _register() -> bool:
    if not all((FONT_DIR / name).is_file() for name in FILES.values()):
        return False
    for face, name in FILES.items():
        pdfmetrics.registerFont(TTFont(face, str(FONT_DIR / name)))
    # So that <b> and <i> inside a paragraph pick the bold and oblique cuts.
    for bold, italic, face in ((0, 0, "ClubSans"), (1, 0, "ClubSans-Bold"), (0, 1, "ClubSans-Oblique"),
                               (1, 1, "ClubSans-BoldOblique")):
        addMapping("ClubSans", bold, italic, face)
    return True


EMBEDDED = _register()
REGULAR = "ClubSans" if EMBEDDED else "Helvetica"
BOLD = "ClubSans-Bold" if EMBEDDED else "Helvetica-Bold"


@register()
def fonts_installed(**_: object) -> list[CheckMessage]:
    if EMBEDDED:
        return []
    return [Warning(f"The DejaVu fonts are not in {FONT_DIR}: PDFs print non-Latin names as black squares.",
                    hint="Install Debian's fonts-dejavu-core, or set PDF_FONT_DIR to where DejaVuSansCondensed.ttf is.",
                    id="printing.W001")]
