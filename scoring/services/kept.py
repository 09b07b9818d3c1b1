"""Keeping the figures standings and players' pages read (`KeptFigures`, `KeptOpposition`), from the stored
results.

Every change to a rubber's stored result rewrites the kept rows of its event's day, and moves the event's own
rows by the difference, in the same transaction and under the event's lock: a night's rows, however long the
club's past. `totals_rebuild` rewrites them all (after a bulk load, or to check them) and says which
event-days differed.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import Model, QuerySet

from scoring.models import KeptFigures, KeptOpposition, Rubber, RubberPlayerResult

Key = tuple[int, "dt.date | None", int, int | None]
"""(event, day or None for the whole event, player, partner or opponent)."""
Figures = dict[str, int]

RESULT_FIELDS = ("rubber_id", "rubber__event_id", "rubber__played_on", "player_id", "partner_id", "side", "won",
                 "games_won", "doubles_won", "points_for", "points_against", "lone_hands", "euchres")
KINDS: tuple[tuple[type[Model], str], ...] = ((KeptFigures, "partner_id"), (KeptOpposition, "opponent_id"))
"""Each kept table, with the field naming the other player of its rows."""


def figures_keep(event_id: int, day: dt.date) -> None:
    """Rewrite the kept rows of one event's day from its counted results, and move the event's own rows by
    what changed (a few rows: the players of that day)."""
    fresh = _tally(_results(Rubber.objects.counted().filter(event_id=event_id, played_on=day)), by_day=True)
    for model, other in KINDS:
        old = list(_manager(model).filter(event_id=event_id, day=day))
        new = [_row(model, other, key, figures) for key, figures in fresh[model].items()]
        if _rows(old, other) == _rows(new, other):
            continue
        _manager(model).filter(event_id=event_id, day=day).delete()
        _manager(model).bulk_create(new)
        _event_moved(model, other, event_id, minus=old, plus=new)


def totals_rebuild(event_ids: Iterable[int] | None = None) -> list[tuple[int, dt.date | None]]:
    """Rewrite the kept rows (of the events given, else all) from the stored results, reading them once;
    returns the event-days (None: an event's own rows) whose kept rows differed from what the results give."""
    events = None if event_ids is None else list(event_ids)
    counted = Rubber.objects.counted() if events is None else Rubber.objects.counted().filter(event_id__in=events)
    rows = list(_results(counted))
    differed: set[tuple[int, dt.date | None]] = set()
    for by_day in (True, False):
        fresh = _tally(rows, by_day=by_day)
        for model, other in KINDS:
            kept = _manager(model).all() if events is None else _manager(model).filter(event_id__in=events)
            kept = kept.filter(day__isnull=not by_day)
            held: dict[tuple[int, dt.date | None], list[Any]] = defaultdict(list)
            for stored in kept:
                held[stored.event_id, stored.day].append(stored)
            made: dict[tuple[int, dt.date | None], list[Any]] = defaultdict(list)
            for key, figures in fresh[model].items():
                made[key[0], key[1]].append(_row(model, other, key, figures))
            wrong = [day for day in made.keys() | held.keys() if _rows(made[day], other) != _rows(held[day], other)]
            for event_id, day in wrong:
                stale = _manager(model).filter(event_id=event_id)
                (stale.filter(day__isnull=True) if day is None else stale.filter(day=day)).delete()
            _manager(model).bulk_create((row for day in wrong for row in made[day]), batch_size=2000)
            differed.update(wrong)
    return sorted(differed, key=lambda key: (key[0], key[1] or dt.date.min))


def _results(rubbers: QuerySet[Rubber]) -> Iterable[dict[str, Any]]:
    rows: Iterable[dict[str, Any]] = (RubberPlayerResult.objects.filter(rubber__in=rubbers).values(*RESULT_FIELDS)
            .order_by("rubber_id", "id").iterator(chunk_size=5000))
    return rows


def _tally(results: Iterable[Mapping[str, Any]], *, by_day: bool) -> dict[type[Model], dict[Key, Figures]]:
    """Each player's figures with each partner and against each opponent, by event and day (or event)."""
    partners: dict[Key, Figures] = defaultdict(lambda: dict.fromkeys(KeptFigures.FIGURES, 0))
    opposed: dict[Key, Figures] = defaultdict(lambda: dict.fromkeys(KeptOpposition.FIGURES, 0))
    rubber: list[Mapping[str, Any]] = []
    for row in [*results, None]:
        if row is None or (rubber and row["rubber_id"] != rubber[0]["rubber_id"]):
            for mine in rubber:
                for theirs in rubber:
                    if theirs["side"] != mine["side"]:
                        _add(opposed[_key(mine, theirs["player_id"], by_day)], mine, KeptOpposition.FIGURES)
            rubber = []
        if row is None:
            break
        rubber.append(row)
        _add(partners[_key(row, row["partner_id"], by_day)], row, KeptFigures.FIGURES)
    return {KeptFigures: partners, KeptOpposition: opposed}


def _key(row: Mapping[str, Any], other: int | None, by_day: bool) -> Key:
    return row["rubber__event_id"], row["rubber__played_on"] if by_day else None, row["player_id"], other


SOURCE = {"games_won": "games_won", "doubles_won": "doubles_won", "points_for": "points_for",
          "points_against": "points_against", "lone_hands": "lone_hands", "euchres_made": "euchres"}
"""Where each summed figure comes from in a stored result (the first three, rubbers won and lost, are counted)."""


def _add(figures: Figures, row: Mapping[str, Any], names: tuple[str, ...]) -> None:
    figures["rubber_count"] += 1
    figures["won_count"] += row["won"] is True
    figures["lost_count"] += row["won"] is False
    for name in names[3:]:
        figures[name] += row[SOURCE[name]] or 0


def _row(model: type[Model], other: str, key: Key, figures: Figures) -> Any:
    return model(event_id=key[0], day=key[1], player_id=key[2], **{other: key[3]}, **figures)


def _manager(model: type[Model]) -> Any:
    return model._default_manager


def _event_moved(model: type[Model], other: str, event_id: int, *, minus: list[Any], plus: list[Any]) -> None:
    """Add `plus` to the event's own rows and take `minus` away; a pair left with no rubber loses its row."""
    names: tuple[str, ...] = model.FIGURES  # type: ignore[attr-defined]
    moved: dict[tuple[int, int | None], list[int]] = defaultdict(lambda: [0] * len(names))
    for sign, rows in ((-1, minus), (1, plus)):
        for row in rows:
            change = moved[row.player_id, getattr(row, other)]
            for i, name in enumerate(names):
                change[i] += sign * getattr(row, name)
    moved = {key: change for key, change in moved.items() if any(change)}
    if not moved:
        return
    held = {(row.player_id, getattr(row, other)): row for row in _manager(model).filter(
        event_id=event_id, day__isnull=True, player_id__in={player for player, _ in moved})}
    changed: list[Any] = []
    added: list[Any] = []
    emptied: list[int] = []
    for (player, partner), change in moved.items():
        row = held.get((player, partner))
        if row is None:
            row = _row(model, other, (event_id, None, player, partner), dict.fromkeys(names, 0))
            added.append(row)
        for i, name in enumerate(names):
            setattr(row, name, getattr(row, name) + change[i])
        if row.pk is not None and row.rubber_count == 0:
            emptied.append(row.pk)
        elif row.pk is not None:
            changed.append(row)
    _manager(model).filter(pk__in=emptied).delete()
    _manager(model).bulk_update(changed, list(names))
    _manager(model).bulk_create(added)


def _rows(rows: Iterable[Any], other: str) -> list[tuple[Any, ...]]:
    return sorted((row.player_id, getattr(row, other) or 0,
                   *(getattr(row, name) for name in type(row).FIGURES)) for row in rows)
