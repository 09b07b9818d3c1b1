"""The club night page: who is present, the tables and their candidates, and the cuts, card by card.

Everyone who may read the event reads the page; only the secretary acts on it. Each action is a
POST naming it; a refused action shows its reason on the page with what was typed kept.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.html import format_html
from django.views.generic import TemplateView

from scoring.access import ReadableMixin, is_secretary
from scoring.clubnight import forms, services
from scoring.clubnight.presence import gone_home, present, table_rubbers
from scoring.engine import Rulebook
from scoring.engine.cutting.jacks import LAW as JACK_LAW
from scoring.engine.rulebook.matters import Matter
from scoring.engine.words import plural
from scoring.models import ClubTable, Cutting, Event, Player, Rubber
from scoring.parsing import small_int

RECENT_CUTS = 3


class ClubNightView(ReadableMixin, TemplateView):
    event_from = "slug"

    template_name = "clubnight/club_night.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        event = self.event
        here = present(event)
        ids = {e.player_id for e in here}
        club_tables = list(event.club_tables.all())
        players = {p.pk: p for p in Player.objects.filter(pk__in={pk for t in club_tables for pk in t.candidates})}
        rubbers = table_rubbers(event)
        leaving = services.departures(event)
        sitting_in = services.sitting_in(event)
        people = Player.objects.in_bulk({pk for pair in sitting_in.items() for pk in (pair[0], pair[1][1])})
        error_table = kwargs.get("cut_error_table")
        tables = []
        for t in club_tables:
            at_table = rubbers.get(t.number, [])
            tables.append({
                "table": t, "rubbers": at_table, "last": at_table[-1] if at_table else None,
                "candidates": [players[pk] for pk in t.candidates if pk in players],
                "runs": services.runs_at(at_table, t.runs) if at_table else {},
                "leaving": leaving.get(t.number, []),
                "sitting_in": [(people[pk], people[seat_of]) for pk, (number, seat_of) in sitting_in.items()
                               if number == t.number],
                # Each table's own form, so that two tables ending at once do not share field ids.
                "cut_form": kwargs["cut_form"] if error_table == t.number else
                forms.CutForm(prefix="cut", auto_id=f"id_t{t.number}_%s", rulebook=event.playing)})
        absent = Player.objects.filter(active=True).exclude(pk__in=ids).order_by("display_name")
        last_cut = event.cuttings.filter(kind=Cutting.Kind.TABLES).order_by("-pk").values_list("pk", flat=True)
        # Each once: one who has declared for a second table stands in line at both until he cuts into one.
        in_line = list(dict.fromkeys(players[pk] for t in club_tables if not t.broken_up for pk in t.candidates
                                     if pk in players))
        now_waiting = services.waiting(event)
        return super().get_context_data(**kwargs) | {
            "event": event, "present": here, "tables": tables, "waiting": now_waiting,
            # A substitute sitting in may declare for a table too, to take a chair when the rubber ends.
            "declaring": [*now_waiting, *(people[pk] for pk in sitting_in)],
            "cut_pool": len(now_waiting) + len(in_line),
            "prior_entry": set(services.prior_entry(event)),
            "arrival_form": kwargs.get("arrival_form") or forms.ArrivalForm(absent=absent),
            "cut_form": kwargs["cut_form"] if "cut_form" in kwargs and error_table is None else
            forms.CutForm(prefix="cut", rulebook=event.playing),
            "cut_error_table": error_table, "cut_error": "cut_form" in kwargs,
            "last_cut": next(iter(last_cut), 0),
            "cuttings": _with_dealers(list(event.cuttings.select_related("table")[:RECENT_CUTS])),
            "gone_home": gone_home(event),
            "in_line": in_line,
            "is_club_night": event.mode == Event.Mode.CLUB_NIGHT,
        }

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_secretary(request.user):
            raise PermissionDenied
        event = self.event
        action = request.POST.get("action", "")
        try:
            if action == "arrive":
                form = forms.ArrivalForm(request.POST)
                if not form.is_valid():
                    return self.render_to_response(self.get_context_data(arrival_form=form))
                entrant = services.player_arrives(event=event, player=form.cleaned_data["player"])
                messages.success(request, f"{entrant.player} is here ({entrant.number} in order of arrival).")
            elif action == "leave":
                player = get_object_or_404(Player, pk=small_int(request.POST.get("player")) or 0)
                at_table = services.seated_now(event).get(player.pk)
                services.player_leaves(event=event, player=player)
                what = services.departures(event).get(at_table or 0, [])
                messages.success(request, f"Table {at_table}: {' '.join(what)}" if what else f"{player} has gone home.")
                playing = _rubber_in_play(event, player)
                if playing is not None:  # mid-rubber: the laws let the table go on with a substitute
                    messages.info(request, format_html(
                        "{} is in the middle of a rubber at table {}: <a href=\"{}\">seat a substitute{}</a>, "
                        "or let the rubber end as it stands.", player, playing.table_label,
                        reverse("seat_change", args=[playing.pk]), event.playing.noted(Matter.SUBSTITUTE)))
            elif action == "back":
                player = get_object_or_404(Player, pk=small_int(request.POST.get("player")) or 0)
                entrant = services.player_returns(event=event, player=player)
                messages.success(request, f"{player} is back, {entrant.number} in order of arrival as before.")
            elif action in ("tables", "next"):
                return self._cut(request, event, action)
            elif action == "declare":
                table = self._table(event)
                player = get_object_or_404(Player, pk=small_int(request.POST.get("player")) or 0)
                services.candidate_declares(table=table, player=player)
                messages.success(request, f"{player} is a candidate at table {table.number}"
                                          f"{event.playing.noted(Matter.DECLARING)}.")
            elif action == "break-up":
                table = self._table(event)
                order = services.table_break_up(table=table)
                messages.success(request, _broken_up(table.number, order, [], event.playing))
            else:
                messages.error(request, "Nothing was asked.")
        except services.AlreadyDone as exc:
            messages.warning(request, " ".join(exc.messages))
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        return HttpResponseRedirect(request.path)

    def _table(self, event: Event) -> ClubTable:
        return get_object_or_404(ClubTable, event=event, number=small_int(self.request.POST.get("table")) or 0)

    def _cut(self, request: HttpRequest, event: Event, action: str) -> HttpResponse:
        data = request.POST.copy()
        # Blank lines go, so that "line 3" in a message is the third line the secretary sees again.
        data["cut-cards"] = "\n".join(line for line in data.get("cut-cards", "").splitlines() if line.strip())
        data.setdefault("cut-how", "draw")  # a form shown again always has a choice ticked
        table = self._table(event) if action == "next" else None
        cut_table = table.number if table else None
        form = forms.CutForm(data, prefix="cut", auto_id=f"id_t{table.number}_%s" if table else "id_%s",
                             rulebook=event.playing)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(cut_form=form, cut_error_table=cut_table))
        seen = _number(request.POST.get("seen", ""))
        try:
            entered = form.cuts() if form.cleaned_data["how"] == "entered" else []
            if table is None:
                joining = [n for n in (small_int(v) for v in request.POST.getlist("joining")) if n]
                cutting = services.tables_form(event=event, entered=entered, after_cutting=seen, joining=joining)
                made = cutting.outcome["tables"]
                messages.success(request, f"{plural(len(made), 'table')} formed by "
                                          f"{event.playing.forming}; the rubbers have started.")
            else:
                cutting = services.next_rubber(table=table, entered=entered, ended=seen)
                out, came = cutting.outcome.get("out", []), cutting.outcome.get("in", [])
                if "broken_up" in cutting.outcome:
                    messages.success(request, _broken_up(table.number, cutting.outcome["precedence"],
                                                         cutting.outcome["left"], event.playing))
                else:
                    messages.success(request, f"Table {table.number}: "
                                              + (f"{', '.join(out)} out, {', '.join(came)} in; " if out else
                                                 "nobody claimed admission; ")
                                              + "the next rubber has started.")
        except services.AlreadyDone as exc:
            messages.warning(request, " ".join(exc.messages))
        except (ValidationError, forms.forms.ValidationError) as exc:
            if table is not None and form.cleaned_data["how"] != "entered":
                # Not about typed cards, and the table's form may not be on the page (its rubber in play).
                messages.error(request, " ".join(exc.messages))
                return HttpResponseRedirect(request.path)
            form.add_error("cards" if form.cleaned_data["how"] == "entered" else None, exc)
            return self.render_to_response(self.get_context_data(cut_form=form, cut_error_table=cut_table))
        return HttpResponseRedirect(request.path)


def _number(text: str) -> int | None:
    """A number the page sent back (what it showed), or None when it sent none."""
    return small_int(text)


def _broken_up(number: int, order: list[str], left: list[str], rulebook: Rulebook) -> str:
    places = "the place" if len(left) == 1 else "their places"
    why = f" ({', '.join(left)} went home and nobody in line could take {places})" if left else ""
    if not order:
        return f"Table {number} has broken up{why}; nobody was left to place."
    return (f"Table {number} has broken up{why}: {', '.join(order)} have prior entry at the other tables and wait "
            f"first for a new one, in that order{rulebook.noted(Matter.BROKEN_UP)}.")


def _rubber_in_play(event: Event, player: Player) -> Rubber | None:
    seats = Q(north=player) | Q(east=player) | Q(south=player) | Q(west=player)
    return event.rubbers.filter(seats, status=Rubber.Status.IN_PROGRESS).order_by("-pk").first()


def _with_dealers(cuttings: list[Cutting]) -> list[Cutting]:
    """Each cut's tables with the first dealer by name, as stored (law 11: the cut decides who deals), and
    whether the cards were dealt for the jacks rather than cut, as its log says, to word it so."""
    for cut in cuttings:
        cut.outcome["by_jacks"] = any(isinstance(step, dict) and step.get("law") == JACK_LAW for step in cut.log)
        for outcome in [*cut.outcome.get("tables", []), cut.outcome]:
            seats = outcome.get("seats")
            dealer = outcome.get("first_dealer")
            if isinstance(seats, dict) and dealer:  # as the cut stored it; never presumed
                outcome["dealer"] = seats.get(dealer, "")
    return cuttings
