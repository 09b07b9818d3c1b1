"""The order locks are taken in, and one more try when the database breaks a deadlock.

Every change to an event's rubbers or rounds locks the event's row first, then its rubbers' rows
in id order: two writers then queue instead of each holding what the other waits for. A deadlock
the database still detects (with rows this code does not order, such as a player's) costs one of
the two transactions; it is run once more from the start, outside any outer transaction.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from django.db import OperationalError, connection

from scoring.models import Event

P = ParamSpec("P")
R = TypeVar("R")

# PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back whole.
RETRIED_CODES = frozenset({"40P01", "40001"})


def event_lock(event_id: int | None) -> None:
    """Lock an event's row for this transaction: the first lock any change to its rubbers or rounds takes."""
    if event_id is not None:
        list(Event.objects.select_for_update().filter(pk=event_id).values_list("pk", flat=True))


def is_deadlock(exc: BaseException) -> bool:
    return getattr(exc.__cause__, "pgcode", None) in RETRIED_CODES or "deadlock detected" in str(exc)


def retried_on_deadlock(service: Callable[P, R]) -> Callable[P, R]:
    """Run a service (a transaction of its own) once more if the database broke a deadlock by ending it."""

    @functools.wraps(service)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return service(*args, **kwargs)
        except OperationalError as exc:
            if not is_deadlock(exc) or connection.in_atomic_block:
                raise  # inside an outer transaction only its owner can start again
            return service(*args, **kwargs)

    return run
