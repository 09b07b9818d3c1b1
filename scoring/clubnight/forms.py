"""Forms of a club night: a player arriving, and how the cards for a cut are got."""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.engine import Rulebook
from scoring.engine.rulebook.matters import Matter
from scoring.models import Player
from scoring.validators import printable_text


class ArrivalForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label="Arrived")

    def __init__(self, *args: Any, absent: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = absent if absent is not None else Player.objects.filter(active=True)
        field.widget.attrs["class"] = "form-select"  # drawn by hand, beside its button


class CutForm(forms.Form):
    """The cut: drawn by the site (replayable from its number) or the cards as cut at the table."""

    how = forms.ChoiceField(choices=[("draw", "Draw the cards here"), ("entered", "Enter the cards as cut")],
                            initial="draw", widget=forms.RadioSelect(attrs={"class": "form-check-input"}),
                            label="The cards", required=False)
    cards = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 4}), validators=[printable_text],
                            label="Cards as cut, in order")

    def __init__(self, *args: Any, rulebook: Rulebook, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["cards"].help_text = (
            "One cut a line: the player's name, a colon, the card (ranks 7 8 9 10 J Q K A, suits S H D C). Every cut, "
            "in the order made: the cut for tables (or to go out), a cut again after a tie or an exposed card (write "
            "the player again), then each table's four cutting again for partners and the deal"
            f"{rulebook.noted(Matter.FIRST_DEAL)}. E.g. five present: “Abigail Ames: JS”, “Benjamin Bell: AS”, "
            "“Clara Cole: KS”, “Daniel Dunn: QS”, “Eliza Endicott: 9S”, then the four at the table: “Abigail Ames: "
            "8H”, “Benjamin Bell: AH”, “Clara Cole: KH”, “Daniel Dunn: QH”.")
        if rulebook.asks.jacks:  # the Official Laws' codes form a table by dealing for the jacks
            how = self.fields["how"]
            assert isinstance(how, forms.ChoiceField)
            how.choices = [("draw", "Deal the cards here"), ("entered", "Enter the cards as dealt")]
            self.fields["cards"].label = "Cards as dealt, in order"
            self.fields["cards"].help_text = (
                "One card a line: the player it was dealt to, a colon, the card (ranks 7 8 9 10 J Q K A, suits S H "
                "D C), in the order dealt, a player who has a jack passed over, until the four jacks are out"
                f"{rulebook.noted(Matter.TABLES)}; then the next table's deal among those without a jack. E.g. "
                "“Abigail Ames: 9S”, “Benjamin Bell: JH”, …")

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        cleaned["how"] = cleaned.get("how") or "draw"
        if cleaned["how"] == "entered" and not (cleaned.get("cards") or "").strip():
            self.add_error("cards", "Enter the cards as they were cut, or let the site draw them.")
        return cleaned

    def cuts(self) -> list[tuple[str, str]]:
        """The entered cuts as (name, card) pairs; a line without a colon is refused at the field."""
        out = []
        for number, line in enumerate((self.cleaned_data.get("cards") or "").splitlines(), start=1):
            if not line.strip():
                continue
            name, colon, card = line.partition(":")
            if not colon or not name.strip() or not card.strip():
                raise forms.ValidationError(f"Line {number}: write the name, a colon, then the card.",
                                            code="cuts_unreadable")
            out.append((name.strip(), card.strip()))
        return out
