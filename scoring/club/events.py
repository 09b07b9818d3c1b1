"""The home page and the events: list, page, new."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.db.models import Q, QuerySet
from django.http import HttpResponse
from django.views.generic import CreateView, DetailView, ListView, TemplateView

from scoring.access import ReadableMixin, SecretaryRequiredMixin
from scoring.club import forms
from scoring.models import Event, Rubber


class HomeView(TemplateView):
    template_name = "club/home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["events"] = Event.objects.visible_to(self.request.user)[:10]
        context["recent"] = (Rubber.objects.visible_to(self.request.user)
                             .select_related("event", "north", "east", "south", "west")[:10])
        context["my_tables"] = _tables_of(self.request.user)
        return context


def _tables_of(user: Any) -> list[Rubber]:
    """The rubbers in play where the member logged in is seated, to report their hands from his phone."""
    if not user.is_authenticated:
        return []
    seated = (Q(north__user=user) | Q(east__user=user) | Q(south__user=user) | Q(west__user=user)
              | Q(seat_changes__player__user=user))
    return list(Rubber.objects.filter(seated, status=Rubber.Status.IN_PROGRESS).select_related("event").distinct())


class EventListView(ListView):
    template_name = "club/event_list.html"
    context_object_name = "events"

    def get_queryset(self) -> QuerySet[Event]:
        return Event.objects.visible_to(self.request.user)


class EventDetailView(ReadableMixin, DetailView):
    template_name = "club/event_detail.html"
    context_object_name = "event"
    model = Event

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["rubbers"] = self.object.rubbers.select_related("north", "east", "south", "west")
        return context


class EventCreateView(SecretaryRequiredMixin, CreateView):
    template_name = "form_page.html"
    form_class = forms.EventForm
    extra_context = {"title": "New event"}

    def get_initial(self) -> dict[str, Any]:
        return {"starts_on": dt.date.today()}

    def form_valid(self, form: forms.EventForm) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, f"Event “{form.instance.name}” created. Start its first rubber here.")
        return response
