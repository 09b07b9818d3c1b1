"""The club's own settings: its name, its usual code with its game and match, its paper and house rules."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Layout
from django import forms

from scoring.club.forms.house import HOUSE_ROWS, HouseRulesFields, house_rules_cleaned, laid_out
from scoring.models import Club
from scoring.models.choices import (
    GAME_CHOICES,
    MATCH_CHOICES,
)
from scoring.services.club import CLUB_FIELDS


class ClubSettingsForm(HouseRulesFields, forms.ModelForm):
    """The club's own settings. A game or a match its code does not allow is refused on that field (the model's
    own check, which the service makes again)."""

    class Meta:
        model = Club
        fields = [name for name in CLUB_FIELDS if name != "house_rules"]
        labels = {"name": "The club's name", "rulebook": "Usual code of laws", "game_points": "Usual game",
                  "games": "Usual match", "paper_size": "Usual paper"}
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
        self.helper.layout = Layout(*(item for row in rows for item in laid_out(list(row))))

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        cleaned["house_rules"] = house_rules_cleaned(self, True)  # for the standard game, whatever the usual code
        return cleaned

    def fields_for_service(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in CLUB_FIELDS}
