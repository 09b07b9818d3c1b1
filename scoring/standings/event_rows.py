"""An event's standings rows drawn afresh from its stored results (the cache keeps them between requests:
`scoring.standings.cache`; a season keeps each night's figure from them: `scoring.standings.services`)."""

from __future__ import annotations

from typing import Any

from scoring.models import Event, KeptFigures
from scoring.standings import order
from scoring.standings.night import night_rows
from scoring.standings.selectors import kept_standings, ranked


def event_rows(event: Event, ranking: order.Ranking) -> list[dict[str, Any]]:
    """One row per player, ranked; a progressive night's as it stands (`night.night_rows`, its byes scoring the
    round's average; one row a pair on a night of fixed pairs)."""
    if event.progressive:
        return night_rows(event, ranking)
    kept = KeptFigures.objects.filter(event=event, day__isnull=True)  # the event's own rows
    return ranked(kept_standings(kept, ranking), ranking)
