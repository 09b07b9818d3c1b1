"""One ruling on its own sheet (/rulings/<id>.pdf), drawn from a `RulingSheet`: the facts, the ruling,
the laws, the score both ways."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from scoring.printing.pdf.common import build, grid, p
from scoring.printing.pdf.data import RulingSheet


def ruling_pdf(sheet: RulingSheet) -> bytes:
    story: list[Flowable] = [p(sheet.title, "title"), p(sheet.subtitle, "subtitle")]
    if sheet.withdrawn:
        story.append(p(sheet.withdrawn, "heading"))
    story.append(p("The ruling", "heading"))
    story.append(p(sheet.summary, "ruling"))
    if sheet.too_late:
        story.append(p("The claim came too late; the score stands as it was.", "body"))

    story.append(p("The facts", "heading"))
    rows = [["Question", "Answer"], *[[p(q, "small"), p(a, "small")] for q, a in sheet.facts]]
    if sheet.election:
        rows.append([p(sheet.chosen_by, "small"), p(sheet.election, "small")])
    story.append(grid(rows, [95 * mm, 83 * mm]))
    if sheet.note:
        story.append(Spacer(1, 2 * mm))
        story.append(p(f"Note: {sheet.note}", "small"))

    story.append(p("Effect", "heading"))
    story += [p(f"\u2022 {line}", "body") for line in sheet.effects]

    if sheet.score_rows:
        story.append(p("The score, before and after", "heading"))
        story.append(grid([["", "Before", "After"], *[[p(a, "small"), p(b, "small"), p(c, "small")]
                                                        for a, b, c in sheet.score_rows]],
                          [70 * mm, 54 * mm, 54 * mm]))

    story.append(p(f"The laws ({sheet.code})", "heading"))
    story.append(grid([["Law", "In short"], *[[number, p(text, "small")] for number, text in sheet.laws]],
                      [14 * mm, 164 * mm]))
    return build(story, paper=sheet.paper, title=sheet.label, label=sheet.label)
