"""The table page on a phone: the score, the dealer, a hand to report, a report to confirm or dispute."""

from __future__ import annotations

import re
import secrets
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.views import View

from scoring.access import is_secretary
from scoring.clients import client_address
from scoring.engine import RubberError, RubberResult, Seat
from scoring.models import HandReport, Player, Rubber
from scoring.parsing import small_int
from scoring.reporting import services
from scoring.reporting.codes import normalised
from scoring.reporting.forms import AnswerForm, PhoneHandForm
from scoring.reporting.table import Table, TableClosed, by_code, by_member, phone_of
from scoring.reporting.words import report_lines, table_sides
from scoring.rounds.selectors import next_round_seats, next_seats_shown, round_clock
from scoring.services.scoring import rubber_result
from scoring.words import rubber_state_words

KNOWN_CODES = "table_codes"
"""The codes this phone has opened a table with, kept in its session: a phone already at its table is
not shut out when other phones on the same address have mistyped codes (only unknown codes are guesses)."""


def _closed(request: HttpRequest, closed: TableClosed, *, by_member: bool) -> HttpResponse:
    if request.headers.get("HX-Request"):
        # A phone polling a table that has just closed: load the table page, which now says why.
        return _load(request.path)
    context: dict[str, Any] = {"message": str(closed), "by_member": by_member}
    if closed.rubber is not None:
        context |= {"rubber": closed.rubber, "sides": table_sides(closed.rubber, closed.rubber.hand_count + 1),
                    "state": rubber_state_words(closed.rubber, _scored(closed.rubber)),
                    "next_round": next_round_seats(closed.rubber)}
    return render(request, "reporting/closed.html", context, status=410)


def _scored(rubber: Rubber) -> RubberResult | None:
    """The closed table's rubber scored from its hands, for the sentence saying how it stands."""
    try:
        return rubber_result(rubber)
    except RubberError:  # stored hands always score; the sentence says so if not
        return None


def _load(url: str) -> HttpResponse:
    """The answer to a poll when the table has moved on: the phone loads the table page afresh, by GET
    (a reload could send again a form the page was answering, after an error)."""
    response = HttpResponse(status=204)
    response["HX-Redirect"] = url
    return response


class CodeEntryView(View):
    """`/t/`: type the code on the table card (the QR code on the card opens the table directly)."""

    def get(self, request: HttpRequest) -> HttpResponse:
        typed = request.GET.get("code", "")
        if typed:
            return redirect("code_table", code=normalised(typed) or "-")
        return render(request, "reporting/code_entry.html", {})


