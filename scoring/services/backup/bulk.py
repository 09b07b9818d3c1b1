"""How a restore writes its rows: checked in memory and written a table at a time (`_Bulk`), or, to name the
row at fault in a backup that is refused, checked against the database and saved one by one (`_OneByOne`);
`in_bulk` tries the first and falls back to the second for the one unit at fault."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import DataError, IntegrityError, connection, transaction
from django.db.models import Field, Model
from django.utils import timezone
from simple_history.utils import get_history_manager_for_model

from scoring.engine import ReportedHand
from scoring.models import GameRecord, Hand, Penalty, Rubber, RubberPlayerResult, Ruling, SeatChange
from scoring.services.as_recorded import insert_as_recorded
from scoring.services.backup.files import BackupError
from scoring.services.backup.records import WRITE_ORDER
from scoring.services.play import as_scored
from scoring.services.scoring import rubber_rescore, rubber_scored

MOST_ID = 2**63 - 1  # what a database's integer key holds
Stamps = dict[str, dt.datetime | None]
"""When a row was first recorded, as the backup has it (None: not known, so the time of the restore)."""


@dataclass(frozen=True)
class RestoredHand:
    """A hand with the penalties and rulings it is scored with (unsaved in a bulk restore)."""

    hand: Hand
    penalties: list[Penalty]
    rulings: list[Ruling]


@dataclass(frozen=True)
class RestoredRubber:
    """A rubber with what it is scored from: its hands in order and its substitutes by the hand they sit from."""

    rubber: Rubber
    hands: list[RestoredHand]
    seat_changes: list[SeatChange]


class Rows(Protocol):
    """Where a restore puts the rows it builds from the backup, in the order they link to each other."""

    def add(self, obj: Model, where: str, exclude: tuple[str, ...] = (), stamps: Stamps | None = None) -> None:
        """Check a row (refusing it with `where` and what is wrong) and keep it, with its first `stamps`."""

    def scored(self, restored: RestoredRubber, where: str) -> None:
        """Rescore a rubber whose rows are all added, and keep its result."""


Unit = Callable[[Rows], object]
"""Builds the rows of one thing restored (a player, an event, a rubber, an event's rounds)."""


def in_bulk(units: Sequence[Unit]) -> None:
    """Restore `units` together in bulk. When a row is refused, the group is rolled back and each half
    restored the same way, down to the one unit at fault, which is restored row by row so that the error
    names its file and what is wrong (a sound backup is restored in bulk; a broken one is refused as
    plainly as before, only slower)."""
    if connection.features.can_return_rows_from_bulk_insert:  # linking rows written together needs their ids
        try:
            with transaction.atomic():
                rows = _Bulk()
                for unit in units:
                    unit(rows)
                rows.write()
            return
        except (_Refused, IntegrityError, DataError):
            pass
    if len(units) == 1 or not connection.features.can_return_rows_from_bulk_insert:
        for unit in units:
            unit(_OneByOne())
        return
    middle = len(units) // 2
    in_bulk(units[:middle])
    in_bulk(units[middle:])


def checked(obj: Model, where: str, exclude: tuple[str, ...] = (), *, in_memory: bool = False) -> None:
    """Refuse a row a form would refuse, naming `where` it came from and what is wrong.

    `in_memory` checks without the database: the fields and the model's own rules, but neither unique
    nor other constraints (left to the database when the row is written in bulk) nor links, which the
    restore makes only to rows it has (a link to a row written in the same bulk has no id yet)."""
    if obj.pk is not None and (type(obj.pk) is not int or obj.pk < 1):  # ids are counted from 1
        raise BackupError(f"{where}: id {obj.pk!r} is not a whole number from 1 up.")
    if obj.pk is not None and obj.pk > MOST_ID:
        raise BackupError(f"{where}: id {obj.pk} is larger than a database can hold.")
    for field in _required(type(obj), exclude):  # full_clean passes an empty value that the column refuses
        if getattr(obj, field.attname) is None \
                and not (in_memory and field.is_relation and getattr(obj, field.name) is not None):
            raise BackupError(f"{where}: {field.name} is missing (null).")
    try:
        if in_memory:
            obj.full_clean(exclude=[*exclude, *_links(type(obj))], validate_unique=False, validate_constraints=False)
        else:  # unique checks too: a backup edited by hand may repeat an id, a slug or a name
            obj.full_clean(exclude=exclude, validate_unique=True, validate_constraints=True)
    except ValidationError as exc:
        problems = [f"{field}: {' '.join(messages)}" if field != "__all__" else " ".join(messages)
                    for field, messages in exc.message_dict.items()]
        raise BackupError(f"{where}: {'; '.join(problems)}") from None


@functools.cache
def _required(model: type[Model], exclude: tuple[str, ...]) -> tuple[Field[Any, Any], ...]:
    """The model's fields whose column refuses an empty value and that nothing fills when it is saved (not
    its id, nor a field with a default or the time it is saved), less those `exclude` names."""
    return tuple(f for f in model._meta.concrete_fields if isinstance(f, Field) and not f.null and not f.primary_key
                 and f.attname not in exclude and not f.has_default() and not getattr(f, "auto_now_add", False))


@functools.cache
def _links(model: type[Model]) -> tuple[str, ...]:
    """The model's links to other rows, whose form check reads the row linked to."""
    return tuple(f.name for f in model._meta.concrete_fields if f.is_relation)


class _OneByOne:
    """Each row checked against the database and saved at once, as a form would save it: slow, but it
    names the row at fault and says what is wrong with it as the form would."""

    def add(self, obj: Model, where: str, exclude: tuple[str, ...] = (), stamps: Stamps | None = None) -> None:
        checked(obj, where, exclude)
        try:
            with transaction.atomic():
                obj.save(force_insert=True)
        except IntegrityError as exc:
            first_line = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise BackupError(f"{where}: {first_line}".rstrip(".") + ".") from None
        given = {name: when for name, when in (stamps or {}).items() if when is not None}
        if given:  # the times first recorded, not the time of the restore
            type(obj)._default_manager.filter(pk=obj.pk).update(**given)

    def scored(self, restored: RestoredRubber, where: str) -> None:
        try:
            rubber_rescore(restored.rubber)
        except ValidationError as exc:
            raise BackupError(f"{where}: {' '.join(exc.messages)}") from None


class _Refused(Exception):
    """A row the bulk checks refused: the group it is in is restored again in smaller groups."""


class _Bulk:
    """Rows checked in memory and written a table at a time, rubbers rescored in memory: a fixed number
    of queries for a batch. The database's own constraints (unique ids, names, seats) refuse what the
    memory checks cannot see."""

    def __init__(self) -> None:
        self.rows: dict[type[Model], list[Model]] = {model: [] for model in WRITE_ORDER}

    def add(self, obj: Model, where: str, exclude: tuple[str, ...] = (), stamps: Stamps | None = None) -> None:
        try:
            checked(obj, where, exclude, in_memory=True)
        except BackupError:
            raise _Refused from None
        _stamp(obj, stamps or {})
        self.rows[type(obj)].append(obj)

    def scored(self, restored: RestoredRubber, where: str) -> None:
        rubber = restored.rubber
        rulebook = rubber.rulebook
        parts = {h.hand.number: h for h in restored.hands}

        def scored_as(hand: Hand) -> ReportedHand:
            return as_scored(hand, rulebook, penalties=parts[hand.number].penalties,
                             rulings=parts[hand.number].rulings)

        try:
            _, records = rubber_scored(rubber, [h.hand for h in restored.hands], restored.seat_changes,
                                       scored_as=scored_as)
        except ValidationError as exc:
            raise BackupError(f"{where}: {' '.join(exc.messages)}") from None
        self.rows[GameRecord] += records.games
        self.rows[RubberPlayerResult] += records.players

    def write(self) -> None:
        """Insert every table's rows as they are (their creation goes into their history at the end of the
        restore, `history_recorded`)."""
        for model, objs in self.rows.items():
            if objs:
                insert_as_recorded(model, objs)


def _stamp(obj: Model, stamps: Stamps) -> None:
    """Give a row the times it was first recorded, and the time of the restore for any the backup does
    not know (what saving it would give)."""
    for name in _stamped(type(obj)):
        setattr(obj, name, stamps.get(name) or timezone.now())


@functools.cache
def _stamped(model: type[Model]) -> tuple[str, ...]:
    """The model's times that saving a row sets by itself."""
    return tuple(f.attname for f in model._meta.concrete_fields
                 if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False))


