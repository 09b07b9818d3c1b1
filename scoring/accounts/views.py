"""Password reset that says what really happens, and the secretary's page of locked-out logins."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import PasswordResetView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views import View
from django.views.generic import TemplateView

from scoring.access import SecretaryRequiredMixin
from scoring.accounts.lockouts import lockout_lift, recent_failures
from scoring.reporting.services import (
    GUESS_WINDOW,
    GUESSES_ALLOWED,
    PHONE_GUESSES_ALLOWED,
    guesses_forget,
    recent_guesses,
)


class ClubPasswordResetView(PasswordResetView):
    """Mails a reset link when the site can send mail; otherwise tells the member whom to ask."""

    template_name = "registration/password_reset_form.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(**kwargs) | {"sends_mail": settings.SITE_SENDS_MAIL}

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not settings.SITE_SENDS_MAIL:  # never claim a mail was sent
            return self.get(request, *args, **kwargs)
        return super().post(request, *args, **kwargs)


class LockoutListView(SecretaryRequiredMixin, TemplateView):
    template_name = "accounts/lockouts.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(**kwargs) | {
            "failures": recent_failures(), "limit": settings.AXES_FAILURE_LIMIT,
            "guesses": recent_guesses(), "guess_limit": GUESSES_ALLOWED, "phone_limit": PHONE_GUESSES_ALLOWED,
            "guess_minutes": int(GUESS_WINDOW.total_seconds() // 60)}


class LockoutLiftView(SecretaryRequiredMixin, View):
    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        lifted = lockout_lift(pk)
        if lifted is None:
            messages.info(request, "That lockout had already ended.")
        else:
            messages.success(request, f"{lifted.username or 'The login'} from {lifted.address} may log in again.")
        return redirect("lockouts")


class CodeGuessesLiftView(SecretaryRequiredMixin, View):
    """Forget the wrong table codes of one address, so every phone behind it may open its table at once."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        lifted = guesses_forget(pk)
        if lifted is None:
            messages.info(request, "Those wrong codes had already been forgotten.")
        else:
            messages.success(request, f"Phones at {lifted.address} may open their tables again.")
        return redirect("lockouts")
