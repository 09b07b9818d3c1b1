"""The forms of an event: a new one from the club's settings, and one as made, what its play rests on fixed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Layout
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.models import BooleanField, ExpressionWrapper, Q
from django.utils import timezone
from django.utils.text import slugify

from scoring.club.forms.house import (
    EDIT_ROWS,
    EVENT_ROWS,
    HOUSE,
    NIGHT_ROWS,
    HouseRulesFields,
    house_rules_cleaned,
    laid_out,
)
from scoring.club.forms.night import night_cleaned, night_fields
from scoring.engine.progressive.night import NIGHT_KEYS
from scoring.engine.rulebook import HOUSE_RULES, RULEBOOKS
from scoring.models import Event, Season
from scoring.models.choices import RULEBOOK_CHOICES
from scoring.models.club import started_by_the_secretary
from scoring.services.club import the_club
from scoring.services.events import (
    EVENT_FIELDS,
    IN_ROUNDS,
    event_locks,
    fixed_refusal,
    running_errors,
    slug_taken,
    stored,
    usual_rulebook,
)


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
    helper.layout = Layout(*(item for row in rows if row for item in laid_out(row)))
    return helper


class SeasonChoice(forms.ModelChoiceField):  # type: ignore[type-arg]
    """A season, named with its format."""

    def label_from_instance(self, obj: Any) -> str:
        return f"{obj} ({obj.standing.name})"


def seasons_offered() -> SeasonChoice:
    """The club's seasons, those under way first (a night joins one of its own format, which the service checks)."""
    today = timezone.localdate()
    under_way = ExpressionWrapper(Q(starts_on__lte=today, ends_on__gte=today), output_field=BooleanField())
    return SeasonChoice(queryset=Season.objects.annotate(under_way=under_way).order_by("-under_way", "-starts_on"),
                        required=False, empty_label="None", label="Season",
                        help_text="Optional: the season this night counts in.")


class EventForm(HouseRulesFields, forms.ModelForm):
    """A new event. The web address is made from the name when left empty; an event in rounds says how many."""

    class Meta:
        model = Event
        # The event's own fields; its house rules and its night's rules have fields of their own, one a rule.
        fields = [name for name in EVENT_FIELDS if name != "house_rules" and name not in NIGHT_KEYS]
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"}),
                   "ends_on": forms.DateInput(attrs={"type": "date"}), "notes": forms.Textarea(attrs={"rows": 2})}
        labels = {"slug": "Web address"}
        help_texts = {"slug": "Its address, /events/…/; empty: from the name.",
                      "game_points": "Empty: the code's own.", "games": "Empty: the code's own.",
                      "rounds": "How many rounds are played.", "is_public": "Untick: members only."}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "slug" in self.fields:
            self.fields["slug"].required = False
        self.fields["mode"].required = False  # an event of rubbers, unless the secretary chooses otherwise
        self.fields |= night_fields(self.instance.night)
        self.fields["season"] = seasons_offered()
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
        terms = (self.instance.playing if self.instance.pk else the_club().playing).wording.terms
        offered: list[tuple[str, str]] = list(mode.widget.choices)  # the field's, with its blank where it has one
        mode.choices = [(value, started_by_the_secretary(terms) if value == Event.Mode.RUBBERS else label)
                        for value, label in offered]
        # A new event starts from the club's usual house rules; a stored one shows its own.
        self.house_fields_add(self.instance.house_rules if self.instance.pk else the_club().house_rules)
        _html_limits(self.fields["rounds"], Event._meta.get_field("rounds"))
        _shown_by_mode(self.fields)
        self.helper = _event_layout(self.fields)

    @property
    def night_open(self) -> bool:
        """A progressive night's fold opens where one of its fields is refused."""
        return self.is_bound and any(name in self.errors for row in NIGHT_ROWS for name in row)

    def clean_mode(self) -> str:
        return str(self.cleaned_data.get("mode") or Event.Mode.RUBBERS)

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
            raise ValidationError("Give the event a name with letters or digits, or a web address.", code="no_address")
        taken = Event.objects.filter(slug=slug).exclude(pk=self.instance.pk).first()
        if taken is not None and typed:
            raise slug_taken(slug, taken)
        if taken is not None:  # made from the name: the name is what the secretary typed
            if "name" not in self.errors:
                self.add_error("name", f"The web address made from this name, /events/{slug}/, is taken by "
                                       f"“{taken}”. Change the name, or type another web address.")
            return ""  # empty, so the model's own unique check does not say it again on the web address
        return slug

    def clean(self) -> dict[str, Any]:
        """The service's own checks, said on their fields before it is called (it checks them again)."""
        cleaned: dict[str, Any] = night_cleaned(super().clean() or {})
        if cleaned.get("mode") == Event.Mode.PROGRESSIVE and "slug" in self.fields:
            for name in ("game_points", "games"):  # the club's usual game and match, left as offered: none here
                if name in cleaned and cleaned[name] == self.initial.get(name):
                    cleaned[name] = None
        code = RULEBOOKS.get(str(cleaned.get("rulebook") or ""))
        cleaned["house_rules"] = house_rules_cleaned(self, code is not None and code.asks.house_rules)
        for name, error in running_errors(cleaned).items():
            if name not in self.errors:
                self.add_error(name, error)
        return cleaned

    def fields_for_service(self) -> dict[str, Any]:
        return {**{name: self.cleaned_data[name] for name in (*self.Meta.fields, *NIGHT_KEYS)},
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
            if posted is not None and posted != str(stored(self.instance, name) or ""):
                self.add_error(name, fixed_refusal(why))
        return cleaned
