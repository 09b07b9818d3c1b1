"""The forms of a rubber the secretary starts, abandons, seats a substitute in, or reads from a file."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from scoring.engine import Rulebook
from scoring.engine.rulebook.matters import Matter
from scoring.engine.rulebook.terms import Terms
from scoring.models import SEAT_CHOICES, Event, Player
from scoring.models.club import started_by_the_secretary
from scoring.parsing import CountField
from scoring.validators import LineField, TextField


class RubberStartForm(forms.Form):
    table_label = LineField(label="Table", max_length=40, required=False)
    played_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    north = forms.ModelChoiceField(queryset=Player.objects.filter(active=True))
    east = forms.ModelChoiceField(queryset=Player.objects.filter(active=True))
    south = forms.ModelChoiceField(queryset=Player.objects.filter(active=True))
    west = forms.ModelChoiceField(queryset=Player.objects.filter(active=True))
    first_dealer = forms.ChoiceField(choices=SEAT_CHOICES)

    def __init__(self, *args: Any, rulebook: Rulebook, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["first_dealer"].help_text = f"Won the cut for deal{rulebook.noted(Matter.FIRST_DEAL)}."

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        seen: dict[int, str] = {}
        for seat in ("north", "east", "south", "west"):
            player = data.get(seat)
            if player is None:
                continue
            if player.pk in seen:
                self.add_error(seat, f"{player} already sits {seen[player.pk]}; choose four different players.")
            else:
                seen[player.pk] = seat
        return data


class AbandonForm(forms.Form):
    reason = TextField(widget=forms.Textarea(attrs={"rows": 2}), max_length=500)


class SeatChangeForm(forms.Form):
    seat = forms.ChoiceField(choices=SEAT_CHOICES)
    player = forms.ModelChoiceField(queryset=Player.objects.filter(active=True))
    from_hand = CountField(what="From hand", min_value=1)
    reason = LineField(max_length=200, required=False)
    consented = forms.BooleanField(
        label="The other three players consent", error_messages={
            "required": "A substitute sits only with the consent of the other three players."})


MAX_UPLOAD = 1_000_000


class ImportForm(forms.Form):
    """A table's hands from a file in the interchange format, into an event whose tables the secretary starts."""

    event = forms.ModelChoiceField(queryset=Event.objects.filter(mode=Event.Mode.RUBBERS))
    file = forms.FileField(help_text="A table's hands in the interchange format (a JSON file exported here or by "
                                     "another scorer).")

    def __init__(self, *args: Any, terms: Terms, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].help_text = (f"An event of {started_by_the_secretary(terms).lower()}: a tournament in "
                                          "rounds or a club night starts its own tables.")
    table_label = LineField(label="Table", max_length=40, required=False)
    played_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            raise ValidationError("That file is too large for a rubber.", code="file_too_large")
        try:
            return json.loads(upload.read())
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            raise ValidationError(f"Not valid JSON: {exc}", code="not_json") from None
