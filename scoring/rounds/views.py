"""Pages of an event in rounds: entrants, the schedule, starting and closing rounds, and the room."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.functional import cached_property
from django.views import View
from django.views.generic import FormView, TemplateView

from scoring.access import ReadableMixin, SecretaryRequiredMixin, acting_user, is_secretary
from scoring.clients import is_loopback
from scoring.engine import Seat
from scoring.engine.progressive import COMINGS_RULE
from scoring.engine.progressive.night import MISSED_AVERAGE
from scoring.engine.words import plural
from scoring.models import Event, HandReport, Round, Rubber
from scoring.models.choices import TIME_UP_WORDS
from scoring.models.rubbers import SEAT_FIELD
from scoring.parsing import small_int
from scoring.rounds import forms, services
from scoring.rounds.selectors import Room, room, round_seats, seats_found
from scoring.service_forms import ServedAgainOnClashMixin, apply_errors
from scoring.services.record import later_round
from scoring.standings import cache as standings_cache
from scoring.standings.night import places_rule
from scoring.standings.season import season_view
from scoring.standings.selectors import prizes
from scoring.standings.tables import wall_columns, wall_rows


def _errors(exc: ValidationError) -> str:
    return " ".join(exc.messages)


class EventInRoundsMixin(SecretaryRequiredMixin):
    kwargs: dict[str, Any]

    @cached_property
    def event(self) -> Event:
        return get_object_or_404(Event, slug=self.kwargs["slug"])

    def event_url(self) -> str:
        return reverse("event_rounds", args=[self.event.slug])


class EntrantsView(EventInRoundsMixin, ServedAgainOnClashMixin, FormView):
    template_name = "rounds/entrants.html"

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if is_secretary(request.user) and not self.event.in_rounds:  # anyone else is refused as on any write
            messages.info(request, "This event is not a tournament in rounds; its players have no entry list.")
            return HttpResponseRedirect(self.event.get_absolute_url())
        return super().dispatch(request, *args, **kwargs)

    def get_form(self, form_class: Any = None) -> Any:
        data = self.request.POST if self.request.method == "POST" else None
        chosen = [e.player for e in self.event.entrants.select_related("player")]
        if self.event.fixed_pairs:
            rows = max(8, len(chosen) // 2 + 4)
            initial = {f"pair_{n // 2 + 1}_{'ab'[n % 2]}": p.pk for n, p in enumerate(chosen)}
            return forms.PairsForm(data, rows=rows, initial=initial)
        return forms.IndividualsForm(data, initial={"players": [p.pk for p in chosen]})

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(**kwargs) | {"event": self.event, "scheduled": self.event.event_rounds.exists()}

    def form_valid(self, form: Any) -> HttpResponse:
        try:
            entrants = services.entrants_set(event=self.event, players=form.entrants(),
                                             new_names=form.new_names() if hasattr(form, "new_names") else ())
        except ValidationError as exc:
            apply_errors(form, exc)
            return self.form_invalid(form)
        entered = (f"{len(entrants) // 2} pairs" if self.event.fixed_pairs
                   else f"{len(entrants)} players")
        messages.success(self.request, f"{entered} entered. Make the schedule when everyone is in.")
        return HttpResponseRedirect(self.event_url())


class ScheduleView(EventInRoundsMixin, FormView):
    template_name = "form_page.html"
    form_class = forms.ScheduleForm

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if self.event.event_rounds.exists():  # made already: say so rather than offer it again
            return render(request, "rounds/schedule_made.html", {"event": self.event})
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        count = self.event.entrants.count()
        return super().get_context_data(**kwargs) | {
            "title": "Make the schedule", "context_line": self.event.name, "context_url": self.event_url(),
            "lead": f"{count} players, {self.event.rounds or 'no'} rounds. " + (
                "Round 1 seats the players four a table in order of entry (beyond a multiple of four, the last "
                "entered sit it out); each later round is seated when it starts, the winners of each table moving "
                "up one and partners changing (a progressive night)"
                if self.event.moves_up else
                "Fixed pairs with fewer rounds than a round robin are paired round by round, by the standing "
                "when each round starts (Swiss, no rematch)" if services.is_swiss(self.event, count) else
                "The schedule fixes every table of every round") + "; it cannot be made twice.",
            "submit_label": "Make the schedule", "cancel_url": self.event_url()}

    def form_valid(self, form: forms.ScheduleForm) -> HttpResponse:
        try:
            made = services.schedule_make(event=self.event, seed=form.cleaned_data.get("seed") or 0)
        except ValidationError as exc:
            form.add_error(None, exc)
            return self.form_invalid(form)
        messages.success(self.request,
                         f"The schedule is made: {len(made)} rounds. Start round 1 when the tables are ready.")
        return HttpResponseRedirect(self.event_url())


class RoundActionView(SecretaryRequiredMixin, View):
    """POST only: start a round, call its time, or close it; the answer goes back to the page the button was on."""

    action = ""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        round_ = get_object_or_404(Round.objects.select_related("event"), pk=pk)
        back = request.POST.get("next") or reverse("event_rounds", args=[round_.event.slug])
        if not back.startswith("/") or back.startswith("//"):
            back = reverse("event_rounds", args=[round_.event.slug])
        try:
            if self.action == "start":
                services.round_start(round_id=round_.pk)
                messages.success(request, f"Round {round_.number} has started: its tables may deal.")
            elif self.action == "call_time":
                services.round_call_time(round_id=round_.pk)
                messages.success(request, f"Time is called in round {round_.number}: "
                                          f"{TIME_UP_WORDS[round_.event.night.time_called]}.")
            else:
                form = forms.CloseRoundForm(request.POST)
                unplayed = form.cleaned_data["unplayed"] if form.is_valid() else ""
                services.round_close(round_id=round_.pk, by=acting_user(request), unplayed=unplayed)
                messages.success(request, f"Round {round_.number} is closed; its standings are counted.")
        except ValidationError as exc:
            messages.error(request, _errors(exc))
            if any(error.code == "unreported" for error in exc.error_list):  # the page that asks what happened
                return HttpResponseRedirect(reverse("round_close_confirm", args=[round_.pk]))
        return HttpResponseRedirect(back)


class RoundCloseConfirmView(SecretaryRequiredMixin, TemplateView):
    template_name = "rounds/close_confirm.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        round_ = get_object_or_404(Round.objects.select_related("event"), pk=self.kwargs["pk"])
        playing = round_.tables.filter(rubber__status="in_progress").select_related("rubber")
        reports = (HandReport.objects.filter(rubber__round_table__round=round_, status__in=HandReport.OPEN)
                   .select_related("rubber", "reported_by").order_by("rubber__table_label", "number"))
        unreported = services.unreported_tables(round_) if round_.event.progressive else []
        playing = playing.exclude(pk__in=[table.pk for table in unreported])  # asked about apart, below
        return super().get_context_data(**kwargs) | {"round": round_, "event": round_.event, "playing": playing,
                                                     "reports": reports, "unreported": unreported,
                                                     "unplayed_form": forms.CloseRoundForm(),
                                                     "time_up_words": TIME_UP_WORDS[round_.event.night.time_called]}


class EventRoundsView(ReadableMixin, TemplateView):
    """The event's rounds: entrants, the schedule round by round, and the buttons that run them."""

    event_from = "slug"

    template_name = "rounds/event_rounds.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        event = self.event
        rounds = list(event.event_rounds.annotate(
            table_count=Count("tables", distinct=True),
            finished=Count("tables", filter=~Q(tables__rubber__status="in_progress") & Q(tables__rubber__isnull=False),
                           distinct=True)))
        return super().get_context_data(**kwargs) | {
            "event": event, "rounds": rounds,
            "entrants": event.entrants.select_related("player"),
            "next_round": next((r for r in rounds if r.status != Round.Status.CLOSED), None),
            "pairs": _pairs(list(event.entrants.select_related("player"))) if event.fixed_pairs else [],
            "progressive_rules": event.progressive_rules,
            "time_up_words": TIME_UP_WORDS[event.night.time_called],
            # The secretary's table cards print each table's code with this site's address for phones.
            "loopback": is_secretary(self.request.user) and is_loopback(self.request)}


