"""The players list and a new player (a player's record is in `scoring.standings`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.generic import CreateView, ListView, UpdateView

from scoring.access import SecretaryRequiredMixin
from scoring.club.forms.players import PlayerForm
from scoring.models import Player
from scoring.service_forms import ServedAgainOnClashMixin, ServiceFormMixin
from scoring.services.players import player_create, player_update
from scoring.validators import most_kept, unprintable


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
        query = " ".join(str(self.request.GET.get("q", "")).split())[:most_kept(Player, "display_name")]
        return query if unprintable(query, multiline=False) is None else ""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(query=self.query, **kwargs)


class PlayerCreateView(SecretaryRequiredMixin, ServedAgainOnClashMixin, ServiceFormMixin, CreateView):
    template_name = "form_page.html"
    form_class = PlayerForm
    extra_context = {"title": "New player", "cancel_url": "/players/"}

    def perform(self, form: PlayerForm) -> HttpResponse:
        self.object = player_create(**form.fields_for_service())
        messages.success(self.request, f"{self.object} is on the roll.")
        return redirect("players")


class PlayerEditView(SecretaryRequiredMixin, ServedAgainOnClashMixin, ServiceFormMixin, UpdateView):
    """Rename a player, retire him (his record stays; he leaves the lists for new rubbers and entrants), or
    link or unlink a member's login."""

    template_name = "form_page.html"
    form_class = PlayerForm
    model = Player

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(title=f"Edit {self.object}", cancel_url=self.object.get_absolute_url(),
                                        **kwargs)

    def perform(self, form: PlayerForm) -> HttpResponse:
        player = player_update(player_id=self.object.pk, **form.fields_for_service())
        state = "" if player.active else " (retired: his record stays, he is off the lists for new play)"
        messages.success(self.request, f"{player} is saved{state}.")
        return redirect(player)
