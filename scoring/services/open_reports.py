"""What closing a round does to the reports still open at its tables (the reporting app reads and writes
the rest): kept here so that the rounds and the reporting need not import each other."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import timezone

from scoring.models import HandReport, Rubber


def reports_drop(rubber: Rubber, *, by: User | None) -> int:
    """Drop every report still open on a rubber locked by the caller (its round is closing): the hands
    are not recorded, and each report keeps who dropped it and when. The number dropped."""
    return rubber.hand_reports.filter(status__in=HandReport.OPEN).update(
        status=HandReport.Status.DROPPED, settled_by=by, settled_at=timezone.now())
