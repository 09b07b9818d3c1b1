"""Keeping the figures standings and players' pages read (`KeptFigures`), from the stored results.

Every change to a rubber's stored result rewrites the kept rows of its event's day, in the same transaction
and under the event's lock: a night's rows, however long the club's past. `totals_rebuild` rewrites them all
(after a bulk load or a restore, or to check them) and says which event-days differed.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Q, Sum

from scoring.models import KeptFigures, Rubber, RubberPlayerResult

FIGURES: dict[str, Any] = {
    "rubber_count": Count("id"),
    "won_count": Count("id", filter=Q(won=True)),
    "lost_count": Count("id", filter=Q(won=False)),
    "games_won": Sum("games_won"),
    "doubles_won": Sum("doubles_won"),
    "points_for": Sum("points_for"),
    "points_against": Sum("points_against"),
    "lone_hands": Sum("lone_hands"),
    "euchres_made": Sum("euchres"),
}
"""Each kept figure as the stored results add up to it (annotated as `k_<figure>`, since several share a name
with a result's own field)."""
SUMS = {f"k_{name}": total for name, total in FIGURES.items()}


def figures_keep(event_id: int, day: dt.date) -> None:
    """Rewrite the kept figures of one event's day from its counted results."""
    KeptFigures.objects.filter(event_id=event_id, day=day).delete()
    KeptFigures.objects.bulk_create(_computed(event_id, day))


def totals_rebuild(event_ids: Iterable[int] | None = None) -> list[tuple[int, dt.date]]:
    """Rewrite the kept figures (of the events given, else all) from the stored results, reading each once;
    returns the event-days whose kept rows differed from what the results give, in order."""
    events = None if event_ids is None else list(event_ids)
    fresh: dict[tuple[int, dt.date], list[KeptFigures]] = defaultdict(list)
    results = RubberPlayerResult.objects.filter(rubber__in=Rubber.objects.counted())
    if events is not None:
        results = results.filter(rubber__event_id__in=events)
    for row in (results.values("rubber__event_id", "rubber__played_on", "player_id", "partner_id")
                .annotate(**SUMS).order_by()):
        key = (row["rubber__event_id"], row["rubber__played_on"])
        fresh[key].append(KeptFigures(event_id=key[0], day=key[1], player_id=row["player_id"],
                                      partner_id=row["partner_id"], **_figures_of(row)))
    kept: dict[tuple[int, dt.date], list[KeptFigures]] = defaultdict(list)
    for stored in KeptFigures.objects.all() if events is None else KeptFigures.objects.filter(event_id__in=events):
        kept[stored.event_id, stored.day].append(stored)
    differed = sorted(key for key in fresh.keys() | kept.keys() if _rows(fresh[key]) != _rows(kept[key]))
    for event_id, day in differed:
        KeptFigures.objects.filter(event_id=event_id, day=day).delete()
    KeptFigures.objects.bulk_create((row for key in differed for row in fresh[key]), batch_size=2000)
    return differed


def _computed(event_id: int, day: dt.date) -> list[KeptFigures]:
    results = RubberPlayerResult.objects.filter(rubber__in=Rubber.objects.counted().filter(
        event_id=event_id, played_on=day))
    return [KeptFigures(event_id=event_id, day=day, player_id=row["player_id"], partner_id=row["partner_id"],
                        **_figures_of(row))
            for row in results.values("player_id", "partner_id").annotate(**SUMS).order_by()]


def _figures_of(row: dict[str, Any]) -> dict[str, int]:
    return {name: row[f"k_{name}"] or 0 for name in FIGURES}


def _rows(rows: Iterable[KeptFigures]) -> list[tuple[Any, ...]]:
    return sorted((row.player_id, row.partner_id or 0, *(getattr(row, name) for name in FIGURES)) for row in rows)