def history_recorded(since: dt.datetime) -> None:
    """Record the creation of every restored row in its history, as saving it would, one statement a table:
    each row with none recorded `since` the restore began (those restored one by one were saved, and have
    theirs; a club deleted before may have left the same ids in the history) is copied as it stands."""
    quote = connection.ops.quote_name
    now, began = (connection.ops.adapt_datetimefield_value(when) for when in (timezone.now(), since))
    with connection.cursor() as cursor:
        for model in WRITE_ORDER:
            if not hasattr(model._meta, "simple_history_manager_attribute"):
                continue
            history = get_history_manager_for_model(model).model
            copied = [quote(f.column) for f in history._meta.concrete_fields if not f.name.startswith("history_")]
            base, past = quote(model._meta.db_table), quote(history._meta.db_table)
            key = quote(model._meta.pk.column)
            into = ", ".join([*copied, "history_date", "history_change_reason", "history_type", "history_user_id"])
            rows = ", ".join(f"{base}.{column}" for column in copied)
            # Table and column names come from the models, the one value is a parameter.
            cursor.execute(f"INSERT INTO {past} ({into}) SELECT {rows}, %s, NULL, '+', NULL FROM {base} "
                           f"WHERE NOT EXISTS (SELECT 1 FROM {past} WHERE {past}.{key} = {base}.{key} "
                           f"AND {past}.history_date >= %s)", [now, began])


def sequences_moved_on() -> None:
    """Rows were written with their old ids; move each table's id sequence past them (PostgreSQL)."""
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), list(WRITE_ORDER)):
            cursor.execute(sql)
