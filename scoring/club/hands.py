"""Hands on a rubber: recording, correcting an entry, penalties, and settling an announced score (law 6)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.functional import cached_property
from django.views import View
from django.views.generic import FormView

from scoring.access import SecretaryRequiredMixin, acting_user
from scoring.club.forms.hands import CorrectionForm, HandForm, PenaltyForm, TakeBackForm
from scoring.club.rubbers import RubberDetailView
from scoring.club.selectors import hand_words, rubber_for_page, rubber_or_404
from scoring.engine import Seat
from scoring.models import Hand
from scoring.parsing import small_int
from scoring.service_forms import ServiceFormMixin, apply_errors
from scoring.services import hands as hand_services
from scoring.services.play import hand_document
from scoring.services.record import later_round


class HandCreateView(SecretaryRequiredMixin, View):
    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        rubber = rubber_or_404(pk)
        shown = small_int(request.POST.get("shown"))
        if rubber.is_open and shown is not None and shown != rubber.hand_count + 1:
            # A page left open (another tab, or the table reporting from phones) while hand `shown` was
            # recorded: what was typed was for that hand, so nothing is saved and the page is shown afresh.
            messages.warning(request, f"Hand {shown} was recorded meanwhile (in another tab or from the table), "
                                      f"so nothing was saved. The next is hand {rubber.hand_count + 1}: check the "
                                      "latest hands, then enter it.")
            return redirect(reverse("rubber", args=[rubber.pk]))
        form = HandForm(request.POST, hand_number=rubber.hand_count + 1, rulebook=rubber.rulebook,
                              seated=rubber.names_at_hand(rubber.hand_count + 1))
        if form.is_valid():
            try:
                hand = hand_services.hand_record(rubber_id=rubber.pk, play=form.play(), extras=form.extras(),
                                                 by=acting_user(request))
            except ValidationError as exc:
                apply_errors(form, exc)
            else:
                messages.success(request, f"Hand {hand.number} recorded.")
                return redirect(reverse("rubber", args=[rubber.pk]))  # the form takes the focus again
        return RubberDetailView().render(request, rubber_for_page(pk), form, status=400)


class HandCorrectView(SecretaryRequiredMixin, ServiceFormMixin, FormView):
    template_name = "club/hand_correct.html"
    form_class = CorrectionForm

    @cached_property
    def hand(self) -> Hand:
        return get_object_or_404(Hand.objects.select_related("rubber__event").prefetch_related("penalties"),
                                 rubber_id=self.kwargs["pk"], number=self.kwargs["number"])

    def get_form_kwargs(self) -> dict[str, Any]:
        rubber = rubber_for_page(self.hand.rubber_id)
        return {**super().get_form_kwargs(), "hand_number": self.hand.number, "rulebook": rubber.rulebook,
                "seated": rubber.names_at_hand(self.hand.number)}

    def get_initial(self) -> dict[str, Any]:
        hand = self.hand
        doc = hand_document(hand)
        revokes = doc.get("revokes", {})
        return {**doc, "revokes_ns": revokes.get("NS", 0), "revokes_ew": revokes.get("EW", 0),
                "taken_from_partner": bool(doc.get("declared_by")),
                "announced_ns": hand.announced_ns, "announced_ew": hand.announced_ew, "notes": hand.notes}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        hand = self.hand
        is_last = not Hand.objects.filter(rubber_id=hand.rubber_id, number__gt=hand.number).exists()
        return super().get_context_data(hand=hand, rubber=hand.rubber, is_last=is_last,
                                        later_round=later_round(hand.rubber), **kwargs)

    def perform(self, form: CorrectionForm) -> HttpResponse:
        hand = self.hand
        digest = _digest(form)
        if self.request.POST.get("previewed") != digest:  # first show the score before and after
            before, after = hand_services.correction_preview(hand_id=hand.pk, play=form.play(),
                                                             reason=form.cleaned_data.get("reason") or "")
            return self.render_to_response(self.get_context_data(form=form, preview=(before, after),
                                                                 digest=digest))
        hand_services.hand_correct(hand_id=hand.pk, play=form.play(), extras=form.extras(),
                                   reason=form.cleaned_data.get("reason") or "", by=acting_user(self.request))
        messages.success(self.request, f"Hand {hand.number} corrected.")
        return redirect("rubber", pk=hand.rubber_id)


def _digest(form: CorrectionForm) -> str:
    """What the secretary is about to save, so that a changed form is previewed again before saving."""
    entry = {"play": form.play(), "extras": vars(form.extras()) | {"reported_by": None},
             "reason": form.cleaned_data.get("reason") or ""}
    return hashlib.sha256(json.dumps(entry, sort_keys=True, default=str).encode()).hexdigest()[:32]


class HandTakeBackView(SecretaryRequiredMixin, ServiceFormMixin, FormView):
    """Take back the last hand, entered by mistake: a confirmation first, then a line in the record."""

    template_name = "club/hand_take_back.html"
    form_class = TakeBackForm

    @cached_property
    def hand(self) -> Hand:
        return get_object_or_404(Hand.objects.select_related("rubber__event"), rubber_id=self.kwargs["pk"],
                                 number=self.kwargs["number"])

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        rubber = self.hand.rubber
        return super().get_context_data(hand=self.hand, rubber=rubber,
                                        report=hand_words(rubber, self.hand), dealer=self.dealer_name(), **kwargs)

    def dealer_name(self) -> str:
        if not self.hand.dealer:
            return ""
        return str(self.hand.rubber.players_at_hand(self.hand.number)[Seat(self.hand.dealer)])

    def perform(self, form: TakeBackForm) -> HttpResponse:
        hand = self.hand
        hand_services.hand_take_back(rubber_id=hand.rubber_id, number=hand.number,
                                     reason=form.cleaned_data["reason"], by=acting_user(self.request))
        messages.success(self.request, f"Hand {hand.number} taken back; the "
                                       f"{hand.rubber.rulebook.wording.terms.contest} is rescored.")
        return redirect("rubber", pk=hand.rubber_id)


class PenaltyCreateView(SecretaryRequiredMixin, ServiceFormMixin, FormView):
    template_name = "form_page.html"
    form_class = PenaltyForm

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "rulebook": rubber_or_404(self.kwargs["pk"]).rulebook}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        hand = get_object_or_404(Hand.objects.select_related("rubber__event"), rubber_id=self.kwargs["pk"],
                                 number=self.kwargs["number"])
        rubber = hand.rubber
        line = (f"{rubber.title}, {rubber.event}: hand {hand.number}, "
                f"{hand_words(rubber, hand)}")
        lead = ("A revoke noticed while the hand is entered goes in the entry form's Revoke fields; this page "
                f"adds a penalty to a hand already entered, and rescores the {rubber.rulebook.wording.terms.contest}.")
        return super().get_context_data(title=f"Penalty on hand {hand.number}", context_line=line, lead=lead,
                                        context_url=rubber.get_absolute_url(), cancel_url=rubber.get_absolute_url(),
                                        **kwargs)

    def perform(self, form: PenaltyForm) -> HttpResponse:
        hand = get_object_or_404(Hand.objects.select_related("rubber__event"), rubber_id=self.kwargs["pk"],
                                 number=self.kwargs["number"])
        hand_services.penalty_add(hand_id=hand.pk, by=acting_user(self.request), **form.cleaned_data)
        contest = hand.rubber.rulebook.wording.terms.contest
        messages.success(self.request, f"Penalty recorded on hand {hand.number}; the {contest} is rescored.")
        return redirect("rubber", pk=hand.rubber_id)


class AnnouncementResolveView(SecretaryRequiredMixin, View):
    def post(self, request: HttpRequest, pk: int, number: int) -> HttpResponse:
        hand = get_object_or_404(Hand, rubber_id=pk, number=number)
        hand_services.announcement_resolve(hand_id=hand.pk)
        messages.info(request, f"The announced score of hand {number} is marked resolved.")
        return redirect("rubber", pk=pk)

