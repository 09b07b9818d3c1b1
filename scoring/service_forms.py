"""Forms over services: a service's ValidationError is shown on the form, at the field it names."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpResponse


def apply_errors(form: Form, error: ValidationError) -> None:
    """Put a service's ValidationError on the form, at its field where it names one."""
    if hasattr(error, "error_dict"):
        for name, errors in error.error_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    else:
        form.add_error(None, error)


class ServiceFormMixin:
    """`form_valid` makes one service call through `perform`; a ValidationError it raises is shown
    on the form (at `error_field` when set, else at the field the service names)."""

    error_field: str | None = None

    def perform(self, form: Any) -> HttpResponse:
        raise NotImplementedError

    def form_valid(self, form: Any) -> HttpResponse:
        try:
            return self.perform(form)
        except ValidationError as exc:
            if self.error_field:
                form.add_error(self.error_field, exc)
            else:
                apply_errors(form, exc)
            return self.form_invalid(form)  # type: ignore[attr-defined]
