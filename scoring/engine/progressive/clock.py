"""A round's clock: when its time is up, whether the secretary may call time, and what a table still playing does
then. One clock for every event in rounds; a night's rules say what calling time does (`NightRules.time_called`).

Time is up when the secretary calls it or the round's minutes run out, whichever comes first. Where each table
finishes the deal in play, the deal entered after time is up is the table's last (no extra deal for a tie); where
play stops at once, calling time is closing the round, and the deal in play does not count.

>>> from datetime import datetime, timedelta
>>> start = datetime(2026, 11, 27, 19, 30)
>>> clock = RoundClock(started_at=start, minutes=20, called_at=None, finish=True)
>>> clock.up_at() == start + timedelta(minutes=20), clock.is_up(start + timedelta(minutes=5))
(True, False)
>>> clock.seconds_left(start + timedelta(minutes=19, seconds=30))
30
>>> clock.last_deal(7, start + timedelta(minutes=21)), clock.last_deal(7, start + timedelta(minutes=5))
(7, None)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

__all__ = ["RoundClock"]


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A round in play: when it started, its minutes (None for none), when the secretary called time (None before
    he does), and whether a table still playing finishes the deal in play (else it stops at once)."""

    started_at: datetime | None
    minutes: int | None
    called_at: datetime | None
    finish: bool

    def up_at(self) -> datetime | None:
        """When time is up: called, or the minutes run out, whichever came first; None while neither has a time."""
        ends = [self.called_at] if self.called_at else []
        if self.started_at is not None and self.minutes:
            ends.append(self.started_at + timedelta(minutes=self.minutes))
        return min(ends) if ends else None

    def is_up(self, now: datetime) -> bool:
        up = self.up_at()
        return up is not None and up <= now

    def seconds_left(self, now: datetime) -> int | None:
        """Whole seconds until time is up (0 once it is); None with no time set or called."""
        up = self.up_at()
        return None if up is None else max(0, math.ceil((up - now).total_seconds()))

    def callable(self, now: datetime) -> bool:
        """Whether the secretary may call time now: tables finish the deal in play (where play stops at once,
        calling time is closing the round) and time is not up already."""
        return self.finish and not self.is_up(now)

    def last_deal(self, number: int, now: datetime) -> int | None:
        """The deals the table plays, if deal `number`, entered `now`, ends its round: it was entered once time was
        up at an event whose tables finish the deal in play. None while the table plays on."""
        return number if self.finish and self.is_up(now) else None
