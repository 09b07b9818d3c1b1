"""The forms of a hand: entering it as the table reports it, correcting or taking it back, and a penalty on it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.helper import FormHelper
from django import forms

from scoring.engine import Declaration, HandResult, Reason, Rulebook, Seat
from scoring.engine.explain import RESULT_WORDS
from scoring.engine.interchange import hand_document, no_pass_out
from scoring.engine.rulebook.matters import Matter
from scoring.engine.rulings.options import CLAIMED
from scoring.engine.words import sentence
from scoring.models import SEAT_CHOICES, SIDE_CHOICES, Penalty
from scoring.models.rubbers import PENALTY_REASONS, PENALTY_WORDS
from scoring.parsing import CountField, RuledChoiceField
from scoring.services.hands import PENALTY_KEYS, HandExtras
from scoring.services.play import check_hand
from scoring.services.refusals import field_refusal
from scoring.validators import LineField, TextField

BLANK = [("", "—")]


# A deal that ends unplayed is chosen where the maker would be, by its first letter: P, M or D
# (none of them a seat's letter), so that it takes one key and Enter; each with its law, where the code has one.
OUTCOMES = ((HandResult.PASSED, "P: all passed", Reason.PASSED), (HandResult.MISDEAL, "M: misdeal", Reason.MISDEAL),
            (HandResult.NEW_DEAL, "D: deal again, same dealer", None))
OUTCOME_OF = {result.value: result for result, _, _ in OUTCOMES}


def maker_choices(seated: Mapping[Seat, str], rulebook: Rulebook) -> list[tuple[str, str]]:
    """The seats with who sits there ("N, Henry Hale"; typing N still picks it), then the unplayed deals with the
    code's laws for them."""
    seats = [(seat.value, f"{seat}, {seated[seat]}" if seat in seated else seat.value) for seat in Seat]
    return BLANK + seats + [(result.value, words + (rulebook.noted(reason) if reason else ""))
                            for result, words, reason in OUTCOMES if unplayed_allowed(result, rulebook)]


def revokes_limited(form: forms.BaseForm, name: str, rulebook: Rulebook) -> None:
    """A count of revokes goes up to the most the code in force allows (one for each card a side plays)."""
    field = form.fields[name]
    assert isinstance(field, CountField)
    form.fields[name] = CountField(label=field.label, what=field.what, min_value=field.min_value,
                                   max_value=rulebook.limits.most_revokes, initial=field.initial,
                                   required=field.required, help_text=field.help_text)


def unplayed_allowed(result: HandResult, rulebook: Rulebook) -> bool:
    """Whether a deal may end so under the code: not all passed where the dealer is stuck (a house rule)."""
    return not (result is HandResult.PASSED and rulebook.house.stick_the_dealer)


def ruled_out(rulebook: Rulebook) -> dict[str, str]:
    """The ends of a deal the code takes away, each with the rule's words, for a form that is sent one anyway."""
    return {} if unplayed_allowed(HandResult.PASSED, rulebook) else {
        HandResult.PASSED.value: sentence(no_pass_out(rulebook), ".")}


