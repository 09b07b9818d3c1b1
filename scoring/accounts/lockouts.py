"""Logins locked out after wrong passwords (django-axes), as the secretary sees and lifts them."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.utils import timezone


@dataclass(frozen=True)
class Lockout:
    """Wrong passwords for one username from one address, within the cool-off period."""

    pk: int
    username: str
    address: str
    failures: int
    last_at: dt.datetime
    until: dt.datetime

    @property
    def locked(self) -> bool:
        return self.failures >= settings.AXES_FAILURE_LIMIT


def recent_failures() -> list[Lockout]:
    """Every username and address with wrong passwords still counted, locked ones first."""
    cool_off = get_cool_off() or dt.timedelta(0)
    since = timezone.now() - cool_off
    rows = AccessAttempt.objects.filter(attempt_time__gte=since).order_by("-failures_since_start", "-attempt_time")
    return [Lockout(pk=row.pk, username=row.username or "", address=row.ip_address or "",
                    failures=row.failures_since_start, last_at=row.attempt_time, until=row.attempt_time + cool_off)
            for row in rows]


def lockout_lift(pk: int) -> Lockout | None:
    """Forget the wrong passwords of one username and address, so that login works at once."""
    row = AccessAttempt.objects.filter(pk=pk).first()
    if row is None:
        return None
    lifted = next((lockout for lockout in recent_failures() if lockout.pk == pk), None)
    AxesProxyHandler.reset_attempts(ip_address=row.ip_address, username=row.username)
    return lifted
