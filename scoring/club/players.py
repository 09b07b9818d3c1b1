"""The players list and a new player (a player's record is in `scoring.standings`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import QuerySet
from django.urls import reverse
from django.views.generic import CreateView, ListView, UpdateView

from scoring.access import SecretaryRequiredMixin
from scoring.club import forms
from scoring.models import Player
from scoring.text import unprintable


class PlayerListView(ListView):
    """The roll, with a search by any part of a name (?q=)."""

    template_name = "club/player_list.html"
    context_object_name = "players"

    def get_queryset(self) -> QuerySet[Player]:
        players = Player.objects.filter(active=True)
        query = self.query
        if query:
            players = players.filter(display_name__icontains=query)
        return players

    @property
    def query(self) -> str:
        query = " ".join(str(self.request.GET.get("q", "")).split())[:80]
        return query if unprintable(query, multiline=False) is None else ""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(query=self.query, **kwargs)


class PlayerCreateView(SecretaryRequiredMixin, CreateView):
    template_name = "form_page.html"
    form_class = forms.PlayerForm
    extra_context = {"title": "New player", "cancel_url": "/players/"}

    def get_success_url(self) -> str:
        messages.success(self.request, f"{self.object} is on the roll.")
        return reverse("players")


class PlayerEditView(SecretaryRequiredMixin, UpdateView):
    """Rename a player, retire him (his record stays; he leaves the lists for new rubbers and entrants), or
    link or unlink a member's login."""

    template_name = "form_page.html"
    form_class = forms.PlayerForm
    model = Player

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(title=f"Edit {self.object}", cancel_url=self.object.get_absolute_url(),
                                        **kwargs)

    def get_success_url(self) -> str:
        state = "" if self.object.active else " (retired: his record stays, he is off the lists for new play)"
        messages.success(self.request, f"{self.object} is saved{state}.")
        return self.object.get_absolute_url()
