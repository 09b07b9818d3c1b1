"""Forms for the secretary's work. Each validates on the server and names the field at fault."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Column, Layout, Row
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.models import Q
from django.utils.text import slugify

from scoring.engine import Declaration, HandResult, Reason, Rulebook, Seat
from scoring.engine.explain import RESULT_WORDS
from scoring.engine.interchange import hand_document, no_pass_out
from scoring.engine.rulebook import HOUSE_RULES, RULEBOOKS, read_house_rules
from scoring.engine.rulebook.matters import Matter
from scoring.engine.rulebook.terms import Terms
from scoring.engine.rulings.options import CLAIMED
from scoring.engine.words import sentence
from scoring.models import SEAT_CHOICES, SIDE_CHOICES, Club, Event, Penalty, Player
from scoring.models.choices import (
    GAME_CHOICES,
    MATCH_CHOICES,
    MISSED_AVERAGE,
    PRIZE_TIES_SHARE,
    RANKING_DEFAULT,
    RULEBOOK_CHOICES,
    TIME_FINISH,
)
from scoring.models.club import NAME_ON_ROLL, started_by_the_secretary
from scoring.models.rubbers import PENALTY_REASONS, PENALTY_WORDS
from scoring.parsing import CountField, RuledChoiceField
from scoring.services.club import CLUB_FIELDS, the_club
from scoring.services.events import IN_ROUNDS, event_locks, running_errors, slug_taken, usual_rulebook
from scoring.services.hands import PENALTY_KEYS, HandExtras
from scoring.services.play import check_hand
from scoring.services.players import roll_errors
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
                                   max_value=rulebook.most_revokes, initial=field.initial, required=field.required,
                                   help_text=field.help_text)


def unplayed_allowed(result: HandResult, rulebook: Rulebook) -> bool:
    """Whether a deal may end so under the code: not all passed where the dealer is stuck (a house rule)."""
    return not (result is HandResult.PASSED and rulebook.dealer_stuck)


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
                raise ValidationError({"result": "The maker's choice already says how the deal ended."})
            data["result"], data["maker"] = outcome.value, ""
        elif data.get("maker") in dict(SEAT_CHOICES) and data.get("result") != HandResult.PLAYED.value:
            # A maker named means the deal was played: correcting an all-passed hand is picking its maker.
            data["result"] = HandResult.PLAYED.value
        if self.rulebook.canadian_loner and data.get("declaration") == Declaration.ASSISTED:
            data["alone"] = True  # the house rule: the dealer's partner who orders him up plays alone
        if (data.get("announced_ns") is None) != (data.get("announced_ew") is None):
            raise ValidationError({"announced_ew": "Give both sides' announced scores, or neither."})
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
    if not rulebook.signal:
        out.append("signal")
    if not rulebook.asks_taker:
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


# The event form's rows: short fields side by side, so the whole form and its Save fit on a laptop's screen.
EVENT_ROWS = (("name", "slug"), ("starts_on", "ends_on", "paper_size", "is_public"),
              ("mode", "rulebook"), ("game_points", "games"), ("rounds", "deal_limit", "round_minutes", "time_called"),
              *(NIGHT_ROWS := (
                  ("movement", "ranking"), ("missed_rounds", "lone_bonus"),
                  ("prize_places", "prize_ties", "one_prize_each"), ("lone_prize", "round_prize", "low_prize"))),
              *(HOUSE_ROWS := (
                  ("house_lone_euchre", "house_table_talk", "house_defend_alone_euchre"),
                  ("house_stick_the_dealer", "house_canadian_loner", "house_defend_alone"))),
              ("notes",))
EDIT_ROWS = (("name", "starts_on", "ends_on"), ("paper_size", "is_public"), *EVENT_ROWS[2:])  # the address is kept


HOUSE = "house_"
"""The form fields of the house rules are named by the rule's key after this."""


