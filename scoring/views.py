"""Pages of the club site. Each view parses input, calls one service or selector, and renders."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.text import slugify
from django.views import View
from django.views.generic import CreateView, DetailView, FormView, ListView, TemplateView

from scoring import forms
from scoring.engine import Side
from scoring.models import Event, Hand, Player, Rubber
from scoring.permissions import SecretaryRequiredMixin
from scoring.selectors import events_visible, rubber_for_page, rubber_page
from scoring.services import hands as hand_services
from scoring.services import rubbers as rubber_services
from scoring.services.reports import hand_document, rulebook_of, standing_penalties
from scoring.services.scoring_store import rubber_result
from scoring.services.transfer import rubber_export, rubber_import


def apply_errors(form: Form, error: ValidationError) -> None:
    """Put a service's ValidationError on the form, at its field where it names one."""
    if hasattr(error, "error_dict"):
        for name, errors in error.error_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    else:
        form.add_error(None, error)


class ServiceFormMixin:
    """`form_valid` makes one service call through `perform`; a ValidationError it raises is shown
    on the form (at `error_field` when set, else at the field the service names)."""

    error_field: str | None = None

    def perform(self, form: Any) -> HttpResponse:
        raise NotImplementedError

    def form_valid(self, form: Any) -> HttpResponse:
        try:
            return self.perform(form)
        except ValidationError as exc:
            if self.error_field:
                form.add_error(self.error_field, exc)
            else:
                apply_errors(form, exc)
            return self.form_invalid(form)  # type: ignore[attr-defined]


class ReadableRubberMixin:
    """A rubber of a members-only event needs a login to read."""

    request: HttpRequest

    def readable_rubber(self, pk: int) -> Rubber:
        try:
            rubber = rubber_for_page(pk)
        except Rubber.DoesNotExist:
            raise Http404("No such rubber.") from None
        return rubber

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if "pk" in kwargs and not request.user.is_authenticated:
            public = Rubber.objects.filter(pk=kwargs["pk"]).values_list("event__is_public", flat=True).first()
            if public is False:
                return redirect_to_login(request.get_full_path())
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]


class ReadableEventMixin:
    """A members-only event's pages need a login to read; `self.event` is the event of the URL's slug."""

    event: Event

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        self.event = get_object_or_404(Event, slug=kwargs["slug"])
        if not self.event.is_public and not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]


class HomeView(TemplateView):
    template_name = "scoring/home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["events"] = events_visible(self.request.user)[:10]
        context["recent"] = (Rubber.objects.visible_to(self.request.user)
                             .select_related("event", "north", "east", "south", "west")[:10])
        return context


class EventListView(ListView):
    template_name = "scoring/event_list.html"
    context_object_name = "events"

    def get_queryset(self) -> QuerySet[Event]:
        return events_visible(self.request.user)


class EventDetailView(DetailView):
    template_name = "scoring/event_detail.html"
    context_object_name = "event"
    model = Event

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not request.user.is_authenticated and Event.objects.filter(slug=kwargs["slug"], is_public=False).exists():
            return redirect_to_login(request.get_full_path())
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["rubbers"] = self.object.rubbers.select_related("north", "east", "south", "west")
        return context


class EventCreateView(SecretaryRequiredMixin, CreateView):
    template_name = "scoring/form_page.html"
    form_class = forms.EventForm
    extra_context = {"title": "New event"}

    def get_initial(self) -> dict[str, Any]:
        return {"starts_on": dt.date.today()}

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        data = request.POST.copy()
        if not data.get("slug") and data.get("name"):
            data["slug"] = slugify(data["name"])
        request.POST = data  # type: ignore[assignment]
        return super().post(request, *args, **kwargs)


class PlayerCreateView(SecretaryRequiredMixin, CreateView):
    template_name = "scoring/form_page.html"
    form_class = forms.PlayerForm
    extra_context = {"title": "New player"}

    def get_success_url(self) -> str:
        return reverse("players")


