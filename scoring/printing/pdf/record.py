"""A player's record (/players/<id>/record.pdf), drawn from a `RecordSheet`: figures, then the rubbers listed."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from scoring.engine.words import DASH
from scoring.printing.pdf.common import Name, build, content_width, p
from scoring.printing.pdf.data import RecordFormat, RecordSheet
from scoring.printing.pdf.rows import Cell, RowList

RUBBER_HEADER = ["Played", "Table", "Event", "Side", "Partner", "Opponents", f"For{DASH}against", "Result"]
FIGURES = 9.0
"""The type of his figures and of his partners' and opponents' (points), as the other sheets' grids."""
RUBBER_WIDTHS = [19, 23, None, 11, None, None, 22, 15]
"""The list's columns in millimetres ("Rubber #99999" on one line); the event, the partner and the opponents share
what is left..."""
RUBBER_SHARES = {2: 0.7, 4: 1.0, 5: 1.3}
"""...the opponents, two names, the most."""


def _names(text: str) -> Name:
    """Players' names in a narrow column: a long double-barrelled name breaks after its hyphen, not mid-word."""
    return Name(text)


def _side_by_side(left: Flowable | list[Flowable], right: Flowable | list[Flowable], width: float) -> Table:
    table = Table([[left, right]], colWidths=[width / 2, width / 2])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return table


def _header(cells: list[str]) -> list[Cell]:
    """A grid's header, each heading broken at its spaces where its column is narrow ("Making the trump")."""
    return [Name(c, "head") for c in cells]


def _figures(heading: str, rows: tuple[tuple[str, str], ...], width: float) -> RowList:
    """Figures under `heading`, each beside its label, flush right."""
    return RowList([heading, ""], rows, [width - 22 * mm, 22 * mm], size=FIGURES, right=[1])


def _people(title: str, contests: str, rows: tuple[tuple[str, ...], ...], width: float) -> Flowable:
    if not rows:
        return p(f"No {title.lower()}s yet.", "small")
    # The name column as wide as the figures allow: "Featherstonehaugh-Smythe" whole on Letter.
    return RowList(_header([title, contests, "Won", "Lost", "Net"]), [[_names(r[0]), *r[1:]] for r in rows],
                   [width - 50 * mm, 15 * mm, 11 * mm, 11 * mm, 13 * mm], size=FIGURES, side=4, right=[1, 2, 3, 4])


def _format(record: RecordFormat, width: float) -> list[Flowable]:
    """One format's figures, and his partners and opponents in it, under its heading."""
    half = width / 2 - 4 * mm
    figures = _figures("Record", record.figures, half)
    people = [_people("Partner", record.contests, record.partners, half), Spacer(1, 2 * mm),
              _people("Opponent", record.contests, record.opponents, half)]
    # The heading keeps with its figures: never alone at the foot of a page.
    return [KeepTogether([p(record.heading, "heading"), _side_by_side(figures, people, width)]), Spacer(1, 3 * mm)]


def record_pdf(sheet: RecordSheet) -> bytes:
    width = content_width(sheet.paper)
    half = width / 2 - 4 * mm
    maker = RowList(_header(["Making the trump", "Hands", "Made", "March", "Euchred"]),
                    [[Name(r[0]), *r[1:]] for r in sheet.maker], [half - 63 * mm, 15 * mm, 16 * mm, 16 * mm, 16 * mm],
                    size=FIGURES, right=[1, 2, 3, 4])
    charges = _figures("In every format", sheet.charges, half)
    story: list[Flowable] = [p(sheet.title, "title"), p(sheet.subtitle, "subtitle")]
    for record in sheet.formats:
        story += _format(record, width)
    if not sheet.formats:
        story.append(p("No complete rubbers, matches or rounds yet.", "body"))
    if sheet.seasons:
        story += [KeepTogether([p("Seasons", "heading"), *(p(line, "body") for line in sheet.seasons)]),
                  Spacer(1, 3 * mm)]
    story += [_side_by_side(charges, maker, width), Spacer(1, 4 * mm)]

    story.append(p(sheet.rubbers_heading, "heading"))
    story += [p(line, "small") for line in sheet.rubbers_intro]
    if sheet.rubbers_intro:
        story.append(Spacer(1, 2 * mm))
    if sheet.rubbers:
        # Every text cell a `Name`: most fit their room on one line and are set as words, not laid out as a
        # paragraph (a list of 200 rubbers has 1,000 of them).
        rows: list[list[Cell]] = [[r.played_on, Name(r.table), Name(r.event), r.side, _names(r.partner),
                                   _names(r.opponents), Name(r.score), Name(r.result)] for r in sheet.rubbers]
        rest = width - sum(w or 0 for w in RUBBER_WIDTHS) * mm
        shares = sum(RUBBER_SHARES.values())
        widths = [w * mm if w else rest * RUBBER_SHARES[i] / shares for i, w in enumerate(RUBBER_WIDTHS)]
        story.append(RowList(RUBBER_HEADER, rows, widths, side=4))
    else:
        story.append(p(sheet.no_rubbers, "body"))
    story += [p(n, "small") for n in sheet.notes]
    return build(story, paper=sheet.paper, title=sheet.title, label=sheet.title)
