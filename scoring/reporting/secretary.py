"""The secretary's side of table reporting: a table's code and QR code, and settling a hand the table reported."""

from __future__ import annotations

from typing import Any

import segno
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.views import View

from scoring.access import SecretaryRequiredMixin, acting_user
from scoring.clients import is_loopback
from scoring.club.forms.hands import HandForm
from scoring.club.selectors import rubber_or_404
from scoring.models import HandReport, Rubber
from scoring.reporting import services
from scoring.reporting.codes import spaced
from scoring.words import play_words, record_words


def code_url(request: HttpRequest, code: str) -> str:
    """The address a phone opens from the QR code: this site as the secretary reached it, on the club's network."""
    return request.build_absolute_uri(reverse("code_table", kwargs={"code": code}))


def qr_svg(url: str) -> SafeString:
    """The QR code drawn by segno as inline SVG (no script, nothing fetched)."""
    svg = segno.make(url, error="m").svg_inline(scale=6, dark="#000", light="#fff", omitsize=True)
    return format_html('<div class="table-qr" role="img" aria-label="QR code of the table page">{}</div>',
                       SafeString(svg))


class TableCodeView(SecretaryRequiredMixin, View):
    """`/rubbers/<pk>/table-code/`: the code and QR code a table uses to report its hands; withdraw it here."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        rubber = rubber_or_404(pk)
        code = services.working_code(rubber)
        context: dict[str, Any] = {"rubber": rubber, "code": code}
        if code is not None:
            url = code_url(request, code.code)
            context |= {"spaced": spaced(code.code), "url": url, "qr": qr_svg(url), "loopback": is_loopback(request),
                        "entry_url": request.build_absolute_uri(reverse("code_entry"))}
        return render(request, "reporting/table_code.html", context)

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        rubber_or_404(pk)
        if services.code_withdraw(rubber_id=pk, by=acting_user(request)):
            messages.success(request, "The old code no longer works; this is the table's new code.")
        return redirect("table_code", pk=pk)


def _initial(play: dict[str, Any]) -> dict[str, Any]:
    """The secretary's hand form filled with a reported hand."""
    result = play.get("result", "played")
    return {"dealer": play.get("dealer"), "maker": play.get("maker") or ("" if result == "played" else result),
            "result": result, "declaration": play.get("declaration", ""), "alone": play.get("alone", False),
            "tricks": play.get("tricks"), "revokes_ns": 0, "revokes_ew": 0,
            "taken_from_partner": bool(play.get("declared_by")), "defended_alone": play.get("defended_alone", "")}


class ReportSettleView(SecretaryRequiredMixin, View):
    """`/rubbers/<pk>/reports/<report_id>/`: accept the table's report, correct it, or accept it and rule on it."""

    def report(self, pk: int, report_id: int) -> tuple[Rubber, HandReport]:
        rubber = rubber_or_404(pk)
        report = (HandReport.objects.select_related("reported_by", "answered_by", "reported_member",
                                                    "answered_member", "settled_by")
                  .filter(rubber=rubber, pk=report_id).first())
        if report is None:
            raise Http404("There is no such report.")
        return rubber, report

    def form(self, rubber: Rubber, report: HandReport, data: Any = None) -> HandForm:
        return HandForm(data, initial=_initial(report.play), hand_number=report.number,
                        rulebook=rubber.rulebook, seated=rubber.names_at_hand(report.number))

    def render_page(self, request: HttpRequest, rubber: Rubber, report: HandReport, form: HandForm,
                    status: int = 200) -> HttpResponse:
        seated = rubber.players_at_hand(report.number)
        try:
            preview = services.preview(rubber, report.play, report.number) if report.is_open else None
        except ValidationError as exc:
            preview, form_error = None, " ".join(exc.messages)
        else:
            form_error = ""
        return render(request, "reporting/settle.html", {
            "rubber": rubber, "report": report, "form": form, "preview": preview, "preview_error": form_error,
            "words": play_words(report.play, seated), "record": record_words(report, play_words(report.play, seated))},
                      status=status)

    def get(self, request: HttpRequest, pk: int, report_id: int) -> HttpResponse:
        rubber, report = self.report(pk, report_id)
        return self.render_page(request, rubber, report, self.form(rubber, report))

    def reopen(self, request: HttpRequest, rubber: Rubber, report: HandReport) -> HttpResponse:
        try:
            services.report_reopen(rubber_id=rubber.pk, report_id=report.pk, by=acting_user(request))
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
            return redirect("rubber", pk=rubber.pk)
        messages.info(request, f"No ruling was made: hand {report.number} is disputed again, waiting to be settled.")
        return redirect("report_settle", pk=rubber.pk, report_id=report.pk)

    def drop(self, request: HttpRequest, rubber: Rubber, report: HandReport) -> HttpResponse:
        try:
            services.report_drop(rubber_id=rubber.pk, report_id=report.pk, by=acting_user(request))
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
            return redirect("report_settle", pk=rubber.pk, report_id=report.pk)
        messages.success(request, f"The report of hand {report.number} is dropped and nothing was recorded: the "
                                  "table reports the hand again, or you enter it.")
        return redirect("rubber", pk=rubber.pk)

    def post(self, request: HttpRequest, pk: int, report_id: int) -> HttpResponse:
        rubber, report = self.report(pk, report_id)
        action = request.POST.get("action", "accept")
        if action == "drop":
            return self.drop(request, rubber, report)
        if action == "reopen":
            return self.reopen(request, rubber, report)
        form = self.form(rubber, report, request.POST if action == "correct" else None)
        if action == "correct" and not form.is_valid():
            return self.render_page(request, rubber, report, form, status=400)
        try:
            hand = services.report_settle(
                rubber_id=rubber.pk, report_id=report.pk, by=acting_user(request),
                play=form.play() if action == "correct" else None,
                extras=form.extras() if action == "correct" else None)
        except ValidationError as exc:
            if action != "correct":
                messages.error(request, " ".join(exc.messages))
                return redirect("report_settle", pk=rubber.pk, report_id=report.pk)
            form.add_error(None, exc)
            return self.render_page(request, rubber, report, form, status=400)
        if action == "rule":
            messages.success(request, f"Hand {hand.number} accepted as the table reported it; now the ruling.")
            return redirect(f"{reverse('ruling_new', args=[rubber.pk])}?hand={hand.number}&report={report.pk}")
        verb = "recorded as corrected" if action == "correct" else "accepted as reported"
        messages.success(request, f"Hand {hand.number} {verb}.")
        return redirect("rubber", pk=rubber.pk)
