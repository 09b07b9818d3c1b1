"""The forms a phone at the table fills: a hand by tapping names and numbers, and the other side's answer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from scoring.club.forms.hands import ruled_out
from scoring.engine import Declaration, HandResult, Reason, Rulebook, Seat
from scoring.engine.hands import turned_card_declaration
from scoring.engine.interchange import hand_document
from scoring.engine.rulebook.matters import Matter
from scoring.models import Player
from scoring.parsing import RuledChoiceField
from scoring.reporting.services import dispute_unsaid
from scoring.services.play import check_hand
from scoring.validators import LineField

TURNED, NAMED = "turned", "named"
UNPLAYED = ((HandResult.PASSED.value, "All passed"), (HandResult.MISDEAL.value, "Misdeal"))
UNPLAYED_REASONS = {HandResult.PASSED.value: Reason.PASSED, HandResult.MISDEAL.value: Reason.MISDEAL}


def _errors_onto(form: forms.Form, exc: ValidationError) -> None:
    """An error from the engine on its field where the form has one, else on the whole form."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)


class PhoneHandForm(forms.Form):
    """One hand as the table reports it: who reports, who made trump (or how the deal ended), how, alone,
    and the tricks the makers took. The dealer is the rubber's, shown, never typed."""

    reporter = forms.TypedChoiceField(label="Who is reporting", coerce=int, widget=forms.RadioSelect, error_messages={
        "required": "Tap your name: who is reporting.",
        "invalid_choice": "That player is not at this table for this hand."})
    maker = RuledChoiceField(label="Who made trump", widget=forms.RadioSelect, error_messages={
        "required": "Tap who made trump, or All passed, or Misdeal.",
        "invalid_choice": "That player is not at this table for this hand."})
    shown = forms.IntegerField(required=False, widget=forms.HiddenInput,
                                help_text="The hand the phone showed, so that a page left open cannot report "
                                          "a later deal.")
    declaration = forms.ChoiceField(label="How", required=False, widget=forms.RadioSelect)
    alone = forms.BooleanField(label="Alone", required=False)
    taken = forms.BooleanField(label="Took it out of his partner's hands", required=False,
                               help_text="Alone, on the trump his partner had declared.")
    defended_alone = forms.ChoiceField(label="Defended alone against a lone hand by", required=False,
                                       widget=forms.RadioSelect)
    tricks = forms.TypedChoiceField(label="Tricks the makers took", coerce=int, required=False, empty_value=None,
                                    widget=forms.RadioSelect, choices=[(n, str(n)) for n in range(6)])

    def __init__(self, *args: Any, seated: dict[Seat, Player], reporters: Sequence[Player], dealer: Seat,
                 number: int, rulebook: Rulebook, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seated, self.dealer, self.number, self.rulebook = seated, dealer, number, rulebook
        reporter = self.fields["reporter"]
        assert isinstance(reporter, forms.ChoiceField)
        reporter.choices = [(p.pk, p.display_name) for p in reporters]
        if len(reporters) == 1:
            self.initial.setdefault("reporter", reporters[0].pk)
        maker = self.fields["maker"]
        assert isinstance(maker, RuledChoiceField)
        maker.ruled_out = ruled_out(rulebook)  # the house rule: no pass out
        unplayed = [(value, label + rulebook.noted(UNPLAYED_REASONS[value])) for value, label in UNPLAYED
                    if value not in maker.ruled_out]
        maker.choices = [(seat.value, seated[seat].display_name) for seat in self.order()] + unplayed
        how = self.fields["declaration"]
        assert isinstance(how, forms.ChoiceField)
        how.choices = [(TURNED, "Took the turned card"), (NAMED, "Named a suit")]
        if not rulebook.lone_taken_by_later_partner:  # only the 1877 rules say who may take a partner's trump
            del self.fields["taken"]
        else:
            self.fields["taken"].help_text = ("Alone, on the trump his partner had declared"
                                              f"{rulebook.noted(Matter.TAKEN_FROM_PARTNER)}.")
        defended = self.fields["defended_alone"]
        assert isinstance(defended, forms.ChoiceField)
        if rulebook.knows("defended_alone"):
            defended.choices = [(seat.value, seated[seat].display_name) for seat in self.order()]
        else:
            del self.fields["defended_alone"]
        for field in self.fields.values():  # tapped, not typed: each choice a large button
            field.widget.attrs["class"] = "btn-check"

    def order(self) -> list[Seat]:
        """The seats in the order they speak: eldest hand first, the dealer last (law 28)."""
        seats, seat = [], self.dealer.left
        for _ in range(4):
            seats.append(seat)
            seat = seat.left
        return seats

    def play(self) -> dict[str, Any]:
        """The hand in the interchange format (valid after is_valid())."""
        data = self.cleaned_data
        choice = data.get("maker") or ""
        if choice in dict(UNPLAYED):
            return hand_document(dealer=self.dealer.value, result=choice)
        maker = Seat(choice)
        how = data.get("declaration")
        declaration = (turned_card_declaration(maker, self.dealer).value if how == TURNED
                       else "made" if how == NAMED else None)
        # Taking it from his partner is playing alone; so is assisting under the Canadian loner (a house rule).
        alone = bool(data.get("alone") or data.get("taken")) or (
            self.rulebook.house.canadian_loner and declaration == Declaration.ASSISTED)
        declared_by = maker.partner.value if alone and data.get("taken") else None
        return hand_document(dealer=self.dealer.value, maker=maker.value, declaration=declaration,
                             alone=alone, tricks=data.get("tricks"), declared_by=declared_by,
                             defended_alone=data.get("defended_alone") or None)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        played = data.get("maker") not in dict(UNPLAYED)
        if played and data.get("tricks") is None:
            self.add_error("tricks", "Tap the number of tricks the makers took.")
            return data
        if not played:
            # All passed or a misdeal is tapped last and says it all: taps made before it (a radio button
            # cannot be untapped on a phone) are dropped, and the other side sees what is reported.
            data.update(declaration="", alone=False, taken=False, tricks=None, defended_alone="")
        try:
            check_hand(self.play(), self.number, self.rulebook)
        except ValidationError as exc:
            _errors_onto(self, exc)
        return data

    @property
    def number_shown(self) -> int | None:
        shown = self.cleaned_data.get("shown")
        return shown if isinstance(shown, int) else None

    @property
    def reporter_player(self) -> Player:
        pk = self.cleaned_data["reporter"]
        return next(p for p in self.seated.values() if p.pk == pk)


class AnswerForm(forms.Form):
    """A player of the other side confirms the hand, or disputes it and says why."""

    player = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Who answers", error_messages={
        "required": "Tap your name: who answers for the other side.",
        "invalid_choice": "Only a player of the other side answers the report."})
    dispute = LineField(label="What is wrong", max_length=300, required=False)

    def __init__(self, *args: Any, answerers: Sequence[Player], disputing: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.answerers, self.disputing = list(answerers), disputing
        if self.is_bound and len(self.answerers) == 1 and not self.data.get("player"):
            # Only one player may answer from here (a member on his own phone): he need not tap his name.
            self.data = {**dict(self.data.items()), "player": str(self.answerers[0].pk)}
        player = self.fields["player"]
        assert isinstance(player, forms.ChoiceField)
        player.choices = [(p.pk, p.display_name) for p in self.answerers]
        player.widget.attrs["class"] = "btn-check"
        self.fields["dispute"].widget.attrs["class"] = "form-control form-control-lg"

    def clean_dispute(self) -> str:
        reason = (self.cleaned_data.get("dispute") or "").strip()
        if self.disputing and not reason:
            raise dispute_unsaid()
        return reason

    @property
    def answerer(self) -> Player:
        pk = self.cleaned_data["player"]
        return next(p for p in self.answerers if p.pk == pk)