class TableMixin(View):
    """Finds the table from the URL (by code, or by rubber for a member) before any handler runs."""

    table: Table

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        try:
            if "code" in kwargs:
                typed = normalised(kwargs["code"])
                known = request.session.get(KNOWN_CODES, [])
                found = services.code_find(typed, client_address(request), known=known, phone=phone_of(request))
                if found is None:
                    return render(request, "reporting/code_entry.html",
                                  {"wrong": kwargs["code"][:12]}, status=404)
                try:
                    self.table = by_code(request, found)
                except TableClosed as closed:
                    shown = closed.rubber is not None and next_seats_shown(closed.rubber)
                    if found.code not in known and not is_secretary(request.user) and not shown:
                        # A finished or withdrawn code tells a stranger nothing, not even that it was a code.
                        return render(request, "reporting/code_entry.html", {"wrong": kwargs["code"][:12]},
                                      status=404)
                    raise
                if found.code not in known:
                    request.session[KNOWN_CODES] = [*known, found.code][-8:]
            else:
                if not request.user.is_authenticated:
                    return redirect_to_login(request.get_full_path())
                self.table = by_member(request, kwargs["pk"])
        except PermissionDenied as exc:  # a member not seated at this rubber: say so, not the secretary's 403
            return render(request, "reporting/not_seated.html", {"message": str(exc)}, status=403)
        except services.TooManyGuesses:
            return render(request, "reporting/code_entry.html", {"throttled": True}, status=429)
        except TableClosed as exc:
            return _closed(request, exc, by_member="code" not in kwargs)
        return super().dispatch(request, *args, **kwargs)

    def speaker(self, pk: Any) -> Player | None:
        return next((p for p in self.table.speakers if str(p.pk) == str(pk)), None)

    def at_table(self, player: Player) -> services.AtTable:
        member = self.request.user if self.request.user.is_authenticated else None
        return services.AtTable(player=player, phone=self.table.phone, member=member)

    def page(self, *, form: PhoneHandForm | None = None, answer: AnswerForm | None = None,
             status: int = 200, refused_key: str = "") -> HttpResponse:
        table = self.table
        report = (table.rubber.hand_reports.filter(status__in=HandReport.OPEN)
                  .select_related("reported_by", "answered_by").first())
        clock = round_clock(table.rubber) if table.rubber.is_open else None
        # Time up changes the page (the last deal, or stop): the phone loads it afresh then.
        state = (f"{table.rubber.hand_count}-{report.pk if report else 0}-{report.status if report else ''}"
                 f"-{'up' if clock and clock.time_up else ''}")
        if self.request.headers.get("HX-Request") and self.request.method == "GET":
            # Polled every few seconds: nothing changed, nothing sent; else the phone loads the page afresh.
            response = _load(table.url()) if self.request.GET.get("state") != state else HttpResponse(status=204)
        else:
            context: dict[str, Any] = {"table": table, "rubber": table.rubber, "report": report, "state": state,
                                       "clock": clock,
                                       "sides": table_sides(table.rubber, table.number),
                                       "dealer_name": table.seated[table.dealer]}
            if report is not None:
                context |= self.report_context(report, answer)
            elif form is None:
                form = self.hand_form()
            context["form"] = form
            context["send_key"] = secrets.token_hex(8)
            # What this phone may forget of a report it kept: taken by the server, or refused (with why).
            context["settled_keys"] = " ".join([*self.request.session.get(SENT_KEYS, []), refused_key])
            context["recent"] = report_lines(table.rubber, limit=4)
            response = render(self.request, "reporting/table.html", context, status=status)
        patch_vary_headers(response, ["HX-Request"])
        response["Cache-Control"] = "no-store"
        return response

    def report_context(self, report: HandReport, answer: AnswerForm | None) -> dict[str, Any]:
        table = self.table
        seated = table.rubber.players_at_hand(report.number)
        parties = services.report_parties(table.rubber, report, table.speakers, table.phone)
        others, answerers, reporters = parties.others, parties.answerers, parties.withdrawers
        try:
            preview = services.preview(table.rubber, report.play, report.number)
        except ValidationError:
            preview = None
        dealer = report.play.get("dealer")
        return {"preview": preview, "others": others, "report_dealer": seated[Seat(dealer)] if dealer else "",
                "answerers": answerers, "can_withdraw": bool(reporters),
                "withdrawers": reporters, "answer": answer or AnswerForm(answerers=answerers, initial=(
                    {"player": answerers[0].pk} if len(answerers) == 1 else {})),
                "report_words": report_lines(table.rubber, reports=[report])[0]}

    def hand_form(self, data: Any = None) -> PhoneHandForm:
        table = self.table
        remembered = self.request.session.get(f"table_reporter_{table.rubber.pk}")
        initial = {"reporter": remembered} if self.speaker(remembered) else {}
        return PhoneHandForm(data, seated=table.seated, reporters=table.speakers, dealer=table.dealer,
                             number=table.number, rulebook=table.rubber.rulebook, initial=initial)

    def back(self) -> HttpResponseRedirect:
        return redirect(self.table.url())


class TablePageView(TableMixin):
    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        return self.page()


SEND_KEY = re.compile(r"[0-9a-f]{16}")
SENT_KEYS = "table_sent_keys"


