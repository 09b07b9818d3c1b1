"""A player on the club's roll."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Q

from scoring.models import Player
from scoring.models.club import NAME_ON_ROLL
from scoring.services.players import roll_errors


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
