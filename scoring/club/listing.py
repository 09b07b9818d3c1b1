"""The event page's two lists, a page at a time: its rubbers, narrowed as the secretary asks (a day, or a round
for an event run in rounds; a table; a player; a state), and its rulings, the latest first.

Neither list is counted: a page reads one row more than it shows, and that row says whether a next page exists
(as a player's rubbers are paged). The rubbers of a page are found by their ids first, read from an index of the
event (`Rubber.Meta.indexes`), so a page far down a long event costs little more than the first; the whole page is
the same few queries whatever the event's size. Values from the address are read through `scoring.parsing` or a
form field that refuses what is not offered; one that is not understood is left out of the filter and said so.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import QueryDict

from scoring.models import Event, Player, Rubber, Ruling, SeatChange
from scoring.parsing import iso_date, positive_int
from scoring.validators import LineField

RUBBERS_PER_PAGE = 25
RULINGS_PER_PAGE = 10
NEWEST_FIRST = ("-played_on", "-pk")
"""The rubbers' order (the model's own), read backwards from the index (event, played_on, id) and its kin."""
SEATED = ("north", "east", "south", "west")
TABLE_MOST = Rubber._meta.get_field("table_label").max_length

T = TypeVar("T")


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a list read without counting it: its rows, and whether there is a page after it."""

    rows: list[T]
    number: int
    has_next: bool
    query: QueryDict
    """The address's values, so that the pager's links keep the filters."""
    key: str
    """The address's name for this list's page number: `page`, `rulings-page`."""
    anchor: str = ""

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def past_the_end(self) -> bool:
        """A page number beyond the last page (the list is not counted, so the address may ask for one)."""
        return self.number > 1 and not self.rows

    @property
    def paged(self) -> bool:
        return self.has_previous or self.has_next

    def url(self, number: int) -> str:
        query = self.query.copy()
        query.pop(self.key, None)
        if number > 1:
            query[self.key] = str(number)
        return f"?{query.urlencode()}{self.anchor}" if query else f"?{self.anchor}"

    @property
    def previous_url(self) -> str:
        return self.url(self.number - 1)

    @property
    def next_url(self) -> str:
        return self.url(self.number + 1)

    @property
    def first_url(self) -> str:
        return self.url(1)


def page_number(query: QueryDict, key: str) -> int:
    """The page the address asks for: a whole number from 1 (`scoring.parsing`), else the first."""
    return positive_int(query.get(key)) or 1


def rubbers_page(rubbers: QuerySet[Rubber], query: QueryDict, *, per_page: int = RUBBERS_PER_PAGE) -> Page[Rubber]:
    """A page of `rubbers`, newest first, with their players: one query, whose subquery picks the page's ids from
    the index alone (an offset far down the event skips index entries, not rows and their players)."""
    number = page_number(query, "page")
    start = (number - 1) * per_page
    ids = rubbers.order_by(*NEWEST_FIRST).values("pk")[start:start + per_page + 1]
    rows = list(Rubber.objects.filter(pk__in=ids).select_related("event", *SEATED).order_by(*NEWEST_FIRST))
    return Page(rows[:per_page], number, len(rows) > per_page, query, "page", "#rubbers")


def rulings_page(event: Event, query: QueryDict, *, per_page: int = RULINGS_PER_PAGE) -> Page[Ruling]:
    """A page of the event's rulings, the latest first: one query, reading the club's rulings newest first (an
    index on when each was made) and keeping the event's, rather than every rubber of the event for its rulings."""
    number = page_number(query, "rulings-page")
    start = (number - 1) * per_page
    of_event = Exists(Rubber.objects.filter(pk=OuterRef("rubber_id"), event=event))
    rows = list(Ruling.objects.filter(of_event).select_related("rubber__event", "hand")
                .order_by("-made_at", "-pk")[start:start + per_page + 1])
    return Page(rows[:per_page], number, len(rows) > per_page, query, "rulings-page", "#rulings")


class DayField(forms.DateField):
    """A day as a date input sends it (2026-11-22), read by `scoring.parsing.iso_date`: a day that exists, or
    refused."""

    def to_python(self, value: Any) -> dt.date | None:
        if value in self.empty_values:
            return None
        day = iso_date(value.strip() if isinstance(value, str) else value)
        if day is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return day