def _pairs(entrants: list[Any]) -> list[tuple[int, str, str]]:
    """Fixed pairs as entered: entrants 1-2 are pair 1, 3-4 pair 2, ..."""
    by_number = {e.number: e.player for e in entrants}
    return [(n // 2 + 1, str(by_number[n]), str(by_number.get(n + 1, ""))) for n in sorted(by_number) if n % 2]


class RoomView(ReadableMixin, TemplateView):
    """`/events/<slug>/room/`: the tables as they stand, polled by htmx; `?projector=1` for the wall."""

    event_from = "slug"

    def get_template_names(self) -> list[str]:
        if self.request.headers.get("HX-Request"):
            return ["rounds/_wall.html" if self.projector else "rounds/_room_body.html"]
        return ["rounds/room_projector.html" if self.projector else "rounds/room.html"]

    @cached_property
    def projector(self) -> bool:
        return self.request.GET.get("projector") == "1"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        the_room = room(self.event, small_int(self.request.GET.get("round"), most=999))
        context = super().get_context_data(**kwargs) | {
            "event": self.event, "room": the_room, "projector": self.projector,
            "controls": is_secretary(self.request.user) and not self.projector,
            "poll_url": self.request.get_full_path()}
        if self.projector:
            context |= self.wall(the_room)
        elif the_room.round is not None and the_room.can_start:
            context |= self.between(the_room.round)
        return context

    def standing(self) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The event's standings as they are kept, and as the wall and the room show them: in the event's own
        figures, fixed pairs as pairs rather than each player twice."""
        rows = (standings_cache.event_pairs(self.event) if self.event.mode == Event.Mode.PAIRS
                else standings_cache.event_players(self.event))
        columns = wall_columns(self.event)
        return rows, {"standings": wall_rows(rows, columns), "columns": [heading for _, heading in columns],
                      "places_rule": places_rule(self.event) if self.event.progressive else ""}

    def wall(self, the_room: Room) -> dict[str, Any]:
        """The wall beside the tables, redrawn with them: everyone's standing (paged on a timer by the screen),
        the prizes, and between rounds where each player sits next."""
        rows, shown = self.standing()
        between = the_room.round is not None and the_room.can_start
        season = self.event.season if the_room.between_nights else None
        return shown | {"prizes": prizes(rows, self.event) if self.event.progressive else [],
                        "seats": round_seats(self.event, the_room.round) if between and the_room.round else [],
                        "season": season, "season_lines": season_view(season).table.lines if season else ()}

    def between(self, next_round: Round) -> dict[str, Any]:
        """Between rounds the room has no table in play: where everyone sits in the next round, and the
        standings so far."""
        return self.standing()[1] | {"seats": round_seats(self.event, next_round)}

    def render_to_response(self, context: dict[str, Any], **kwargs: Any) -> HttpResponse:
        response = super().render_to_response(context, **kwargs)
        patch_vary_headers(response, ["HX-Request"])
        response["Cache-Control"] = "no-store"
        return response


class RoundTotalsView(SecretaryRequiredMixin, FormView):
    """`/rubbers/<id>/round-totals/`: a progressive table that scored on paper enters its round in one step."""

    template_name = "form_page.html"

    @cached_property
    def rubber(self) -> Rubber:
        rubber: Rubber = get_object_or_404(Rubber.objects.select_related("event", "north", "east", "south", "west",
                                                                         "round_table__round"), pk=self.kwargs["pk"])
        return rubber

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs() | {"seated": {seat: self.rubber.player_at(seat) for seat in Seat},
                                              "lone_bonus": self.rubber.event.night.lone_bonus}
        totals = self.rubber.round_totals
        if totals:
            kwargs["initial"] = {"ns": totals["NS"], "ew": totals["EW"],
                                 **{SEAT_FIELD[Seat(seat)]: made for seat, made in totals["lone"].items()},
                                 **{f"{SEAT_FIELD[Seat(seat)]}_marches": made
                                    for seat, made in (totals.get("marches") or {}).items()}}
        return kwargs

    def get_form_class(self) -> type[forms.RoundTotalsForm]:
        return forms.RoundTotalsForm

    def back(self) -> str:
        return reverse("room", args=[self.rubber.event.slug])

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        rubber = self.rubber
        table = getattr(rubber, "round_table", None)
        where = f"Table {rubber.table_label}" + (f", round {table.round.number}" if table else "")
        deals = rubber.event.night.deal_limit
        return super().get_context_data(**kwargs) | {
            "title": f"{where}: the round's totals", "context_line": rubber.event.name, "context_url": self.back(),
            "lead": ("From the table's tally: each side's points over the round"
                     + (f" ({plural(deals, 'deal')}, and one more for a tie)" if deals else "")
                     + " and the lone hands each player made"
                     + (", with how many of them took all five tricks (his own bonus)" if rubber.event.night.lone_bonus
                        else "")
                     + ". They stand in place of the table's deals, which "
                     "it then takes no more of; entered again, they replace these, kept on record."
                     + (f" Round {later} was seated from these results: its seats stand, and the standings and "
                        "prizes follow the correction." if (later := later_round(rubber)) else "")),
            "submit_label": "Enter the totals", "cancel_url": self.back()}

    def form_valid(self, form: forms.RoundTotalsForm) -> HttpResponse:
        try:
            services.round_totals_enter(rubber_id=self.rubber.pk, points=form.points(), lone=form.lone(),
                                        marches=form.marches(), reason=form.cleaned_data["reason"],
                                        by=acting_user(self.request))
        except ValidationError as exc:
            form.add_error(None, exc)  # a side's or a seat's fault goes on its own field
            return self.form_invalid(form)
        messages.success(self.request, f"Table {self.rubber.table_label}'s totals are entered.")
        return HttpResponseRedirect(self.back())


class _ComingsView(EventInRoundsMixin, FormView):
    """A progressive night's players as they come and go (`services.late_arrival`, `services.gone_home`)."""

    template_name = "form_page.html"

    def get_form_kwargs(self) -> dict[str, Any]:
        return super().get_form_kwargs() | {"event": self.event}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(**kwargs) | {
            "context_line": self.event.name, "context_url": self.event_url(), "cancel_url": self.event_url(),
            "lead": f"{self.lead()} {COMINGS_RULE}"}

    def lead(self) -> str:
        raise NotImplementedError

    def done(self, form: Any) -> str:
        raise NotImplementedError

    def form_valid(self, form: Any) -> HttpResponse:
        try:
            words = self.done(form)
        except ValidationError as exc:
            apply_errors(form, exc)
            return self.form_invalid(form)
        messages.success(self.request, words)
        return HttpResponseRedirect(self.event_url())


class LateArrivalView(ServedAgainOnClashMixin, _ComingsView):
    form_class = forms.LateArrivalForm
    extra_context = {"title": "A late arrival", "submit_label": "Enter the late arrival"}

    def lead(self) -> str:
        first = services.next_seated(self.event)
        missed = ("each round missed scores the round's average, as a bye does"
                  if self.event.night.missed_rounds == MISSED_AVERAGE else "the rounds missed score nothing")
        return f"The late arrival is seated from round {first}; {missed} (the event's setting)."

    def done(self, form: Any) -> str:
        entrant = services.late_arrival(event_id=self.event.pk, player=form.cleaned_data["player"],
                                       new_name=form.cleaned_data["new_name"])
        return f"{entrant.player} entered: seated from round {entrant.first_round}."


class GoneHomeView(_ComingsView):
    form_class = forms.GoneHomeForm
    extra_context = {"title": "A player gone home", "submit_label": "Mark as gone home"}

    def lead(self) -> str:
        # The rule the lead goes on with says the tally stays.
        return "The player is seated in no round after the one in play (or the last played)."

    def done(self, form: Any) -> str:
        entrant = services.gone_home(event_id=self.event.pk, player_id=form.cleaned_data["player"].pk)
        return f"{entrant.player} has gone home: seated in no round after round {entrant.last_round}."


class NightActionView(EventInRoundsMixin, View):
    """POST only: close a progressive night once its tallies are checked, or reopen it to correct one."""

    action = ""

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        try:
            if self.action == "close":
                services.night_close(event_id=self.event.pk)
                messages.success(request, "The night is closed: its tallies stand as checked.")
            else:
                services.night_reopen(event_id=self.event.pk)
                messages.success(request, "The night is open again: a tally may be corrected, with its reason.")
        except ValidationError as exc:
            messages.error(request, _errors(exc))
        return HttpResponseRedirect(self.event_url())


class SeatFinderView(ReadableMixin, TemplateView):
    """`/events/<slug>/my-seat/?name=...`: a player who closed his phone's page finds where he sits, by name."""

    event_from = "slug"
    template_name = "rounds/my_seat.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        form = forms.SeatFinderForm(self.request.GET or None)
        name = form.cleaned_data["name"] if form.is_valid() else ""
        return super().get_context_data(**kwargs) | {
            "event": self.event, "form": form, "name": name,
            "found": seats_found(self.event, name) if name else []}
