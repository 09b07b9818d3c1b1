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
    """Rewrite the kept figures of one event's day from its counted results, and move the event's own by
    what changed (a few rows: the players of that day)."""
    old = list(KeptFigures.objects.filter(event_id=event_id, day=day))
    new = _computed(event_id, day)
    if _rows(old) == _rows(new):
        return
    KeptFigures.objects.filter(event_id=event_id, day=day).delete()
    KeptFigures.objects.bulk_create(new)
    _event_moved(event_id, minus=old, plus=new)


def _event_moved(event_id: int, *, minus: list[KeptFigures], plus: list[KeptFigures]) -> None:
    """Add `plus` to the event's own rows and take `minus` away; a pair left with no rubber loses its row."""
    moved: dict[tuple[int, int | None], list[int]] = defaultdict(lambda: [0] * len(FIGURES))
    for sign, rows in ((-1, minus), (1, plus)):
        for row in rows:
            change = moved[row.player_id, row.partner_id]
            for i, name in enumerate(FIGURES):
                change[i] += sign * getattr(row, name)
    moved = {key: change for key, change in moved.items() if any(change)}
    if not moved:
        return
    held = {(row.player_id, row.partner_id): row for row in KeptFigures.objects.filter(
        event_id=event_id, day__isnull=True, player_id__in={player for player, _ in moved})}
    changed: list[KeptFigures] = []
    added: list[KeptFigures] = []
    emptied: list[int] = []
    for (player, partner), change in moved.items():
        found = held.get((player, partner))
        if found is None:
            row = KeptFigures(event_id=event_id, day=None, player_id=player, partner_id=partner)
            added.append(row)
        else:
            row = found
            changed.append(row)
        for i, name in enumerate(FIGURES):
            setattr(row, name, getattr(row, name) + change[i])
        if row.rubber_count == 0 and row in changed:
            changed.remove(row)
            emptied.append(row.pk)
    KeptFigures.objects.filter(pk__in=emptied).delete()
    KeptFigures.objects.bulk_update(changed, list(FIGURES))
    KeptFigures.objects.bulk_create(added)


def totals_rebuild(event_ids: Iterable[int] | None = None) -> list[tuple[int, dt.date | None]]:
    """Rewrite the kept figures (of the events given, else all) from the stored results, reading each once;
    returns the event-days (None: the event's own rows) whose kept rows differed from what the results give."""
    events = None if event_ids is None else list(event_ids)
    results = RubberPlayerResult.objects.filter(rubber__in=Rubber.objects.counted())
    if events is not None:
        results = results.filter(rubber__event_id__in=events)
    fresh: dict[tuple[int, dt.date | None], list[KeptFigures]] = defaultdict(list)
    for day_field in ("rubber__played_on", None):
        keys = ["rubber__event_id", *([day_field] if day_field else []), "player_id", "partner_id"]
        for row in results.values(*keys).annotate(**SUMS).order_by():
            key = (row["rubber__event_id"], row[day_field] if day_field else None)
            fresh[key].append(KeptFigures(event_id=key[0], day=key[1], player_id=row["player_id"],
                                          partner_id=row["partner_id"], **_figures_of(row)))
    kept: dict[tuple[int, dt.date | None], list[KeptFigures]] = defaultdict(list)
    for stored in KeptFigures.objects.all() if events is None else KeptFigures.objects.filter(event_id__in=events):
        kept[stored.event_id, stored.day].append(stored)
    differed = sorted((key for key in fresh.keys() | kept.keys() if _rows(fresh[key]) != _rows(kept[key])),
                      key=lambda key: (key[0], key[1] or dt.date.min))
    for event_id, day in differed:
        rows = KeptFigures.objects.filter(event_id=event_id)
        (rows.filter(day__isnull=True) if day is None else rows.filter(day=day)).delete()
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
