"""The adjudication wizard's forms, built from the rulings table so each case asks only its own questions."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from scoring.engine import RULEBOOKS, Rulebook, Seat
from scoring.engine.rulings import TABLES, Fact, FactKind, Irregularity, Offender, Option, irregularities
from scoring.engine.words import SEAT_WORDS
from scoring.parsing import CountField
from scoring.validators import TextField

YES_NO = [("yes", "Yes"), ("no", "No")]


def seat_choices(names: Mapping[Seat, str]) -> list[tuple[str, str]]:
    return [(seat.value, f"{SEAT_WORDS[seat]}: {names[seat]}" if seat in names else SEAT_WORDS[seat])
            for seat in Seat]


class CaseForm(forms.Form):
    """Step 1: the hand in dispute and what kind of irregularity (the revoke first)."""

    hand = forms.TypedChoiceField(coerce=int, label="Which hand?")
    irregularity = forms.ChoiceField(label="What happened?", widget=forms.RadioSelect)

    def __init__(self, *args: Any, hands: Sequence[tuple[int, str]] = (), rulebook: Rulebook,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choice_field(self, "hand").choices = list(hands)
        _choice_field(self, "irregularity").choices = [
            (key, f"{irr.title} ({rulebook.cite(irr.laws)})") for key, irr in irregularities(rulebook).items()]


def _choice_field(form: forms.Form, name: str) -> forms.ChoiceField:
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    return field


class FactsForm(forms.Form):
    """Step 2: the questions one irregularity asks. Subclasses are made by `facts_form`."""

    irregularity: Irregularity

    def __init__(self, *args: Any, names: Mapping[Seat, str] | None = None,
                 check: Callable[[dict[str, Any]], None] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.check = check
        for name, field in self.fields.items():
            if getattr(field, "is_seat", False):
                _choice_field(self, name).choices = seat_choices(names or {})
            if name == "offender":
                field.label = self.irregularity.offender_question

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.check is not None and not self.errors:
            try:
                self.check(cleaned)
            except ValidationError as exc:
                if hasattr(exc, "error_dict"):
                    for name, errors in exc.error_dict.items():
                        self.add_error(name if name in self.fields else None, errors)
                else:
                    self.add_error(None, exc)
        return cleaned


def _field(fact: Fact, rulebook: Rulebook) -> forms.Field:
    # A question with a default (the other side's revokes: none) or asked only where a row of the
    # table tests it (the time of a claim) may be left unanswered; the engine says when it matters.
    required = fact.required and fact.default is None
    words = rulebook.cites_in  # the laws in the question's words as the code cites them
    question, help_text = words(fact.question), words(fact.help)
    field: forms.Field
    if fact.kind is FactKind.COUNT:
        field = CountField(what="The answer", label=question, min_value=fact.low, max_value=fact.high,
                           required=required, initial=fact.default if fact.default is not None else fact.low,
                           help_text=help_text)
    elif fact.kind is FactKind.FLAG:
        field = forms.ChoiceField(label=question, choices=YES_NO, widget=forms.RadioSelect, required=required,
                                  help_text=help_text)
    else:
        field = forms.ChoiceField(label=question, choices=[(value, words(label)) for value, label in fact.choices],
                                  widget=forms.RadioSelect, required=required, initial=fact.default,
                                  help_text=help_text)
        if fact.kind is FactKind.SEAT:
            field.is_seat = True  # type: ignore[attr-defined]
    return field


def _seat_field() -> forms.ChoiceField:
    field = forms.ChoiceField(widget=forms.RadioSelect)
    field.is_seat = True  # type: ignore[attr-defined]
    return field


def _offender_help(irregularity: Irregularity, rulebook: Rulebook) -> str:
    """Which answers name the offender without asking: the help says when he must be named."""
    named = []
    for rule in irregularity.offender_from:
        for key, values in rule.when.items():
            fact = irregularity.fact(key)
            named += [rulebook.cites_in(fact.label(v).split(" (law")[0]).lower() for v in sorted(values)]
    return ("Name him, except when what happened was: " + "; ".join(named)
            + ". Then the laws and the hand say who it was (or that nobody was at fault).")


def facts_form(irregularity: Irregularity, rulebook: Rulebook) -> type[FactsForm]:
    """A form asking exactly the questions of `irregularity`, in the table's order, in `rulebook`'s words."""
    fields: dict[str, Any] = {"irregularity": irregularity}
    if irregularity.offender is Offender.ASKED:
        fields["offender"] = _seat_field()
        if irregularity.offender_from:
            # Where the laws name the offender (the dealer who did not discard, the lone player's
            # partner), the hand as reported says who he was, whoever is named here.
            fields["offender"].required = False
            fields["offender"].help_text = _offender_help(irregularity, rulebook)
    for fact in irregularity.facts:
        fields[fact.key] = _field(fact, rulebook)
    name = "".join(part.title() for part in irregularity.key.split("_")) + "FactsForm"
    return type(name, (FactsForm,), fields)


FACTS_FORMS: Mapping[str, Mapping[str, type[FactsForm]]] = {
    code: {key: facts_form(irr, RULEBOOKS[code]) for key, irr in table.items()} for code, table in TABLES.items()}
"""The facts form of each irregularity, by code of laws (each code words its questions its own way)."""
IRREGULARITY_KEYS: tuple[str, ...] = tuple(dict.fromkeys(key for code in RULEBOOKS for key in TABLES[code]))
"""Every irregularity any code has: a step of the wizard each, shown only when chosen."""


class ElectionForm(forms.Form):
    """Step 3, where the laws give one: the choice of the side that did not offend, or of the dealer; what binds
    the chooser is in the code's own words (`Rulebook.wording.choice_words`)."""

    election = forms.ChoiceField(widget=forms.RadioSelect, label="What do they choose?")

    def __init__(self, *args: Any, options: Sequence[Option] = (), chooser: str = "",
                 chosen_by: str = "claimants", rulebook: Rulebook, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choice_field(self, "election").choices = [(o.key, o.label) for o in options]
        words = rulebook.wording.choice_words
        if chosen_by == "dealer":
            self.fields["election"].label = "What does the dealer choose?"
        elif chosen_by == "left_adversary":
            self.fields["election"].label = "What does the offender's left-hand adversary choose?"
        elif chosen_by == "partner":
            self.fields["election"].label = "What does the offender's partner choose?"
        elif chooser:
            self.fields["election"].label = f"What do {chooser} choose?"
        self.fields["election"].help_text = rulebook.cites_in(words.help(chosen_by))


class ReviewForm(forms.Form):
    """Last step: confirm the ruling as stated, with a note of what the table said."""

    note = TextField(label="Note (what the table said)", required=False, max_length=1000,
                     widget=forms.Textarea(attrs={"rows": 2}))


class WithdrawForm(forms.Form):
    reason = TextField(label="Why is the ruling withdrawn?", max_length=1000,
                       widget=forms.Textarea(attrs={"rows": 2}))
