"""The players list and a new player (a player's record is in `scoring.standings`)."""

from __future__ import annotations

from django.urls import reverse
from django.views.generic import CreateView, ListView

from scoring.access import SecretaryRequiredMixin
from scoring.club import forms
from scoring.models import Player


class PlayerListView(ListView):
    template_name = "club/player_list.html"
    context_object_name = "players"
    queryset = Player.objects.filter(active=True)


class PlayerCreateView(SecretaryRequiredMixin, CreateView):
    template_name = "form_page.html"
    form_class = forms.PlayerForm
    extra_context = {"title": "New player"}

    def get_success_url(self) -> str:
        return reverse("players")
