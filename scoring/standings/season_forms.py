"""The secretary's form for a season: its name and web address, its format and dates, how it counts and its prizes
(`SEASON_FIELDS`), written by `season_create` and `season_update`. Its numbers are read as every form's counts are
(`CountField`), so no value answers a server error."""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.models import Season
from scoring.parsing import CountField
from scoring.services.seasons import SEASON_FIELDS


class SeasonForm(forms.ModelForm):  # type: ignore[type-arg]
    best = CountField(label="Nights counted", what="Nights counted", min_value=1, max_value=200, required=False,
                      help_text=Season._meta.get_field("best").help_text)
    qualify = CountField(label="Nights to qualify", what="Nights to qualify", min_value=1, max_value=200,
                         initial=1, help_text=Season._meta.get_field("qualify").help_text)
    prize_places = CountField(label="Prizes for places", what="Prizes for places", min_value=1, max_value=10,
                              initial=1, help_text=Season._meta.get_field("prize_places").help_text)

    class Meta:
        model = Season
        fields = list(SEASON_FIELDS)
        labels = {"slug": "Web address", "name": "Name"}
        help_texts = {"slug": "Its page's address, /seasons/<this>/: letters, digits and hyphens; it stays as made."}
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"}),
                   "ends_on": forms.DateInput(attrs={"type": "date"})}

    def clean_slug(self) -> str:
        typed: str = self.cleaned_data.get("slug") or ""
        if typed == "new":  # /seasons/new/ is the page that makes one
            raise forms.ValidationError("That address is the page for a new season; type another.", code="reserved")
        return typed

    def validate_unique(self) -> None:
        """The web address is checked by `season_create`, which says whose it is."""

    def fields_for_service(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self.fields}


class SeasonEditForm(SeasonForm):
    """The season as made; its web address stays, so links to it keep working."""

    class Meta(SeasonForm.Meta):
        fields = [name for name in SEASON_FIELDS if name != "slug"]