def house_rule_fields(rules: Any) -> dict[str, forms.Field]:
    """A field for each house rule of the standard game, starting from `rules` (a stored `house_rules`)."""
    kept = read_house_rules(rules or None)
    fields: dict[str, forms.Field] = {}
    for key, rule in HOUSE_RULES.items():
        value = getattr(kept, key)
        if isinstance(value, bool):
            fields[HOUSE + key] = forms.BooleanField(label=rule.label, required=False, initial=value)
        else:
            fields[HOUSE + key] = forms.TypedChoiceField(
                label=rule.label, choices=[(v, str(v)) for v in rule.values], coerce=int, initial=value,
                required=False, empty_value=None)  # left out of a post: the standard game's own
        fields[HOUSE + key].widget.attrs["data-for"] = "standard"
    return fields


def house_rules_cleaned(form: forms.BaseForm, takes_them: bool) -> dict[str, Any]:
    """The house rules the form gives, as the event or the club keeps them; none under a code that takes none
    (the fields are hidden there). A lone defender's euchre is kept only where a defender may play alone."""
    if not takes_them:
        return {}
    raw = {key: form.cleaned_data[HOUSE + key] for key in HOUSE_RULES
           if form.cleaned_data.get(HOUSE + key) is not None}
    if not raw.get("defend_alone"):
        raw.pop("defend_alone_euchre", None)
    try:
        return read_house_rules(raw).document()
    except ValueError as exc:
        form.add_error(None, sentence(str(exc), "."))
        return {}


def _html_limits(field: forms.Field, model_field: Any) -> None:
    """The browser's min and max are the model's validators', so it never offers a value the server refuses."""
    for validator in model_field.validators:
        if isinstance(validator, MinValueValidator):
            field.widget.attrs["min"] = validator.limit_value
        elif isinstance(validator, MaxValueValidator):
            field.widget.attrs["max"] = validator.limit_value


SHOWN_FOR = {"progressive": ("movement", "ranking", "missed_rounds", "lone_bonus", "prize_places", "lone_prize",
                               "round_prize", "low_prize", "one_prize_each", "prize_ties"),
             "rounds": ("rounds", "deal_limit", "round_minutes", "time_called"),
             "matches": ("game_points", "games")}
"""The fields only a progressive night, or any event in rounds, has, and those a progressive night has not (its
deals play to no game): the form shows them when the event is run so (a field holding an error stays in view)."""


def _shown_by_mode(fields: dict[str, forms.Field]) -> None:
    for kind, names in SHOWN_FOR.items():
        for name in names:
            if name in fields:
                fields[name].widget.attrs["data-for"] = kind
    if "mode" in fields:
        fields["mode"].widget.attrs["data-in-rounds"] = " ".join(IN_ROUNDS)


def _event_layout(names: Iterable[str]) -> FormHelper:
    present = set(names)
    helper = FormHelper()
    helper.form_tag = False  # form_page.html owns the form
    helper.disable_csrf = True
    rows = [[name for name in row if name in present] for row in (EVENT_ROWS if "slug" in present else EDIT_ROWS)]
    helper.layout = Layout(*(item for row in rows if row for item in _row(row)))
    return helper


# The house rules, and a progressive night's late arrivals, lone bonus and prizes, fold into one line each (the
# house rules' saying how many are in force), opened to change them and where one is refused, so that the form
# and its Save stay on a laptop's screen.
HOUSE_OPEN = HTML('<details class="col-md mb-2" data-for="standard" data-testid="house-rules"'
                  '{% if form.house_open %} open{% endif %}><summary class="fw-semibold mb-1">House rules of the '
                  'standard game: {% if form.house_in_force %}{{ form.house_in_force }} in force{% else %}none'
                  '{% endif %}</summary>')
NIGHT_OPEN = HTML('<details class="col-md mb-2" data-for="progressive" data-testid="night-rules"'
                  '{% if form.night_open %} open{% endif %}><summary class="fw-semibold mb-1">The night: movement, '
                  'ranking, late arrivals, the lone player\'s bonus and the prizes</summary>')
FOLD_CLOSE = HTML("</details>")
FOLDS = ((NIGHT_ROWS, NIGHT_OPEN), (HOUSE_ROWS, HOUSE_OPEN))


def _row(names: list[str]) -> list[Any]:
    """A row of fields side by side; the house rules' rows, and a progressive night's, inside their folds."""
    row = Row(*(Column(name, css_class="col-md") for name in names))
    for rows, opening in FOLDS:
        if names[0] == rows[0][0]:
            return [opening, row]
        if names[0] == rows[-1][0]:
            return [row, FOLD_CLOSE]
    return [row]


