"""The club night page: who is present, the tables and their candidates, and the cuts, card by card.

Everyone who may read the event reads the page; only the secretary acts on it. Each action is a
POST naming it; a refused action shows its reason on the page with what was typed kept.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from scoring.access import ReadableMixin, is_secretary
from scoring.clubnight import forms, services
from scoring.clubnight.presence import player_arrives, player_leaves, present, table_rubbers
from scoring.models import ClubTable, Event, Player

RECENT_CUTS = 3


class ClubNightView(ReadableMixin, TemplateView):
    template_name = "clubnight/club_night.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        event = self.event
        here = present(event)
        ids = {e.player_id for e in here}
        players = {p.pk: p for p in Player.objects.filter(pk__in={pk for t in event.club_tables.all()
                                                                    for pk in t.candidates})}
        rubbers = table_rubbers(event)
        tables = [{"table": t, "rubbers": rubbers.get(t.number, []),
                   "last": rubbers[t.number][-1] if rubbers.get(t.number) else None,
                   "candidates": [players[pk] for pk in t.candidates if pk in players],
                   "runs": services.runs_at(rubbers[t.number]) if rubbers.get(t.number) else {}}
                  for t in event.club_tables.all()]
        absent = Player.objects.filter(active=True).exclude(pk__in=ids).order_by("display_name")
        return super().get_context_data(**kwargs) | {
            "event": event, "present": here, "tables": tables, "waiting": services.waiting(event),
            "arrival_form": kwargs.get("arrival_form") or forms.ArrivalForm(absent=absent),
            "cut_form": kwargs.get("cut_form") or forms.CutForm(prefix="cut"),
            "cut_error_table": kwargs.get("cut_error_table"),
            "cuttings": list(event.cuttings.select_related("table")[:RECENT_CUTS]),
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
                entrant = player_arrives(event=event, player=form.cleaned_data["player"])
                messages.success(request, f"{entrant.player} is here ({entrant.number} in order of arrival).")
            elif action == "leave":
                player = get_object_or_404(Player, pk=request.POST.get("player", "0") or "0")
                player_leaves(event=event, player=player)
                messages.success(request, f"{player} has left.")
            elif action in ("tables", "next"):
                return self._cut(request, event, action)
            elif action == "declare":
                table = self._table(event)
                player = get_object_or_404(Player, pk=request.POST.get("player", "0") or "0")
                services.candidate_declares(table=table, player=player)
                messages.success(request, f"{player} is a candidate at table {table.number} (law 16).")
            elif action == "break-up":
                table = self._table(event)
                order = services.table_break_up(table=table)
                messages.success(request, f"Table {table.number} has broken up; "
                                          + (f"{', '.join(order)} have prior entry elsewhere, in that order (law 21)."
                                             if order else "nobody was left to place."))
            else:
                messages.error(request, "Nothing was asked.")
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        return HttpResponseRedirect(request.path)

    def _table(self, event: Event) -> ClubTable:
        number = self.request.POST.get("table", "")
        return get_object_or_404(ClubTable, event=event, number=int(number) if number.isdigit() and
                                 len(number) < 4 else 0)

    def _cut(self, request: HttpRequest, event: Event, action: str) -> HttpResponse:
        data = request.POST.copy()
        # Blank lines go, so that "line 3" in a message is the third line the secretary sees again.
        data["cut-cards"] = "\n".join(line for line in data.get("cut-cards", "").splitlines() if line.strip())
        form = forms.CutForm(data, prefix="cut")
        table = self._table(event) if action == "next" else None
        cut_table = table.number if table else None
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(cut_form=form, cut_error_table=cut_table))
        try:
            entered = form.cuts() if form.cleaned_data["how"] == "entered" else []
            if table is None:
                cutting = services.tables_form(event=event, entered=entered)
                made = cutting.outcome["tables"]
                messages.success(request, f"{len(made)} table{'s' if len(made) != 1 else ''} formed by cutting; "
                                          "the rubbers have started.")
            else:
                cutting = services.next_rubber(table=table, entered=entered)
                out, came = cutting.outcome["out"], cutting.outcome["in"]
                messages.success(request, f"Table {table.number}: "
                                          + (f"{', '.join(out)} out, {', '.join(came)} in; " if out else
                                             "nobody claimed admission; ")
                                          + "the next rubber has started.")
        except (ValidationError, forms.forms.ValidationError) as exc:
            form.add_error("cards" if form.cleaned_data["how"] == "entered" else None, exc)
            return self.render_to_response(self.get_context_data(cut_form=form, cut_error_table=cut_table))
        return HttpResponseRedirect(request.path)