class HandForm(forms.Form):
    """One hand, in the order a secretary reads a table's report; every field reachable by Tab."""

    maker = RuledChoiceField(choices=BLANK + SEAT_CHOICES, required=False)  # the form's hint line explains
    tricks = CountField(what="Tricks", min_value=0, max_value=5, required=False)
    alone = forms.BooleanField(required=False)
    declaration = forms.ChoiceField(choices=BLANK + [(d.value, d.value.replace("_", " ")) for d in Declaration],
                                    required=False)
    result = RuledChoiceField(choices=[(r.value, words) for r, words in RESULT_WORDS.items()],
                               initial=HandResult.PLAYED.value)
    dealer = forms.ChoiceField(choices=SEAT_CHOICES)
    out_of_turn = forms.BooleanField(label="Dealt out of turn and stood", required=False)
    revokes_ns = CountField(label="Revokes by NS", min_value=0, initial=0, required=False)  # to the code's most
    revokes_ew = CountField(label="Revokes by EW", min_value=0, initial=0, required=False)
    wrong_cards = forms.ChoiceField(label="Wrong number of cards", choices=BLANK + SIDE_CHOICES,
                                    required=False)
    adversary_abandoned = forms.BooleanField(label="Adversary abandoned", required=False)
    partner_exposed = forms.BooleanField(label="Partner exposed a card", required=False)
    taken_from_partner = forms.BooleanField(label="Took it out of his partner's hands", required=False)
    defended_alone = forms.ChoiceField(label="Defended alone by", choices=BLANK + SEAT_CHOICES, required=False)
    signal = forms.ChoiceField(label="Signalled across the table", choices=BLANK + SIDE_CHOICES, required=False)
    thrown_in = forms.ChoiceField(label="Threw the cards in", choices=BLANK + SIDE_CHOICES, required=False)
    announced_ns = CountField(label="Announced NS", min_value=0, max_value=99, required=False)
    announced_ew = CountField(label="Announced EW", min_value=0, max_value=99, required=False)
    notes = LineField(required=False, max_length=500)

    def __init__(self, *args: Any, hand_number: int = 1, rulebook: Rulebook,
                 seated: Mapping[Seat, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hand_number = hand_number
        self.rulebook = rulebook
        for name in ("revokes_ns", "revokes_ew"):
            revokes_limited(self, name, rulebook)
        maker = self.fields["maker"]
        assert isinstance(maker, RuledChoiceField)
        maker.choices = maker_choices(seated or {}, rulebook)
        result = self.fields["result"]
        assert isinstance(result, RuledChoiceField)
        result.choices = [(r.value, words) for r, words in RESULT_WORDS.items() if unplayed_allowed(r, rulebook)]
        maker.ruled_out = result.ruled_out = ruled_out(rulebook)
        for name in code_fields_left_out(rulebook):
            del self.fields[name]
        for name, reason in LAW_OF_FIELD.items():
            if name in self.fields:
                self.fields[name].label = f"{self.fields[name].label}{rulebook.noted(reason)}"
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True

    def play(self) -> dict[str, Any]:
        """The hand as an interchange dict (valid after is_valid())."""
        data = self.cleaned_data
        return hand_document(
            dealer=data["dealer"], result=data["result"], out_of_turn=bool(data.get("out_of_turn")),
            declaration=data.get("declaration"), maker=data.get("maker"), alone=bool(data.get("alone")),
            tricks=data.get("tricks"), revokes_ns=data.get("revokes_ns"), revokes_ew=data.get("revokes_ew"),
            wrong_cards=data.get("wrong_cards"), adversary_abandoned=bool(data.get("adversary_abandoned")),
            partner_exposed=bool(data.get("partner_exposed")), declared_by=_declared_by(data),
            signal=data.get("signal"), thrown_in=data.get("thrown_in"), defended_alone=data.get("defended_alone"),
        )

    def extras(self) -> HandExtras:
        data = self.cleaned_data
        return HandExtras(announced_ns=data.get("announced_ns"), announced_ew=data.get("announced_ew"),
                          notes=data.get("notes") or "")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        outcome = OUTCOME_OF.get(data.get("maker") or "")
        if outcome is not None:  # a deal that was not played, chosen with one key in the maker's place
            if data.get("result") not in (HandResult.PLAYED.value, outcome.value):
                raise field_refusal("result", "The maker's choice already says how the deal ended.",
                                    code="maker_says_result")
            data["result"], data["maker"] = outcome.value, ""
        elif data.get("maker") in dict(SEAT_CHOICES) and data.get("result") != HandResult.PLAYED.value:
            # A maker named means the deal was played: correcting an all-passed hand is picking its maker.
            data["result"] = HandResult.PLAYED.value
        if self.rulebook.house.canadian_loner and data.get("declaration") == Declaration.ASSISTED:
            data["alone"] = True  # the house rule: the dealer's partner who orders him up plays alone
        if (data.get("announced_ns") is None) != (data.get("announced_ew") is None):
            raise field_refusal("announced_ew", "Give both sides' announced scores, or neither.", code="announced_both")
        check_hand(self.play(), self.hand_number, self.rulebook)
        return data


# The hand form's fields for penalties and privileges, each shown only under a code that scores it.
CODE_FIELDS = {"adversary_abandoned": "adversary_abandoned", "partner_exposed": "partner_exposed",
               "taken_from_partner": "declared_by", "signal": "signal", "thrown_in": "thrown_in",
               "defended_alone": "defended_alone"}
# Each penalty field's label cites the code's own law, from its rulebook.
LAW_OF_FIELD = {"out_of_turn": Reason.DEAL_OUT_OF_TURN, "wrong_cards": Reason.WRONG_CARDS_VOID,
                "signal": Reason.SIGNAL, "thrown_in": Reason.THROWN_IN, "adversary_abandoned": Reason.ABANDONED,
                "partner_exposed": Reason.LONE_MARCH_PARTNER_EXPOSED}


def code_fields_left_out(rulebook: Rulebook) -> list[str]:
    """The code's hand fields a form leaves out: the keys it does not know, a signal where it scores nothing,
    and taking the hand from a partner where the code's form does not ask it."""
    out = [name for name, key in CODE_FIELDS.items() if not rulebook.knows(key)]
    if not rulebook.points.signal:
        out.append("signal")
    if not rulebook.asks.taker:
        out.append("taken_from_partner")
    return out


def _declared_by(data: Mapping[str, Any]) -> str | None:
    """A lone player who took the hand from his partner: the partner declared (1877 §6)."""
    maker = data.get("maker") or ""
    if not data.get("taken_from_partner") or not data.get("alone") or maker not in dict(SEAT_CHOICES):
        return None
    return Seat(maker).partner.value


class CorrectionForm(HandForm):
    reason = TextField(widget=forms.Textarea(attrs={"rows": 2}), required=False,
                             help_text="Needed once a later hand has been entered.")


class TakeBackForm(forms.Form):
    reason = LineField(label="Why (for the record)", max_length=200, required=False,
                       help_text="For instance: entered twice, or entered at the wrong table.")


SIDED = (Penalty.Kind.REVOKE, Penalty.Kind.WRONG_CARDS, Penalty.Kind.SIGNAL, Penalty.Kind.THROWN_IN)
"""The penalties that name the offending side."""


def penalty_kinds(rulebook: Rulebook) -> list[tuple[str, str]]:
    """The penalties a code scores, each with its own law ("Revoke (laws 63, 71, 4)", "Signalled ... (law XXXIII)")."""
    kinds = []
    for kind, reason in PENALTY_REASONS.items():
        key = PENALTY_KEYS[kind.value]
        if rulebook.knows(key) and (key != "signal" or rulebook.points.signal):
            laws = rulebook.cite(rulebook.laws_for(reason))
            kinds.append((kind.value, f"{PENALTY_WORDS[kind]} ({laws})" if laws else PENALTY_WORDS[kind]))
    return kinds


class PenaltyForm(forms.Form):
    kind = forms.ChoiceField(choices=Penalty.Kind.choices)
    side = forms.ChoiceField(choices=BLANK + SIDE_CHOICES, required=False, help_text="The offending side.")
    count = CountField(what="Revokes", min_value=1, initial=1)  # to the code's most
    claimed = forms.ChoiceField(label=CLAIMED.question, choices=list(CLAIMED.choices), widget=forms.RadioSelect)
    note = LineField(max_length=200, required=False)

    def __init__(self, *args: Any, rulebook: Rulebook, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        kind = self.fields["kind"]
        assert isinstance(kind, forms.ChoiceField)
        kind.choices = penalty_kinds(rulebook)
        revokes_limited(self, "count", rulebook)
        self.fields["claimed"].help_text = (
            f"A revoke must be claimed before the cards are cut for the next deal{rulebook.noted(Matter.REVOKE_CLAIM)};"
            f" any other score, before the next trump card is turned{rulebook.noted(Matter.SCORE_CLAIM)}.")
        if not rulebook.penalties.revoke_each:
            self.fields["count"].help_text = (f"Any number of revokes by one side gives one award"
                                              f"{rulebook.noted(Reason.REVOKE)}.")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("kind") in SIDED and not data.get("side"):
            self.add_error("side", "Name the offending side.")
        return data
