"""One ruling on its own sheet (/rulings/<id>.pdf): the facts, the ruling, the laws, the score both ways."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils import timezone
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from scoring.pdf.common import STYLES, build, grid
from scoring.ruling_display import RulingView


def _p(text: str, style: str = "body") -> Paragraph:
    return Paragraph(escape(text), STYLES[style])


def ruling_pdf(view: RulingView) -> bytes:
    ruling, rubber = view.ruling, view.rubber
    made = timezone.localtime(ruling.made_at).strftime("%-d %B %Y, %H:%M")
    by = ruling.made_by.get_username() if ruling.made_by else "the secretary"
    table = f", table {rubber.table_label}" if rubber.table_label else ""
    story: list[Flowable] = [
        _p(f"Ruling {ruling.pk}: {view.title}", "title"),
        _p(f"{rubber.event.name} · Rubber {rubber.pk}{table} · {rubber.played_on:%-d %B %Y} · "
           f"hand {ruling.hand.number}. Made by {by}, {made}.", "subtitle"),
    ]
    if ruling.withdrawn_at:
        when = timezone.localtime(ruling.withdrawn_at).strftime("%-d %B %Y, %H:%M")
        story.append(_p(f"WITHDRAWN {when}: {ruling.withdrawn_reason}", "heading"))
    story.append(_p("The ruling", "heading"))
    story.append(_p(ruling.summary, "ruling"))
    if ruling.too_late:
        story.append(_p("The claim came too late; the score stands as it was.", "body"))

    story.append(_p("The facts", "heading"))
    rows = [["Question", "Answer"], *[[_p(q, "small"), _p(a, "small")] for q, a in view.facts]]
    if view.election:
        rows.append([_p("The non-offending side chose (law 85)", "small"), _p(view.election, "small")])
    story.append(grid(rows, [95 * mm, 83 * mm]))
    if ruling.note:
        story.append(Spacer(1, 2 * mm))
        story.append(_p(f"Note: {ruling.note}", "small"))

    story.append(_p("Effect", "heading"))
    for line in [*view.effect, view.deal, *view.remedies]:
        story.append(_p(f"• {line}", "body"))

    if view.score_rows:
        story.append(_p("The score, before and after", "heading"))
        story.append(grid([["", "Before", "After"], *[[_p(a, "small"), _p(b, "small"), _p(c, "small")]
                                                        for a, b, c in view.score_rows]],
                          [70 * mm, 54 * mm, 54 * mm]))

    story.append(_p("The laws (Somerset Club, 1888)", "heading"))
    story.append(grid([["Law", "In short"], *[[str(law.number), _p(f"{law.title.capitalize()}: {law.summary}",
                                                                     "small")] for law in view.laws]],
                      [14 * mm, 164 * mm]))
    return build(story, paper=rubber.event.paper_size, title=f"Ruling {ruling.pk}", label=f"Ruling {ruling.pk}")