class HouseRulesFields:
    """A form that asks the house rules: their fields, how many are in force, and whether their fold opens."""

    fields: dict[str, forms.Field]
    errors: Any
    is_bound: bool
    house_in_force = 0

    def house_fields_add(self, rules: Any) -> None:
        self.fields.update(house_rule_fields(rules))
        self.house_in_force = len(read_house_rules(rules or None).stated())

    @property
    def house_open(self) -> bool:
        return self.is_bound and any(HOUSE + key in self.errors for key in HOUSE_RULES)


class EventForm(HouseRulesFields, forms.ModelForm):
    """A new event. The web address is made from the name when left empty; an event in rounds says how many."""

    class Meta:
        model = Event
        fields = ["name", "slug", "starts_on", "ends_on", "rulebook", "game_points", "games", "is_public",
                  "paper_size", "mode", "movement", "rounds", "deal_limit", "round_minutes", "low_prize",
                  "missed_rounds", "lone_bonus", "prize_places", "lone_prize", "round_prize", "one_prize_each",
                  "prize_ties", "ranking", "time_called", "notes"]
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"}),
                   "ends_on": forms.DateInput(attrs={"type": "date"}), "notes": forms.Textarea(attrs={"rows": 2})}
        labels = {"slug": "Web address"}
        # The fields of a progressive night, or of an event in rounds, show only for it: their help is short.
        help_texts = {"slug": "Its address, /events/…/; empty: from the name.",
                      "game_points": "Empty: the code's own.", "games": "Empty: the code's own.",
                      "rounds": "How many rounds are played.",
                      "deal_limit": "Optional: a table stops after this many deals, the score as it stands.",
                      "round_minutes": "Optional: the room and the phones count them down.",
                      "time_called": "At a table still playing when time is up.", "movement": "", "ranking": "",
                      "missed_rounds": "",
                      "lone_bonus": "Points beyond his partner's for a lone march (1: five and four); 0 for none.",
                      "prize_places": "First, second, …", "prize_ties": "After the tie-breaks.",
                      "one_prize_each": "A player holding a prize takes no other; the next in line does.",
                      "lone_prize": "Only when somebody made one.", "round_prize": "",
                      "low_prize": "Among those who played every round.", "is_public": "Untick: members only."}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "slug" in self.fields:
            self.fields["slug"].required = False
        self.fields["mode"].required = False  # an event of rubbers, unless the secretary chooses otherwise
        for name in ("movement", "ranking", "missed_rounds", "lone_bonus", "prize_places", "prize_ties", "time_called"):
            self.fields[name].required = False
        if "slug" in self.fields:  # a new event: the club's code, game, match and paper, unless chosen
            rulebook = self.fields["rulebook"]
            assert isinstance(rulebook, forms.ChoiceField)
            rulebook.required = False
            club = the_club()
            usual = RULEBOOKS[club.rulebook].name
            rulebook.choices = [("", f"The usual: {usual}; the standard game for a progressive night"),
                                *RULEBOOK_CHOICES]
            for name in ("rulebook", "game_points", "games", "paper_size"):  # over the model's own defaults
                if name not in (kwargs.get("initial") or {}):
                    self.initial[name] = getattr(club, name)
            rulebook.widget.attrs["data-usual"] = club.rulebook
        # Tables the secretary starts, named as the club's code (or the stored event's) names them.
        mode = self.fields["mode"]
        assert isinstance(mode, forms.ChoiceField)
        terms = (self.instance.playing if self.instance.pk else the_club().playing).terms
        offered: list[tuple[str, str]] = list(mode.widget.choices)  # the field's, with its blank where it has one
        mode.choices = [(value, started_by_the_secretary(terms) if value == Event.Mode.RUBBERS else label)
                        for value, label in offered]
        # A new event starts from the club's usual house rules; a stored one shows its own.
        self.house_fields_add(self.instance.house_rules if self.instance.pk else the_club().house_rules)
        for name in ("rounds", "deal_limit", "round_minutes"):
            _html_limits(self.fields[name], Event._meta.get_field(name))
        _shown_by_mode(self.fields)
        self.helper = _event_layout(self.fields)

    @property
    def night_open(self) -> bool:
        """A progressive night's fold opens where one of its fields is refused."""
        return self.is_bound and any(name in self.errors for row in NIGHT_ROWS for name in row)

    def clean_mode(self) -> str:
        return str(self.cleaned_data.get("mode") or Event.Mode.RUBBERS)

    def clean_movement(self) -> str:
        return str(self.cleaned_data.get("movement") or Event.Movement.PROGRESSIVE)

    def clean_ranking(self) -> str:
        return str(self.cleaned_data.get("ranking") or RANKING_DEFAULT)

    def clean_missed_rounds(self) -> str:
        return str(self.cleaned_data.get("missed_rounds") or MISSED_AVERAGE)

    def clean_time_called(self) -> str:
        return str(self.cleaned_data.get("time_called") or TIME_FINISH)

    def clean_lone_bonus(self) -> int:
        return int(self.cleaned_data.get("lone_bonus") or 0)

    def clean_prize_places(self) -> int:
        return int(self.cleaned_data.get("prize_places") or 1)

    def clean_prize_ties(self) -> str:
        return str(self.cleaned_data.get("prize_ties") or PRIZE_TIES_SHARE)

    def clean_rulebook(self) -> str:
        """Left to the usual, the code follows how the event is run (the standard game for a progressive night)."""
        chosen = str(self.cleaned_data.get("rulebook") or "")
        if chosen:
            return chosen
        return usual_rulebook(progressive=self.data.get("mode") == Event.Mode.PROGRESSIVE)

    def validate_unique(self) -> None:
        """The event's one unique field is its web address, which `clean_slug` checks in its own words. One taken
        since is refused by the address's unique index, which serves the form again (`served_again_on_clash`)
        for `clean_slug` to say so."""

    def clean_slug(self) -> str:
        typed: str = self.cleaned_data.get("slug") or ""
        slug = typed or slugify(self.data.get("name") or "")
        if not slug:
            raise ValidationError("Give the event a name with letters or digits, or a web address.")
        taken = Event.objects.filter(slug=slug).exclude(pk=self.instance.pk).first()
        if taken is not None and typed:
            raise ValidationError(slug_taken(slug, taken))
        if taken is not None:  # made from the name: the name is what the secretary typed
            if "name" not in self.errors:
                self.add_error("name", f"The web address made from this name, /events/{slug}/, is taken by "
                                       f"“{taken}”. Change the name, or type another web address.")
            return ""  # empty, so the model's own unique check does not say it again on the web address
        return slug

    def clean(self) -> dict[str, Any]:
        """The service's own checks, said on their fields before it is called (it checks them again)."""
        cleaned: dict[str, Any] = super().clean() or {}
        if cleaned.get("mode") == Event.Mode.PROGRESSIVE and "slug" in self.fields:
            for name in ("game_points", "games"):  # the club's usual game and match, left as offered: none here
                if name in cleaned and cleaned[name] == self.initial.get(name):
                    cleaned[name] = None
        code = RULEBOOKS.get(str(cleaned.get("rulebook") or ""))
        cleaned["house_rules"] = house_rules_cleaned(self, code is not None and code.takes_house_rules)
        for name, error in running_errors(cleaned).items():
            if name not in self.errors:
                self.add_error(name, error)
        return cleaned

    def fields_for_service(self) -> dict[str, Any]:
        return {**{name: self.cleaned_data[name] for name in self.Meta.fields},
                "house_rules": self.cleaned_data["house_rules"]}


