"""Corrections to a progressive night's tallies: allowed until the secretary closes the night (halls check the
cards at the scorer's table after the last round), with a reason once a later round was seated from them; the
seats already made stand, and the standings and prizes follow."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from scoring.models import Round, Rubber


def later_round(rubber: Rubber) -> int | None:
    """The number of the round after this table's, when it has started (seated from this round's results)."""
    table = getattr(rubber, "round_table", None)
    if table is None or not rubber.event.progressive:
        return None
    started = Round.objects.filter(event_id=rubber.event_id, number__gt=table.round.number).exclude(
        status=Round.Status.PLANNED).order_by("number").values_list("number", flat=True).first()
    return started


def correction_check(rubber: Rubber, reason: str) -> None:
    """Refuse a correction to a progressive table once the night is closed, or without a reason once a later
    round was seated from its results."""
    if not rubber.event.progressive:
        return
    if rubber.event.closed_at is not None:
        raise ValidationError("The night is closed, its tallies checked: reopen it on the rounds page to correct "
                              "one.")
    later = later_round(rubber)
    if later is not None and not reason.strip():
        raise ValidationError(f"Round {later} was seated from this round's results: say why it is corrected (the "
                              "seats made stand; the standings and prizes follow).")
