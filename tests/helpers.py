"""Recording hands through the service, as the secretary's form does; reading a refusal's codes."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.forms import BaseForm
from django.test import Client

from scoring.models import Rubber
from scoring.services.hands import HandExtras, hand_record


def row_counts() -> dict[str, int]:
    """Each of the club's tables' row counts, read in one query: a test compares them before and after a request
    that must write nothing."""
    from django.apps import apps

    models = list(apps.get_app_config("scoring").get_models())
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {quote(m._meta.db_table)})" for m in models))
        row = cursor.fetchone()
    return {m.__name__: n for m, n in zip(models, row, strict=True)}


def record(rubber: Rubber, by: Any = None, **play: Any):
    rubber.refresh_from_db()
    play.setdefault("dealer", rubber.next_dealer)
    return hand_record(rubber_id=rubber.pk, play=play, extras=HandExtras(), by=by)


def play_game(rubber: Rubber, maker: str = "N") -> None:
    """Three hands that win a game 5-0 from 0-0 for the maker's side."""
    for tricks in (5, 5, 3):
        record(rubber, maker=maker, tricks=tricks)


def together(count: int, prepare: Callable[[int], Client], send: Callable[[int, Client], int]) -> list[int]:
    """`count` clients, each set up by `prepare` on its own thread and connection, then released at once to
    `send` one request: the status each got back."""
    statuses = [0] * count
    start = threading.Barrier(count)

    def work(i: int) -> None:
        try:
            client = prepare(i)
            start.wait()
            statuses[i] = send(i, client)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return statuses


def refused(refusal: ValidationError | pytest.ExceptionInfo[ValidationError] | BaseForm,
            field: str | None = None) -> set[str]:
    """The codes of a refusal (a service's, as pytest caught it, or a form's errors), on every field or on
    `field` (`"__all__"` for what is said above the form). The words are checked where they are made
    (tests/services/test_refusal_words.py); a test asks which refusal it met."""
    if isinstance(refusal, BaseForm):
        said = refusal.errors.as_data()
    else:
        error = refusal.value if isinstance(refusal, pytest.ExceptionInfo) else refusal
        said = error.error_dict if hasattr(error, "error_dict") else {"__all__": error.error_list}
    return {e.code for name, errors in said.items() if field in (None, name) for e in errors if e.code}


@contextmanager
def refusal(*codes: str, field: str | None = None) -> Iterator[pytest.ExceptionInfo[ValidationError]]:
    """Expect the block to be refused with exactly these codes (on `field`, when given)."""
    from tests.services.test_refusal_words import said_in_its_words

    with pytest.raises(ValidationError) as caught:
        yield caught
    assert refused(caught, field) == set(codes), caught.value
    said_in_its_words(caught.value)
