"""The printed documents: a rubber's score sheet, an event's standings, a player's record, a ruling.

Each is readable by whoever may read the page it mirrors. `?paper=a4` or `?paper=letter`
overrides the event's paper size for one print; a player's record takes `?from=` and `?to=` dates.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views import View

from scoring.access import ReadableMixin, is_secretary
from scoring.club.selectors import rubber_for_page, rubber_or_404
from scoring.models import Event, Player, Round, Rubber
from scoring.parsing import iso_date, small_int
from scoring.printing.pdf.common import PAGE_SIZES
from scoring.printing.pdf.record import record_pdf
from scoring.printing.pdf.round_paper import movement_pdf, round_sheets_pdf, table_cards_pdf
from scoring.printing.pdf.rubber_sheet import rubber_sheet_pdf
from scoring.printing.pdf.ruling import ruling_pdf
from scoring.printing.pdf.season import season_pdf
from scoring.printing.pdf.standings import standings_pdf
from scoring.printing.pdf.tally import tally_cards_pdf
from scoring.printing.rounds import movement, round_cards, round_sheets
from scoring.printing.sheets import Period, record_sheet, rubber_sheet, ruling_sheet, standings_sheet
from scoring.printing.tally import tally_cards
from scoring.reporting.codes import spaced
from scoring.reporting.secretary import code_url
from scoring.reporting.services import working_code
from scoring.rulings.display import ruling_view
from scoring.rulings.views import ruling_for_page
from scoring.services.club import the_club
from scoring.standings.season_views import page_of, player_seasons, season_for


def pdf_response(pdf: bytes, file_name: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{file_name}"'
    return response


def on_paper(request: HttpRequest, sheet: Any) -> Any:
    paper = request.GET.get("paper", "")
    return dataclasses.replace(sheet, paper=paper) if paper in PAGE_SIZES else sheet


class RubberSheetPdfView(ReadableMixin, View):
    event_from = "rubber"

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        sheet = on_paper(request, rubber_sheet(rubber_or_404(pk)))
        return pdf_response(rubber_sheet_pdf(sheet), sheet.file_name)


class EventStandingsPdfView(ReadableMixin, View):
    """The event's standings; `?after_round=N` counts only the rubbers of rounds 1 to N.

    A value that is not a round of the event (not a whole number, 0, beyond its rounds, or any value on an
    event not run in rounds) answers 404, never a 500.
    """

    event_from = "slug"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        text = request.GET.get("after_round")
        after = small_int(text, most=999)
        if text is not None and not (after and self.event.event_rounds.filter(number=after).exists()):
            raise Http404("The event has no such round.")
        sheet = on_paper(request, standings_sheet(self.event, after_round=after))
        return pdf_response(standings_pdf(sheet), sheet.file_name)


class RoundPaperMixin(ReadableMixin):
    event_from = "round"

    kwargs: dict[str, Any]

    def round(self) -> Round:
        return get_object_or_404(Round.objects.select_related("event"), pk=self.kwargs["round_pk"])


class TableCardsPdfView(RoundPaperMixin, View):
    def get(self, request: HttpRequest, round_pk: int) -> HttpResponse:
        codes = None
        if is_secretary(request.user):  # a code lets a phone report; only the secretary's copy carries them
            def codes(rubber: Rubber) -> tuple[str, str] | None:
                code = working_code(rubber)
                return (spaced(code.code), code_url(request, code.code)) if code is not None else None
        entry = request.build_absolute_uri(reverse("code_entry"))
        cards = on_paper(request, round_cards(self.round(), codes, entry_url=entry))
        return pdf_response(table_cards_pdf(cards), cards.file_name)


class RoundSheetsPdfView(RoundPaperMixin, View):
    def get(self, request: HttpRequest, round_pk: int) -> HttpResponse:
        round_ = self.round()
        sheets = [on_paper(request, s) for s in round_sheets(round_)]
        paper = sheets[0].paper if sheets else round_.event.paper_size
        pdf = round_sheets_pdf(sheets, paper=paper, event=round_.event.name, round_number=round_.number)
        return pdf_response(pdf, f"{round_.event.slug}-round-{round_.number}-sheets.pdf")


class MovementPdfView(ReadableMixin, View):
    """Every entrant's table and seat, round by round; 404 for an event not run in rounds."""

    event_from = "slug"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        if not self.event.in_rounds:
            raise Http404("The event is not run in rounds.")
        sheet = on_paper(request, movement(self.event))
        return pdf_response(movement_pdf(sheet), sheet.file_name)


class TallyCardsPdfView(ReadableMixin, View):
    """Every entrant's tally card, to print before the night; 404 for an event not run in rounds."""

    event_from = "slug"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        if not self.event.in_rounds:
            raise Http404("The event is not run in rounds.")
        cards = on_paper(request, tally_cards(self.event))
        return pdf_response(tally_cards_pdf(cards), cards.file_name)


class PlayerRecordPdfView(View):
    """His figures over all his play the reader may see, and his newest rubbers (`record_sheet` says how many);
    `?from=2026-01-01&to=2026-03-31` lists those of that period instead (either end may be left out). A date
    that cannot be read is left out, and the sheet says so: never a 500."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        player = get_object_or_404(Player, pk=pk)
        given = {name: request.GET.get(name, "") for name in ("from", "to")}
        read = {name: iso_date(text) for name, text in given.items()}
        period = Period(start=read["from"], end=read["to"],
                        unread=tuple(name for name, text in given.items() if text and read[name] is None))
        sheet = record_sheet(player, Event.objects.visible_to(request.user), period,
                             address=request.build_absolute_uri(reverse("player_record_pdf", args=[pk])),
                             page=request.build_absolute_uri(reverse("player", args=[pk])))
        sheet = dataclasses.replace(on_paper(request, sheet),
                                    seasons=tuple(line.words for line in player_seasons(player, request.user)))
        return pdf_response(record_pdf(sheet), sheet.file_name)


class RulingPdfView(ReadableMixin, View):
    event_from = "ruling"

    def get(self, request: HttpRequest, ruling_id: int) -> HttpResponse:
        ruling = ruling_for_page(ruling_id)
        sheet = on_paper(request, ruling_sheet(ruling_view(ruling, rubber_for_page(ruling.rubber_id))))
        return pdf_response(ruling_pdf(sheet), sheet.file_name)


class SeasonStandingsPdfView(View):
    """A season's table on the club's paper (`?paper=` for one print), read by whoever may read its page."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        page = page_of(season_for(request, slug))
        paper = request.GET.get("paper", "")
        return pdf_response(season_pdf(page, paper if paper in PAGE_SIZES else the_club().paper_size),
                            f"{page.season.slug}-standings.pdf")
