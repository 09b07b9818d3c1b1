"""Filters for the club-wide standings (django-filter)."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms

from scoring.engine.rulebook import STANDINGS
from scoring.models import Event, KeptFigures

FORMAT_CHOICES = [(key, standing.heading) for key, standing in STANDINGS.items()]


class StandingsFilter(django_filters.FilterSet):
    # One format at a time: a rubber point, a point of a match and a progressive tally are never added up.
    # (Chosen by the links above the form; the form carries it along with the event and the dates.)
    code = django_filters.ChoiceFilter(field_name="code", label="Format", choices=FORMAT_CHOICES, empty_label=None,
                                       widget=forms.HiddenInput)
    event = django_filters.ModelChoiceFilter(field_name="event", queryset=Event.objects.none(),
                                             empty_label="All events")
    played_from = django_filters.DateFilter(field_name="day", lookup_expr="gte", label="From",
                                            widget=forms.DateInput(attrs={"type": "date"}))
    played_to = django_filters.DateFilter(field_name="day", lookup_expr="lte", label="To",
                                          widget=forms.DateInput(attrs={"type": "date"}))

    class Meta:
        model = KeptFigures
        fields: list[str] = []

    def __init__(self, *args: Any, events: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.filters["event"].queryset = events if events is not None else Event.objects.all()
