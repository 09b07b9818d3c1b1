"""Forms over services: a service's ValidationError is shown on the form, at the field it names; a write that
lost a race for a unique name is answered by the form's own check."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection
from django.forms import Form
from django.http import HttpResponse

P = ParamSpec("P")
R = TypeVar("R")


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


def served_again_on_clash(view: Callable[P, R]) -> Callable[P, R]:
    """Serve a create or rename once more when the database refused its write for a clash on a unique field.

    The form checks the name (a player's, an event's address, a login) before the service writes it; another
    secretary's write of the same name can land between the two. The database's constraint then refuses this
    one and its transaction is rolled back whole, so nothing is half saved. Served again, the form's check now
    finds the name taken (the other write has committed: that is why ours was refused) and says so in its own
    words, as it would have a moment later."""

    @functools.wraps(view)
    def serve(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return view(*args, **kwargs)
        except IntegrityError:
            if connection.in_atomic_block:
                raise  # inside an outer transaction only its owner can start again
            return view(*args, **kwargs)

    return serve


class ServedAgainOnClashMixin:
    """A form view whose POST writes a unique field: see `served_again_on_clash`."""

    def post(self, *args: Any, **kwargs: Any) -> HttpResponse:
        post: Callable[..., HttpResponse] = super().post  # type: ignore[misc]
        return served_again_on_clash(post)(*args, **kwargs)