class EventEditForm(EventForm):
    """An event as made, its web address kept. What its schedule, cuts or rubbers rest on is shown disabled with
    the reason, and a changed value for it (from a page opened before they were made) is refused on the field."""

    class Meta(EventForm.Meta):
        fields = [name for name in EventForm.Meta.fields if name != "slug"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.locks = event_locks(self.instance)
        for name, why in self.locks.items():
            for field in ([self.fields[HOUSE + key] for key in HOUSE_RULES] if name == "house_rules"
                          else [self.fields[name]]):
                field.disabled = True
                field.help_text = f"Fixed: {why}."

    def clean(self) -> dict[str, Any]:
        """A changed value for a fixed field (posted from a page opened before it was fixed) is refused on the
        field; the service checks the same under the event's lock."""
        cleaned = super().clean()
        for name, why in self.locks.items():
            if name == "house_rules":
                continue  # disabled fields: the stored rules are kept, whatever is posted
            posted = self.data.get(name)
            if posted is not None and posted != str(getattr(self.instance, name) or ""):
                self.add_error(name, f"This can no longer change: {why}.")
        return cleaned


class ClubSettingsForm(HouseRulesFields, forms.ModelForm):
    """The club's own settings. A game or a match its code does not allow is refused on that field (the model's
    own check, which the service makes again)."""

    class Meta:
        model = Club
        fields = [name for name in CLUB_FIELDS if name != "house_rules"]
        labels = {"name": "The club's name", "paper_size": "Usual paper"}
        help_texts = {"name": "Shown at the top of every page and on every printed sheet.",
                      "rulebook": "New events start from it; the home page, the laws and How scoring works open "
                                  "on it.",
                      "paper_size": "What new events print their sheets on."}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("game_points", "games"):
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [("", "The code's own"), *(GAME_CHOICES if name == "game_points" else MATCH_CHOICES)]
        self.house_fields_add(self.instance.house_rules)
        self.helper = FormHelper()
        self.helper.form_tag = False  # form_page.html owns the form
        self.helper.disable_csrf = True
        rows = (("name",), ("rulebook",), ("game_points", "games"), ("paper_size",), *HOUSE_ROWS)
        self.helper.layout = Layout(*(item for row in rows for item in _row(list(row))))

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        cleaned["house_rules"] = house_rules_cleaned(self, True)  # for the standard game, whatever the usual code
        return cleaned

    def fields_for_service(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in CLUB_FIELDS}


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["display_name", "member_number", "active", "user"]
        labels = {"user": "Member's login", "display_name": "Name", "active": "On the roll"}
        # The name's column is unique too: a name the roll's own check passed can still meet it, written by
        # another secretary a moment later, and is then told the same.
        error_messages = {"display_name": {"unique": NAME_ON_ROLL}}
        help_texts = {"user": "The account this player logs in with, so that \"My record\" finds him. "
                              "Leave empty to unlink it.",
                      "active": "Untick to retire the player: his rubbers and record stay; he is no longer "
                                "offered for new rubbers, entrants or club nights."}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        user = self.fields["user"]
        assert isinstance(user, forms.ModelChoiceField)
        # Logins not yet linked to another player.
        user.queryset = user.queryset.filter(Q(player__isnull=True) | Q(player=self.instance.pk))  # type: ignore[union-attr]

    def fields_for_service(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self.Meta.fields}

    def clean(self) -> dict[str, Any]:
        """The roll's rules (`roll_errors`: one name in any case, one member number), said on their fields
        before the service is called (it checks them again)."""
        cleaned: dict[str, Any] = super().clean() or {}
        for name, error in roll_errors(cleaned, self.instance.pk).items():
            if name not in self.errors:
                self.add_error(name, error)
        return cleaned


SIDED = (Penalty.Kind.REVOKE, Penalty.Kind.WRONG_CARDS, Penalty.Kind.SIGNAL, Penalty.Kind.THROWN_IN)
"""The penalties that name the offending side."""


def penalty_kinds(rulebook: Rulebook) -> list[tuple[str, str]]:
    """The penalties a code scores, each with its own law ("Revoke (laws 63, 71, 4)", "Signalled ... (law XXXIII)")."""
    kinds = []
    for kind, reason in PENALTY_REASONS.items():
        key = PENALTY_KEYS[kind.value]
        if rulebook.knows(key) and (key != "signal" or rulebook.signal):
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
        if not rulebook.revoke_each:
            self.fields["count"].help_text = (f"Any number of revokes by one side gives one award"
                                              f"{rulebook.noted(Reason.REVOKE)}.")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("kind") in SIDED and not data.get("side"):
            self.add_error("side", "Name the offending side.")
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
            raise ValidationError("That file is too large for a rubber.")
        try:
            return json.loads(upload.read())
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            raise ValidationError(f"Not valid JSON: {exc}") from None


