"""The club's own settings, for the secretary: its name, its usual code, game and match, and its paper."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.generic import FormView

from scoring.access import SecretaryRequiredMixin
from scoring.club.forms.club import ClubSettingsForm
from scoring.service_forms import ServiceFormMixin
from scoring.services.club import club_settings_save, the_club


class ClubSettingsView(SecretaryRequiredMixin, ServiceFormMixin, FormView):
    template_name = "form_page.html"
    form_class = ClubSettingsForm
    extra_context = {"title": "The club's settings",
                     "lead": "New events start from the club's code, game, match, paper and house rules; the home "
                             "page, the laws and How scoring works open on its code."}

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "instance": the_club()}

    def perform(self, form: ClubSettingsForm) -> HttpResponse:
        club = club_settings_save(**form.fields_for_service())
        messages.success(self.request, f"The settings of {club.name} are saved.")
        return redirect("club_settings")
