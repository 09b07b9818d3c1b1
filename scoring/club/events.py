"""The home page and the events: list, page, new, edit."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.views.generic import CreateView, DetailView, ListView, TemplateView, UpdateView

from scoring.access import ReadableMixin, SecretaryRequiredMixin
from scoring.club.forms.events import EventEditForm, EventForm
from scoring.club.listing import RubberFilterForm, player_choices, rubbers_page, rulings_page
from scoring.engine.words import playing_words
from scoring.models import Event, Hand, Rubber
from scoring.service_forms import ServedAgainOnClashMixin, ServiceFormMixin
from scoring.services.club import the_club
from scoring.services.events import event_create, event_update
from scoring.standings.season import seasons_visible_to
from scoring.standings.season_views import current_page


class HomeView(TemplateView):
    template_name = "club/home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["events"] = Event.objects.visible_to(self.request.user)[:10]
        # The newest, read backwards from the index on (played_on, id), each row's event looked up to keep those
        # the visitor may read: `visible_to`'s `event__in` reads every rubber of those events and sorts them all.
        readable = Exists(Event.objects.visible_to(self.request.user).filter(pk=OuterRef("event_id")))
        context["recent"] = (Rubber.objects.filter(readable).select_related("event", "north", "east", "south", "west")
                             .order_by("-played_on", "-pk")[:10])
        context["my_tables"] = _tables_of(self.request.user)
        context["club_playing"] = playing_words(the_club().playing)  # the club's code, never a code written here
        context["season_page"] = current_page(self.request.user)
        return context


IN_PLAY_PAST_MIDNIGHT = dt.timedelta(hours=6)


def _tables_of(user: Any) -> list[Rubber]:
    """The tables in play now where the member logged in is seated, to report their hands from his phone: a rubber
    in progress played today, or yesterday with a hand entered in the last six hours (a night past midnight). A
    rubber left in progress from an earlier night is not a table he sits at now, and is not offered."""
    if not user.is_authenticated:
        return []
    seated = (Q(north__user=user) | Q(east__user=user) | Q(south__user=user) | Q(west__user=user)
              | Q(seat_changes__player__user=user))
    today = timezone.localdate()
    lately = Exists(Hand.objects.filter(rubber=OuterRef("pk"), entered_at__gte=timezone.now() - IN_PLAY_PAST_MIDNIGHT))
    now = Q(played_on=today) | (Q(played_on=today - dt.timedelta(days=1)) & lately)
    return list(Rubber.objects.filter(seated, now, status=Rubber.Status.IN_PROGRESS).select_related("event")
                .distinct())


class EventListView(ListView):
    template_name = "club/event_list.html"
    context_object_name = "events"

    def get_queryset(self) -> QuerySet[Event]:
        return Event.objects.visible_to(self.request.user)


class EventDetailView(ReadableMixin, DetailView):
    event_from = "slug"

    template_name = "club/event_detail.html"
    context_object_name = "event"
    model = Event

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        event, query = self.object, self.request.GET
        filters = RubberFilterForm(query, event=event, players=player_choices())
        context["filters"] = filters
        context["rubbers"] = rubbers_page(filters.narrowed(event.rubbers.all()), query)
        context["rulings"] = rulings_page(event, query)
        # Its season, where it has one the visitor may read (no query for a night in none).
        context["season"] = (seasons_visible_to(self.request.user).filter(pk=event.season_id).first()
                             if event.season_id else None)
        return context


class EventCreateView(SecretaryRequiredMixin, ServedAgainOnClashMixin, ServiceFormMixin, CreateView):
    template_name = "form_page.html"
    form_class = EventForm
    extra_context = {"title": "New event", "wide": True}

    def get_initial(self) -> dict[str, Any]:
        return {"starts_on": dt.date.today()}

    def perform(self, form: EventForm) -> HttpResponse:
        self.object = event_create(**form.fields_for_service())
        messages.success(self.request, created_message(self.object))
        return redirect(self.object)


def created_message(event: Event) -> str:
    """What to do first in a new event: start a rubber, enter the players, or mark who is present."""
    if event.in_rounds:
        return format_html("Event “{}” created. Next, <a href=\"{}\">enter its players</a>; then make the "
                           "schedule.", event.name, reverse("entrants", args=[event.slug]))
    if event.mode == Event.Mode.CLUB_NIGHT:
        return format_html("Event “{}” created. As the players arrive, <a href=\"{}\">mark who is present</a> "
                           "on the club night page.", event.name, reverse("club_night", args=[event.slug]))
    return f"Event “{event.name}” created. Start its first rubber here."


class EventEditView(SecretaryRequiredMixin, ServiceFormMixin, UpdateView):
    """The event's name, dates, access, paper and running; its web address stays, so links keep working."""

    template_name = "form_page.html"
    form_class = EventEditForm
    model = Event

    def get_object(self, queryset: QuerySet[Event] | None = None) -> Event:
        event: Event = super().get_object(queryset)
        self.stored_name = event.name  # the form changes the instance's own name as it validates
        return event

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        url = self.object.get_absolute_url()
        return super().get_context_data(
            title=f"Edit event · {self.stored_name}", wide=True, cancel_url=url,
            lead=f"The web address stays {url}, so links to the event keep working.", **kwargs)

    def perform(self, form: EventEditForm) -> HttpResponse:
        event = event_update(event_id=self.object.pk, **form.fields_for_service())
        messages.success(self.request, "Event saved.")
        return redirect(event)