class RubberStartView(SecretaryRequiredMixin, ServiceFormMixin, FormView):
    template_name = "scoring/form_page.html"
    form_class = forms.RubberStartForm

    def get_initial(self) -> dict[str, Any]:
        return {"played_on": dt.date.today(), "first_dealer": "N"}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        event = get_object_or_404(Event, slug=self.kwargs["slug"])
        return super().get_context_data(title=f"Start a rubber · {event}", **kwargs)

    def perform(self, form: forms.RubberStartForm) -> HttpResponse:
        event = get_object_or_404(Event, slug=self.kwargs["slug"])
        return redirect(rubber_services.rubber_start(event=event, **form.cleaned_data))


class RubberDetailView(ReadableRubberMixin, View):
    """The rubber page: running score, games, hands with their laws, and (for the secretary) entry."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        return self.render(request, self.readable_rubber(pk), None)

    def render(self, request: HttpRequest, rubber: Rubber, form: forms.HandForm | None,
               status: int = 200) -> HttpResponse:
        page = rubber_page(rubber)
        can_write = request.user.has_perm("scoring.add_hand")
        if form is None and can_write and rubber.is_open:
            form = forms.HandForm(initial={"dealer": rubber.next_dealer or rubber.first_dealer,
                                           "result": "played", "revokes_ns": 0, "revokes_ew": 0})
        return render(request, "scoring/rubber_detail.html", {
            "rubber": rubber, "page": page, "form": form, "can_write": can_write,
            "sides": {"NS": f"{rubber.north} & {rubber.south}", "EW": f"{rubber.east} & {rubber.west}"},
        }, status=status)


class HandCreateView(SecretaryRequiredMixin, ReadableRubberMixin, View):
    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        rubber = self.readable_rubber(pk)
        form = forms.HandForm(request.POST, hand_number=rubber.hand_count + 1, rulebook=rulebook_of(rubber))
        if form.is_valid():
            try:
                hand = hand_services.hand_record(rubber_id=rubber.pk, play=form.play(), extras=form.extras(),
                                                 by=request.user)
            except ValidationError as exc:
                apply_errors(form, exc)
            else:
                messages.success(request, f"Hand {hand.number} recorded.")
                return redirect(reverse("rubber", args=[rubber.pk]) + "#entry")
        return RubberDetailView().render(request, rubber_for_page(pk), form, status=400)


class HandCorrectView(SecretaryRequiredMixin, ReadableRubberMixin, ServiceFormMixin, FormView):
    template_name = "scoring/hand_correct.html"
    form_class = forms.CorrectionForm

    @cached_property
    def hand(self) -> Hand:
        return get_object_or_404(Hand.objects.select_related("rubber__event").prefetch_related("penalties"),
                                 rubber_id=self.kwargs["pk"], number=self.kwargs["number"])

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "hand_number": self.hand.number, "rulebook": rulebook_of(self.hand.rubber)}

    def get_initial(self) -> dict[str, Any]:
        hand = self.hand
        doc = hand_document(hand, standing_penalties(hand))
        revokes = doc.get("revokes", {})
        return {**doc, "revokes_ns": revokes.get("NS", 0), "revokes_ew": revokes.get("EW", 0),
                "announced_ns": hand.announced_ns, "announced_ew": hand.announced_ew, "notes": hand.notes}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        hand = self.hand
        is_last = not Hand.objects.filter(rubber_id=hand.rubber_id, number__gt=hand.number).exists()
        return super().get_context_data(hand=hand, rubber=hand.rubber, is_last=is_last, **kwargs)

    def perform(self, form: forms.CorrectionForm) -> HttpResponse:
        hand = self.hand
        hand_services.hand_correct(hand_id=hand.pk, play=form.play(), extras=form.extras(),
                                   reason=form.cleaned_data.get("reason") or "", by=self.request.user)
        messages.success(self.request, f"Hand {hand.number} corrected.")
        return redirect("rubber", pk=hand.rubber_id)


class PenaltyCreateView(SecretaryRequiredMixin, ServiceFormMixin, FormView):
    template_name = "scoring/form_page.html"
    form_class = forms.PenaltyForm

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(title=f"Penalty on hand {self.kwargs['number']}", **kwargs)

    def perform(self, form: forms.PenaltyForm) -> HttpResponse:
        hand = get_object_or_404(Hand, rubber_id=self.kwargs["pk"], number=self.kwargs["number"])
        hand_services.penalty_add(hand_id=hand.pk, by=self.request.user, **form.cleaned_data)
        messages.success(self.request, f"Penalty recorded on hand {hand.number}; the rubber is rescored.")
        return redirect("rubber", pk=hand.rubber_id)


class AnnouncementResolveView(SecretaryRequiredMixin, View):
    def post(self, request: HttpRequest, pk: int, number: int) -> HttpResponse:
        hand = get_object_or_404(Hand, rubber_id=pk, number=number)
        hand_services.announcement_resolve(hand_id=hand.pk)
        messages.info(request, f"The announced score of hand {number} is marked resolved.")
        return redirect("rubber", pk=pk)


class RubberAbandonView(SecretaryRequiredMixin, ServiceFormMixin, FormView):
    template_name = "scoring/form_page.html"
    form_class = forms.AbandonForm
    extra_context = {"title": "Abandon the rubber"}

    def perform(self, form: forms.AbandonForm) -> HttpResponse:
        rubber_services.rubber_abandon(rubber_id=self.kwargs["pk"], reason=form.cleaned_data["reason"])
        return redirect("rubber", pk=self.kwargs["pk"])


class SeatChangeView(SecretaryRequiredMixin, ServiceFormMixin, FormView):
    template_name = "scoring/form_page.html"
    form_class = forms.SeatChangeForm
    extra_context = {"title": "Substitute a player (law 18)"}

    def perform(self, form: forms.SeatChangeForm) -> HttpResponse:
        rubber_services.seat_change_add(rubber_id=self.kwargs["pk"], **form.cleaned_data)
        return redirect("rubber", pk=self.kwargs["pk"])


class RubberExportView(ReadableRubberMixin, View):
    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        rubber = self.readable_rubber(pk)
        body = json.dumps(rubber_export(rubber), indent=1)
        response = HttpResponse(body, content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="rubber-{rubber.pk}.json"'
        return response


class RubberResultView(ReadableRubberMixin, View):
    """The result document of the interchange spec, plus the hands with their points and laws."""

    def get(self, request: HttpRequest, pk: int) -> JsonResponse:
        rubber = self.readable_rubber(pk)
        result = rubber_result(rubber)
        document = result.to_document()
        document["hands"] = [
            {
                "number": hs.number,
                "dealer": hs.hand.dealer.value if hs.hand.dealer else None,
                "result": hs.hand.result.value,
                "game": hs.game,
                "points": {"NS": hs.points(Side.NS), "EW": hs.points(Side.EW)},
                "score_after": {"NS": hs.score_after[0], "EW": hs.score_after[1]},
                "laws": sorted({n for a in hs.awards for n in a.laws} | {n for _, ls in hs.notes for n in ls}),
            }
            for hs in result.hands
        ]
        document["status"] = rubber.status
        return JsonResponse(document)


class RubberImportView(SecretaryRequiredMixin, ServiceFormMixin, FormView):
    template_name = "scoring/form_page.html"
    form_class = forms.ImportForm
    extra_context = {"title": "Import a rubber", "multipart": True}
    error_field = "file"  # an import error is about the file, whichever hand it names

    def get_initial(self) -> dict[str, Any]:
        return {"played_on": dt.date.today()}

    def perform(self, form: forms.ImportForm) -> HttpResponse:
        data = form.cleaned_data
        rubber = rubber_import(document=data["file"], event=data["event"], played_on=data["played_on"],
                               table_label=data["table_label"])
        messages.success(self.request, f"Rubber imported with {rubber.hand_count} hands.")
        return redirect(rubber)


class PlayerListView(ListView):
    template_name = "scoring/player_list.html"
    context_object_name = "players"
    queryset = Player.objects.filter(active=True)
