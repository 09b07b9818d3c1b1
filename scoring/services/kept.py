"""Keeping the figures standings and players' pages read (`KeptFigures`, `KeptOpposition`, `KeptMaking`),
from the stored results and hands.

Every change to a rubber's stored result rewrites the kept rows of its event's day, and moves the event's own
rows by the difference, in the same transaction and under the event's lock: a night's rows, however long the
club's past. `totals_rebuild` rewrites them all (after a bulk load, or to check them) and says which
event-days differed.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, Q, QuerySet, Sum

from scoring.models import (
    Event,
    Hand,
    KeptCharges,
    KeptFigures,
    KeptMaking,
    KeptOpposition,
    Penalty,
    Rubber,
    RubberPlayerResult,
)
from scoring.models.kept import Kept
from scoring.services.as_recorded import insert_as_recorded, row_made


@dataclass(frozen=True)
class _At:
    """The event whose rows are written, and the standings key they carry (its code, or the progressive
    tally)."""

    event_id: int
    code: str


Key = tuple[Any, ...]
"""(event, day or None for the whole event, then the kind's own keys: the player and his partner, ...)."""
Figures = dict[str, int]
Fresh = dict[Key, Figures]


@dataclass(frozen=True)
class Kind:
    """A kept table: its model and what, beside the event and the day, tells its rows apart."""

    model: type[Kept]
    keys: tuple[str, ...]

    @property
    def figures(self) -> tuple[str, ...]:
        return self.model.FIGURES

    @property
    def rows(self) -> Any:
        return self.model._default_manager


PARTNERS = Kind(KeptFigures, ("player_id", "partner_id"))
OPPONENTS = Kind(KeptOpposition, ("player_id", "opponent_id"))
MAKING = Kind(KeptMaking, ("player_id", "position", "alone"))
CHARGES = Kind(KeptCharges, ("player_id",))
KINDS = (PARTNERS, OPPONENTS, MAKING, CHARGES)

RESULT_FIELDS = ("rubber_id", "rubber__event_id", "rubber__played_on", "player_id", "partner_id", "side", "won",
                 "games_won", "doubles_won", "points_for", "points_against", "lone_hands", "euchres")
SOURCE = {"games_won": "games_won", "doubles_won": "doubles_won", "points_for": "points_for",
          "points_against": "points_against", "lone_hands": "lone_hands", "euchres_made": "euchres"}
"""Where each summed figure comes from in a stored result (the first three, rubbers won and lost, are counted)."""
MADE = {"made": Count("id"), "succeeded": Count("id", filter=Q(tricks__gte=3) | Q(tricks__isnull=True)),
        "marches": Count("id", filter=Q(tricks=5)), "euchred": Count("id", filter=Q(tricks__lt=3))}
"""A maker's hands as they scored: made when the makers took three tricks or more, or an adversary abandoned
the lone hand (law 50: no tricks recorded)."""


def figures_keep(event: Event, day: dt.date) -> None:
    """Rewrite the kept results of one event's day (with each partner, against each opponent) from its counted
    rubbers, and move the event's own rows by what changed."""
    fresh = _tally(_results(Rubber.objects.counted().filter(event_id=event.pk, played_on=day)), by_day=True)
    for kind in (PARTNERS, OPPONENTS):
        _store(kind, _At(event.pk, event.playing.standings_key), day, fresh[kind])


def making_keep(event: Event, day: dt.date) -> None:
    """Rewrite the kept maker figures and penalties of one event's day from its hands, and move the event's own
    rows."""
    at = _At(event.pk, event.playing.standings_key)
    _store(MAKING, at, day, _made(_hands().filter(rubber__event_id=event.pk, rubber__played_on=day), by_day=True))
    _store(CHARGES, at, day, _charged(Penalty.objects.filter(hand__rubber__event_id=event.pk,
                                                             hand__rubber__played_on=day), by_day=True))


def making_add(event: Event, day: dt.date, hand: Hand) -> None:
    """Count one more hand made, `hand` (scored, its maker's figure on it), in the kept maker figures of its event's
    day and of the event: what `making_keep` would write once the hand is stored, where nothing else moved."""
    tricks, maker = hand.tricks, hand.maker_player_id
    assert maker is not None
    figures = {"made": 1, "succeeded": int(tricks is None or tricks >= 3), "marches": int(tricks == 5),
               "euchred": int(tricks is not None and tricks < 3)}
    his = KeptMaking.objects.filter(event_id=event.pk, player_id=maker, position=hand.maker_position,
                                    alone=hand.alone)
    # The day's row and the event's each found down the (event, day, player) index: a `day = ? OR day IS NULL`
    # reads every row of the event on SQLite, a club's whole past.
    rows = KeptMaking.objects.filter(pk__in=his.filter(day=day).values("pk").union(
        his.filter(day__isnull=True).values("pk"), all=True))
    if rows.update(**{name: F(name) + figures[name] for name in MAKING.figures}) == 2:
        return  # the day's row and the event's, both held already
    held = set(rows.values_list("day", flat=True))
    at = _At(event.pk, event.playing.standings_key)
    KeptMaking.objects.bulk_create(
        _row(MAKING, at, (event.pk, when, maker, hand.maker_position, hand.alone), figures)
        for when in (day, None) if when not in held)


REBUILD_CHUNK = 2000
"""Rubbers whose kept rows `totals_rebuild` reads and rewrites together: memory holds a chunk of days and one
event's own rows, not the club."""


def totals_rebuild(event_ids: Iterable[int] | None = None) -> list[tuple[int, dt.date | None]]:
    """Rewrite the kept rows (of the events given, else all) from the stored results and hands, a chunk of an
    event's days at a time, then the event's own rows as the sum of its days'; returns the event-days (None:
    an event's own rows) whose kept rows differed from what they give."""
    events = None if event_ids is None else set(event_ids)
    differed: list[tuple[int, dt.date | None]] = []
    days = _event_days(events)
    codes = {event.pk: event.playing.standings_key for event in Event.objects.all()
             if events is None or event.pk in events}
    for event_id in sorted({event for event, _ in days} | _events_kept(events)):
        at = _At(event_id, codes.get(event_id, ""))
        summed: dict[Kind, Fresh] = {kind: {} for kind in KINDS}
        for first, last in _chunks(_days_of(days, event_id)):
            fresh = _fresh_days(event_id, first, last)
            for kind in KINDS:
                held: dict[dt.date | None, list[Any]] = defaultdict(list)
                for stored in kind.rows.filter(event_id=event_id, day__range=(first, last)):
                    held[stored.day].append(stored)
                made: dict[dt.date | None, list[Any]] = defaultdict(list)
                for key, figures in fresh[kind].items():
                    made[key[1]].append(_row(kind, at, key, figures))
                    into = summed[kind].setdefault((event_id, None, *key[2:]), dict.fromkeys(kind.figures, 0))
                    for name in kind.figures:
                        into[name] += figures[name]
                differed += _rewritten(kind, event_id, made, held)
        for kind in KINDS:
            held_event: dict[dt.date | None, list[Any]] = {
                None: list(kind.rows.filter(event_id=event_id, day__isnull=True))}
            made_event: dict[dt.date | None, list[Any]] = {
                None: [_row(kind, at, key, figures) for key, figures in summed[kind].items()]}
            differed += _rewritten(kind, event_id, made_event, held_event)
    return sorted(set(differed), key=lambda key: (key[0], key[1] or dt.date.min))


def _event_days(events: set[int] | None) -> dict[tuple[int, dt.date], int]:
    """Every event-day with a rubber or a kept row, with how many rubbers it has."""
    rubbers = Rubber.objects.all() if events is None else Rubber.objects.filter(event_id__in=events)
    days = {(row["event_id"], row["played_on"]): row["n"]
            for row in rubbers.values("event_id", "played_on").annotate(n=Count("id")).order_by()}
    for kind in KINDS:
        kept = kind.rows.filter(day__isnull=False)
        for event_id, day in (kept if events is None else kept.filter(event_id__in=events)) \
                .values_list("event_id", "day").distinct():
            days.setdefault((event_id, day), 0)
    return days


def _events_kept(events: set[int] | None) -> set[int]:
    """The events with kept rows of their own (one left with no rubber must lose them)."""
    found: set[int] = set()
    for kind in KINDS:
        kept = kind.rows.filter(day__isnull=True)
        found.update((kept if events is None else kept.filter(event_id__in=events))
                     .values_list("event_id", flat=True).distinct())
    return found


def _days_of(days: dict[tuple[int, dt.date], int], event_id: int) -> list[tuple[dt.date, int]]:
    return sorted((day, count) for (event, day), count in days.items() if event == event_id)


def _chunks(days: list[tuple[dt.date, int]]) -> Iterable[tuple[dt.date, dt.date]]:
    """Runs of consecutive days holding about `REBUILD_CHUNK` rubbers (a busier day alone), first and last."""
    run: list[dt.date] = []
    rubbers = 0
    for day, count in days:
        if run and rubbers + count > REBUILD_CHUNK:
            yield run[0], run[-1]
            run, rubbers = [], 0
        run.append(day)
        rubbers += count
    if run:
        yield run[0], run[-1]


def _fresh_days(event_id: int, first: dt.date, last: dt.date) -> dict[Kind, Fresh]:
    """What the stored results, hands and penalties of an event's days `first` to `last` give, by day."""
    span = {"event_id": event_id, "played_on__range": (first, last)}
    hands = _hands().filter(**{f"rubber__{k}": v for k, v in span.items()})
    penalties = Penalty.objects.filter(**{f"hand__rubber__{k}": v for k, v in span.items()})
    return _tally(_results(Rubber.objects.counted().filter(**span)), by_day=True) | {
        MAKING: _made(hands, by_day=True), CHARGES: _charged(penalties, by_day=True)}


def _rewritten(kind: Kind, event_id: int, made: Mapping[dt.date | None, list[Any]],
               held: Mapping[dt.date | None, list[Any]]) -> list[tuple[int, dt.date | None]]:
    """Rewrite the days whose kept rows differ from those made; returns them."""
    wrong = [day for day in made.keys() | held.keys()
             if _rows(kind, made.get(day, [])) != _rows(kind, held.get(day, []))]
    stale = [row.pk for day in wrong for row in held.get(day, [])]
    for start in range(0, len(stale), 500):
        kind.rows.filter(pk__in=stale[start:start + 500]).delete()
    insert_as_recorded(kind.model, [row for day in wrong for row in made.get(day, [])])
    return [(event_id, day) for day in wrong]


def _store(kind: Kind, at: _At, day: dt.date, fresh: Fresh) -> None:
    old = list(kind.rows.filter(event_id=at.event_id, day=day))
    new = [_row(kind, at, key, figures) for key, figures in fresh.items()]
    if _rows(kind, old) == _rows(kind, new):
        return
    kind.rows.filter(event_id=at.event_id, day=day).delete()
    kind.rows.bulk_create(new)
    _event_moved(kind, at, minus=old, plus=new)


def _results(rubbers: QuerySet[Rubber]) -> Iterable[dict[str, Any]]:
    rows: Iterable[dict[str, Any]] = (RubberPlayerResult.objects.filter(rubber__in=rubbers).values(*RESULT_FIELDS)
                                      .order_by("rubber_id", "id").iterator(chunk_size=5000))
    return rows


def _hands() -> QuerySet[Hand]:
    return Hand.objects.filter(maker_player__isnull=False).exclude(rubber__status=Rubber.Status.ABANDONED)


def _made(hands: QuerySet[Hand], *, by_day: bool) -> Fresh:
    keys = ["rubber__event_id", *(["rubber__played_on"] if by_day else []), "maker_player_id", "maker_position",
            "alone"]
    return {(row["rubber__event_id"], row["rubber__played_on"] if by_day else None, row["maker_player_id"],
             row["maker_position"], row["alone"]): {name: row[name] for name in MADE}
            for row in hands.values(*keys).annotate(**MADE).order_by()}


def _charged(penalties: QuerySet[Penalty], *, by_day: bool) -> Fresh:
    """The penalties charged to each player's side (every player who sat on it in the rubber)."""
    keys = ["hand__rubber__event_id", *(["hand__rubber__played_on"] if by_day else []),
            "hand__rubber__player_results__player_id"]
    rows = (penalties.filter(hand__rubber__player_results__side=F("side")).values(*keys)
            .annotate(charged=Sum("count")).order_by())
    return {(row["hand__rubber__event_id"], row["hand__rubber__played_on"] if by_day else None,
             row["hand__rubber__player_results__player_id"]): {"penalties": row["charged"] or 0} for row in rows}


def _tally(results: Iterable[Mapping[str, Any]], *, by_day: bool) -> dict[Kind, Fresh]:
    """Each player's figures with each partner and against each opponent, by event and day (or event)."""
    partners: Fresh = defaultdict(lambda: dict.fromkeys(PARTNERS.figures, 0))
    opposed: Fresh = defaultdict(lambda: dict.fromkeys(OPPONENTS.figures, 0))
    rubber: list[Mapping[str, Any]] = []
    for row in [*results, None]:
        if row is None or (rubber and row["rubber_id"] != rubber[0]["rubber_id"]):
            for mine in rubber:
                for theirs in rubber:
                    if theirs["side"] != mine["side"]:
                        _add(opposed[_key(mine, theirs["player_id"], by_day)], mine, OPPONENTS.figures)
            rubber = []
        if row is None:
            break
        rubber.append(row)
        _add(partners[_key(row, row["partner_id"], by_day)], row, PARTNERS.figures)
    return {PARTNERS: partners, OPPONENTS: opposed}


def _key(row: Mapping[str, Any], other: int | None, by_day: bool) -> Key:
    return row["rubber__event_id"], row["rubber__played_on"] if by_day else None, row["player_id"], other


def _add(figures: Figures, row: Mapping[str, Any], names: tuple[str, ...]) -> None:
    figures["rubber_count"] += 1
    figures["won_count"] += row["won"] is True
    figures["lost_count"] += row["won"] is False
    for name in names[3:]:
        figures[name] += row[SOURCE[name]] or 0


def _row(kind: Kind, at: _At, key: Key, figures: Figures) -> Any:
    return row_made(kind.model, {"event_id": key[0], "code": at.code, "day": key[1],
                                 **dict(zip(kind.keys, key[2:], strict=True)), **figures}, {})


def _event_moved(kind: Kind, at: _At, *, minus: list[Any], plus: list[Any]) -> None:
    """Add `plus` to the event's own rows and take `minus` away; a row left counting nothing is removed."""
    names = kind.figures
    moved: dict[Key, list[int]] = defaultdict(lambda: [0] * len(names))
    for sign, rows in ((-1, minus), (1, plus)):
        for row in rows:
            change = moved[tuple(getattr(row, key) for key in kind.keys)]
            for i, name in enumerate(names):
                change[i] += sign * getattr(row, name)
    moved = {key: change for key, change in moved.items() if any(change)}
    if not moved:
        return
    event_id = at.event_id
    held = {tuple(getattr(row, key) for key in kind.keys): row for row in kind.rows.filter(
        event_id=event_id, day__isnull=True, player_id__in={key[0] for key in moved})}
    changed: list[Any] = []
    added: list[Any] = []
    emptied: list[int] = []
    for key, change in moved.items():
        row = held.get(key)
        if row is None:
            row = _row(kind, at, (event_id, None, *key), dict.fromkeys(names, 0))
            added.append(row)
        for i, name in enumerate(names):
            setattr(row, name, getattr(row, name) + change[i])
        if row.pk is not None and getattr(row, names[0]) == 0:
            emptied.append(row.pk)
        elif row.pk is not None:
            changed.append(row)
    kind.rows.filter(pk__in=emptied).delete()
    kind.rows.bulk_update(changed, list(names))
    kind.rows.bulk_create(added)


def _rows(kind: Kind, rows: Iterable[Any]) -> list[tuple[Any, ...]]:
    """The rows as values to compare: their standings key, their own keys and their figures."""
    return sorted((row.code, *(-1 if (value := getattr(row, key)) is None else value for key in kind.keys),
                   *(getattr(row, name) for name in kind.figures)) for row in rows)
