"""A rubber: starting it, its page (with hand entry for the secretary), abandoning it, law 18 substitutes."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views import View
from django.views.generic import FormView

from scoring.access import ReadableMixin, SecretaryRequiredMixin, is_secretary
from scoring.club.forms.hands import HandForm
from scoring.club.forms.rubbers import AbandonForm, RubberStartForm, SeatChangeForm
from scoring.club.selectors import rubber_or_404, rubber_page
from scoring.engine import Seat
from scoring.engine.rulebook.matters import Matter
from scoring.engine.words import SEAT_WORDS
from scoring.models import Event, Round, Rubber
from scoring.service_forms import ServiceFormMixin
from scoring.services import rubbers as rubber_services
from scoring.words import rubber_state_words

# Where an event that starts its own rubbers starts them, and how it says so.
_IN_ROUNDS = ("event_rounds", "Go to the rounds",
              "is a tournament in rounds: its rubbers start when a round starts, one a table, with the seats the "
              "schedule gives.")
OWN_RUBBERS = {
    Event.Mode.INDIVIDUALS: _IN_ROUNDS,
    Event.Mode.PAIRS: _IN_ROUNDS,
    Event.Mode.PROGRESSIVE: _IN_ROUNDS,
    Event.Mode.CLUB_NIGHT: ("club_night", "Go to the club night",
                            "is a club night: its tables are formed, and each table's rubbers start, on the club night "
                            "page."),
}


class FreeRubbersOnlyMixin:
    """A rubber started by hand belongs only in an event of rubbers; any other event is told where its rubbers
    start, and nothing is saved (checked after the permission, before any form is read)."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        self.event = get_object_or_404(Event, slug=kwargs["slug"])
        if self.event.mode in OWN_RUBBERS:
            url_name, link, why = OWN_RUBBERS[Event.Mode(self.event.mode)]
            return render(request, "club/rubber_refused.html", {
                "event": self.event, "why": why, "link": link, "url": reverse(url_name, args=[self.event.slug]),
            }, status=200 if request.method == "GET" else 400)
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc,no-any-return]


class RubberStartView(SecretaryRequiredMixin, FreeRubbersOnlyMixin, ServiceFormMixin, FormView):
    template_name = "form_page.html"
    form_class = RubberStartForm

    def get_initial(self) -> dict[str, Any]:
        return {"played_on": dt.date.today(), "first_dealer": "N"}

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "rulebook": self.event.playing}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        event = self.event
        return super().get_context_data(title=f"Start a {event.playing.wording.terms.contest} · {event}",
                                        cancel_url=event.get_absolute_url(), **kwargs)

    def perform(self, form: RubberStartForm) -> HttpResponse:
        rubber = rubber_services.rubber_start(event=self.event, **form.cleaned_data)
        dealer = form.cleaned_data["first_dealer"]
        messages.success(self.request, f"{rubber.rulebook.wording.terms.title} started. {SEAT_WORDS[Seat(dealer)]} "
                                       f"({rubber.player_at(Seat(dealer))}) deals the first hand.")
        return redirect(rubber)


class RubberDetailView(ReadableMixin, View):
    """The rubber page: running score, games, hands with their laws, and (for the secretary) entry."""

    event_from = "rubber"

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        return self.render(request, rubber_or_404(pk), None)

    def render(self, request: HttpRequest, rubber: Rubber, form: HandForm | None,
               status: int = 200) -> HttpResponse:
        page = rubber_page(rubber)
        can_write = is_secretary(request.user)
        seated = rubber.names_at_hand(rubber.hand_count + 1)
        if form is None and can_write and rubber.is_open:
            form = HandForm(initial={"dealer": rubber.next_dealer or rubber.first_dealer,
                                           "result": "played", "revokes_ns": 0, "revokes_ew": 0}, seated=seated,
                                  hand_number=rubber.hand_count + 1, rulebook=rubber.rulebook)
        dealer = page.result.next_dealer.value if page.result and page.result.next_dealer else ""
        return render(request, "club/rubber_detail.html", {
            "rubber": rubber, "page": page, "form": form, "can_write": can_write,
            "state": rubber_state_words(rubber, page.result),
            "next_dealer": f"{SEAT_WORDS[Seat(dealer)]} ({seated[Seat(dealer)]})" if dealer else "",
            "sides": {"NS": f"{rubber.north} & {rubber.south}", "EW": f"{rubber.east} & {rubber.west}"},
            "seated_here": any(name == getattr(getattr(request.user, "player", None), "display_name", None)
                               for name in seated.values()),
            # A closed round's score stands: its last hand is corrected, never taken back.
            "round_closed": can_write and not rubber.is_open and rubber.event.in_rounds
            and Round.objects.filter(tables__rubber=rubber, status=Round.Status.CLOSED).exists(),
        }, status=status)


class RubberFormMixin:
    """A form about one rubber: a rubber that does not exist is a 404, before any form is shown or read."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        self.rubber = get_object_or_404(Rubber.objects.select_related("event"), pk=kwargs["pk"])
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        """The page names its rubber, and Cancel goes back to it."""
        rubber = self.rubber
        return super().get_context_data(  # type: ignore[misc,no-any-return]
            context_line=f"{rubber.title}, {rubber.event}", context_url=rubber.get_absolute_url(),
            cancel_url=rubber.get_absolute_url(), **kwargs)


class RubberAbandonView(SecretaryRequiredMixin, RubberFormMixin, ServiceFormMixin, FormView):
    template_name = "form_page.html"
    form_class = AbandonForm

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(title=f"Abandon the {self.rubber.rulebook.wording.terms.contest}", **kwargs)

    def perform(self, form: AbandonForm) -> HttpResponse:
        rubber_services.rubber_abandon(rubber_id=self.kwargs["pk"], reason=form.cleaned_data["reason"])
        messages.info(self.request, f"The {self.rubber.rulebook.wording.terms.contest} is abandoned; it counts in no "
                                    "standings.")
        return redirect("rubber", pk=self.kwargs["pk"])


class SeatChangeView(SecretaryRequiredMixin, RubberFormMixin, ServiceFormMixin, FormView):
    template_name = "form_page.html"
    form_class = SeatChangeForm

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        law = self.rubber.rulebook.noted(Matter.SUBSTITUTE)
        return super().get_context_data(title=f"Substitute a player{law}", **kwargs)

    def perform(self, form: SeatChangeForm) -> HttpResponse:
        change = rubber_services.seat_change_add(rubber_id=self.kwargs["pk"], **form.cleaned_data)
        law = self.rubber.rulebook.noted(Matter.SUBSTITUTE)
        messages.success(self.request, f"{change.player} sits {change.seat} from hand {change.from_hand}{law}.")
        return redirect("rubber", pk=self.kwargs["pk"])
