"""Closing a progressive night once its tallies are checked at the scorer's table, and reopening it: no tally
is corrected while it is closed."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from scoring.models import Event, Round
from scoring.services.locking import event_lock


@transaction.atomic
def night_close(*, event_id: int) -> Event:
    """Close the night: every round closed first."""
    event_lock(event_id)
    event = Event.objects.get(pk=event_id)
    if not event.progressive:
        raise ValidationError("Only a progressive night is closed this way.")
    open_rounds = event.event_rounds.exclude(status=Round.Status.CLOSED).count()
    if open_rounds or not event.event_rounds.exists():
        raise ValidationError("Close every round first; then the night.")
    if event.closed_at is None:
        event.closed_at = timezone.now()
        event.save(update_fields=["closed_at"])
    return event


@transaction.atomic
def night_reopen(*, event_id: int) -> Event:
    """Reopen a closed night, to correct a tally found wrong after all."""
    event_lock(event_id)
    event = Event.objects.get(pk=event_id)
    event.closed_at = None
    event.save(update_fields=["closed_at"])
    return event