class RubberFilterForm(forms.Form):
    """What narrows the event's rubbers. Each choice offers only what exists; a value the page did not offer is
    refused by its field, with the field's message, and that filter alone is left out."""

    date = DayField(label="Date", required=False, widget=forms.DateInput(attrs={"type": "date"}),
                    error_messages={"invalid": "a day is written 2026-11-22."})
    round = forms.TypedChoiceField(label="Round", required=False, coerce=positive_int, empty_value=None)
    table = LineField(label="Table", required=False, max_length=TABLE_MOST,
                      error_messages={"max_length": f"a table's number or name, at most {TABLE_MOST} characters."})
    player = forms.TypedChoiceField(label="Player", required=False, coerce=positive_int, empty_value=None)
    state = forms.ChoiceField(label="State", required=False)

    def __init__(self, data: QueryDict, *, event: Event, players: list[tuple[int, str]]) -> None:
        super().__init__({name: data.get(name, "") for name in self.base_fields}, auto_id="filter-%s")
        if event.in_rounds:  # a round, not a day, says when a table of a tournament played
            del self.fields["date"]
            rounds = range(1, (event.rounds or 0) + 1)
            self._offer("round", [("", "Every round"), *((str(n), f"Round {n}") for n in rounds)],
                        f"this event's rounds are 1 to {len(rounds)}." if rounds else "this event has no rounds yet.")
        else:
            del self.fields["round"]
        self._offer("player", [("", "Every player"), *((str(pk), name) for pk, name in players)], "no such player.")
        # A rubber is stopped only by its round's deal limit or close: offered for events in rounds alone.
        states = [(str(value), str(label)) for value, label in Rubber.Status.choices
                  if event.in_rounds or value != Rubber.Status.STOPPED]
        self._offer("state", [("", "Any state"), *states], "a rubber is " + ", ".join(
            label.lower() for _value, label in states[:-1]) + f" or {states[-1][1].lower()}.")
        self.is_valid()  # fills cleaned_data with the values understood, errors with the others
        for name, field in self.fields.items():
            look = ("form-select form-select-sm" if isinstance(field, forms.ChoiceField)
                    else "form-control form-control-sm")
            field.widget.attrs["class"] = f"{look} is-invalid" if name in self.errors else look

    def _offer(self, name: str, choices: list[tuple[str, str]], refusal: str) -> None:
        """The values field `name` accepts, and what it says of any other."""
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        field.choices = choices
        field.error_messages["invalid_choice"] = refusal

    @property
    def chosen(self) -> dict[str, Any]:
        """The filters understood and asked for (an empty value asks for nothing)."""
        return {name: value for name, value in self.cleaned_data.items() if value not in (None, "")}

    @property
    def refused(self) -> list[str]:
        """"Table: a table's number or name, at most 40 characters.": each value left out of the filter."""
        return [f"{self.fields[name].label}: {message}" for name, errors in self.errors.items()
                for message in errors]

    def narrowed(self, rubbers: QuerySet[Rubber]) -> QuerySet[Rubber]:
        chosen = self.chosen
        if "date" in chosen:
            rubbers = rubbers.filter(played_on=chosen["date"])
        if "round" in chosen:
            rubbers = rubbers.filter(round_table__round__number=chosen["round"])
        if "table" in chosen:
            rubbers = rubbers.filter(table_label=chosen["table"])
        if "player" in chosen:
            player = chosen["player"]
            # Whoever began in a seat, or sat in one from a later hand (law 18).
            rubbers = rubbers.filter(Q(north=player) | Q(east=player) | Q(south=player) | Q(west=player)
                                     | Q(pk__in=SeatChange.objects.filter(player=player).values("rubber")))
        if "state" in chosen:
            rubbers = rubbers.filter(status=chosen["state"])
        return rubbers


def player_choices() -> list[tuple[int, str]]:
    """Every player on the roll, by name (one query; the roll's size, not the event's)."""
    return list(Player.objects.order_by("display_name").values_list("pk", "display_name"))
