"""Forms of an event in rounds: its entrants, as individuals or as fixed pairs; a paper table's round totals."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.core.exceptions import ValidationError

from scoring.engine import Seat, Side
from scoring.models import Player
from scoring.models.rubbers import SEAT_FIELD
from scoring.parsing import CountField
from scoring.rounds.choices import UNPLAYED_CHOICES
from scoring.rounds.services import arrival_unnamed
from scoring.validators import LineField, TextField

MOST_PAIRS = 32


def _active_players() -> Any:
    return Player.objects.filter(active=True).order_by("display_name")


class IndividualsForm(forms.Form):
    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(), widget=forms.CheckboxSelectMultiple, required=False,
        help_text="Tick everyone playing. The schedule numbers them in this order.")
    new_players = TextField(label="New players", required=False, widget=forms.Textarea(attrs={"rows": 2}),
                            help_text="Not on the roll yet? One name a line: each is added to the roll and entered.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["players"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = _active_players()

    def clean_new_players(self) -> list[str]:
        names = [" ".join(line.split()) for line in self.cleaned_data.get("new_players", "").splitlines()]
        names = [name for name in names if name]
        for name in names:
            if len(name) > 80:
                raise ValidationError(f"“{name[:20]}…” is longer than a name may be (80 characters).",
                                      code="name_too_long")
            if Player.objects.filter(display_name__iexact=name).exists():
                raise ValidationError(f"{name} is already on the roll: tick the name above.", code="on_the_roll")
        if len({n.lower() for n in names}) != len(names):
            raise ValidationError("A new player is named twice.", code="named_twice")
        return names

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        if not self.errors and not cleaned.get("players") and not cleaned.get("new_players"):
            raise ValidationError("Tick the players entered, or name new ones.", code="no_entrants")
        return cleaned

    def entrants(self) -> list[Player]:
        return list(self.cleaned_data["players"])

    def new_names(self) -> list[str]:
        return list(self.cleaned_data.get("new_players") or [])


class PairsForm(forms.Form):
    """One row a pair; empty rows are left out."""

    def __init__(self, *args: Any, rows: int = 8, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = _active_players()
        for n in range(1, min(rows, MOST_PAIRS) + 1):
            for part in ("a", "b"):
                self.fields[f"pair_{n}_{part}"] = forms.ModelChoiceField(
                    queryset=players, required=False, label=f"Pair {n}, {'first' if part == 'a' else 'second'}")

    def rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        count = len(self.fields) // 2
        return [(self[f"pair_{n}_a"], self[f"pair_{n}_b"]) for n in range(1, count + 1)]

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        seen: dict[int, str] = {}
        for n in range(1, len(self.fields) // 2 + 1):
            a, b = cleaned.get(f"pair_{n}_a"), cleaned.get(f"pair_{n}_b")
            if (a is None) != (b is None):
                self.add_error(f"pair_{n}_b" if b is None else f"pair_{n}_a", f"Pair {n} needs two players.")
            for part, player in (("a", a), ("b", b)):
                if player is None:
                    continue
                if player.pk in seen:
                    self.add_error(f"pair_{n}_{part}", f"{player} is already in {seen[player.pk]}.")
                seen[player.pk] = f"pair {n}"
        if len(seen) < 4 and not self.errors:
            raise ValidationError("Enter at least two pairs.", code="too_few_pairs")
        return cleaned

    def entrants(self) -> list[Player]:
        out = []
        for n in range(1, len(self.fields) // 2 + 1):
            a, b = self.cleaned_data.get(f"pair_{n}_a"), self.cleaned_data.get(f"pair_{n}_b")
            if a is not None and b is not None:
                out += [a, b]
        return out


class ScheduleForm(forms.Form):
    seed = forms.IntegerField(
        min_value=0, max_value=1_000_000, required=False, initial=0,
        help_text="Another number seats the players another way; the same number, the same schedule.")


class RoundTotalsForm(forms.Form):
    """A paper table's round in one step: each side's points, the lone hands each player made and, on a night that
    gives the lone player his own bonus, how many of them were lone marches (each his card's bonus)."""

    def __init__(self, *args: Any, seated: dict[Seat, Player], lone_bonus: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lone_bonus = lone_bonus
        for side in Side:
            names = " & ".join(str(seated[seat]) for seat in side.seats)
            self.fields[side.value.lower()] = CountField(
                label=f"{side.value} points ({names})", what=f"{side.value}'s points", min_value=0, max_value=999)
        for seat in Seat:
            self.fields[SEAT_FIELD[seat]] = CountField(
                label=f"{seat.value} lone hands ({seated[seat]})", what=f"{seated[seat]}'s lone hands", min_value=0,
                max_value=99, initial=0)
        if lone_bonus:
            for seat in Seat:
                self.fields[f"{SEAT_FIELD[seat]}_marches"] = CountField(
                    label=f"{seat.value} lone marches ({seated[seat]})", what=f"{seated[seat]}'s lone marches",
                    min_value=0, max_value=99, initial=0,
                    help_text="Of his lone hands, those that took all five tricks." if seat is Seat.N else "")
        self.fields["reason"] = LineField(
            label="Why (for the record)", max_length=200, required=False,
            help_text="Needed when the totals were entered before and a later round was seated from them.")

        self.helper = FormHelper()
        self.helper.form_tag = False  # form_page.html owns the form
        self.helper.disable_csrf = True
        self.helper.layout = Layout(Row(*(Column(side.value.lower(), css_class="col-sm") for side in Side)),
                                    Row(*(Column(SEAT_FIELD[seat], css_class="col-sm-6 col-lg-3") for seat in Seat)),
                                    *([Row(*(Column(f"{SEAT_FIELD[seat]}_marches", css_class="col-sm-6 col-lg-3")
                                             for seat in Seat))] if lone_bonus else []),
                                    "reason")

    def points(self) -> dict[Side, int]:
        return {side: self.cleaned_data[side.value.lower()] for side in Side}

    def lone(self) -> dict[Seat, int]:
        return {seat: self.cleaned_data[SEAT_FIELD[seat]] for seat in Seat}

    def marches(self) -> dict[Seat, int] | None:
        """Each player's lone marches; None on a night without the lone player's own bonus, which asks none."""
        if not self.lone_bonus:
            return None
        return {seat: self.cleaned_data[f"{SEAT_FIELD[seat]}_marches"] for seat in Seat}


class LateArrivalForm(forms.Form):
    """A player who arrived after the schedule was made: from the roll, or a new name."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), required=False, label="Who arrived",
                                    empty_label="(a new player, named below)")
    new_name = TextField(label="New player", required=False, max_length=80,
                         help_text="Not on the roll yet? The full name: the player is added to the roll and entered.")

    def __init__(self, *args: Any, event: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = _active_players().exclude(pk__in=event.entrants.values("player_id"))

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        name = " ".join((cleaned.get("new_name") or "").split())
        if not self.errors and not cleaned.get("player") and not name:
            raise arrival_unnamed()
        if cleaned.get("player") and name:
            raise ValidationError("Choose a player from the roll or name a new one, not both.", code="chosen_and_named")
        if name and Player.objects.filter(display_name__iexact=name).exists():
            self.add_error("new_name", f"{name} is already on the roll: choose the name above.")
        cleaned["new_name"] = name
        return cleaned


class GoneHomeForm(forms.Form):
    """A player who went home: seated in no round after the one in play."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), label="Who went home")

    def __init__(self, *args: Any, event: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Player.objects.filter(
            pk__in=event.entrants.filter(last_round__isnull=True).values("player_id")).order_by("display_name")


class CloseRoundForm(forms.Form):
    """What happened at a progressive table that never reported, asked as its round closes."""

    unplayed = forms.ChoiceField(choices=UNPLAYED_CHOICES, required=False, label="The tables that never reported",
                                 widget=forms.RadioSelect(attrs={"class": "form-check-input"}))


class SeatFinderForm(forms.Form):
    name = LineField(label="Your name, or part of it", max_length=80, min_length=2)