class ReportView(TableMixin):
    def post(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        typed_key = request.POST.get("send_key", "")
        key = typed_key if SEND_KEY.fullmatch(typed_key) else ""
        if services.report_sent(self.table.rubber.pk, key) is not None:
            # Sent again from a phone that lost the network before the answer came: already reported.
            self.remember_sent(key)
            return self.back()
        shown = small_int(request.POST.get("shown"))
        if shown is not None and shown != self.table.number:
            # The page was left open while the hand it showed was recorded: its taps belong to that deal.
            messages.warning(request, f"This page showed hand {shown}, which has been recorded since. This is "
                                      f"hand {self.table.number}, dealt by {self.table.seated[self.table.dealer]}: "
                                      "report it if it is the one you meant.")
            return self.back()
        form = self.hand_form(request.POST)
        if form.is_valid():
            try:
                report = services.hand_report(rubber_id=self.table.rubber.pk, play=form.play(),
                                              by=self.at_table(form.reporter_player), number=form.number_shown,
                                              key=key, seen=self.table.rubber)
            except ValidationError as exc:
                if not hasattr(exc, "error_dict"):  # reported from another phone meanwhile: show that one
                    messages.warning(request, " ".join(exc.messages))
                    return self.back()
                form.add_error(None, exc)
            else:
                request.session[f"table_reporter_{self.table.rubber.pk}"] = report.reported_by_id
                self.remember_sent(key)
                messages.success(request, f"Hand {report.number} reported. A player of the other side "
                                          "confirms it, on this phone or another.")
                return self.back()
        return self.page(form=form, status=400, refused_key=key)

    def remember_sent(self, key: str) -> None:
        """The keys of reports this phone's server has taken: the page tells the phone to forget them."""
        if key:
            self.request.session[SENT_KEYS] = [*self.request.session.get(SENT_KEYS, []), key][-8:]


class AnswerView(TableMixin):
    """The other side confirms (`answer=confirm`) or disputes (`answer=dispute`) the waiting report."""

    def post(self, request: HttpRequest, report_id: int, **kwargs: Any) -> HttpResponse:
        table = self.table
        report = table.rubber.hand_reports.select_related("reported_by").filter(pk=report_id).first()
        if report is None:
            raise Http404("There is no such report at this table.")
        agree = request.POST.get("answer") != "dispute"
        answerers = (services.report_parties(table.rubber, report, table.speakers, table.phone).answerers
                     if report.is_open else [])
        form = AnswerForm(request.POST, answerers=answerers, disputing=not agree)
        if not report.is_open:
            messages.info(request, f"Hand {report.number} is already {report.get_status_display().lower()}.")
            return self.back()
        if form.is_valid():
            try:
                services.report_answer(rubber_id=table.rubber.pk, report_id=report.pk,
                                       by=self.at_table(form.answerer), agree=agree,
                                       dispute=form.cleaned_data.get("dispute") or "", seen=table.rubber)
            except ValidationError as exc:
                messages.warning(request, " ".join(exc.messages))
                return self.back()
            if agree:
                # The phone now knows who holds it: its next report opens as his, one line to change.
                request.session.setdefault(f"table_reporter_{self.table.rubber.pk}", form.answerer.pk)
                messages.success(request, f"Hand {report.number} confirmed and scored.")
            else:
                messages.warning(request, f"Hand {report.number} disputed: the secretary has been told "
                                          "and settles it.")
            return self.back()
        return self.page(answer=form, status=400)


class WithdrawView(TableMixin):
    """The reporting side takes its report back before the other side answers."""

    def post(self, request: HttpRequest, report_id: int, **kwargs: Any) -> HttpResponse:
        if not self.table.rubber.hand_reports.filter(pk=report_id).exists():
            raise Http404("There is no such report at this table.")  # as the answer says, naming nobody
        player = self.speaker(request.POST.get("player"))
        if player is None:
            messages.warning(request, "Say which player of the reporting side takes the report back.")
            return self.back()
        try:
            report = services.report_withdraw(rubber_id=self.table.rubber.pk, report_id=report_id,
                                              by=self.at_table(player))
        except ValidationError as exc:
            messages.warning(request, " ".join(exc.messages))
        else:
            messages.info(request, f"The report of hand {report.number} is withdrawn; report the hand again.")
        return self.back()
