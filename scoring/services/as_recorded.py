"""Many rows of one table inserted with the values they hold, as a restore writes them, and as the kept totals
are rewritten all at once (`kept.totals_rebuild`).

The values are kept as they are, as fixtures are loaded: the times a backup gives stay, where a model's
`auto_now_add` would put the time of the restore. Each row without an id is given the one the database
returns, so the rows linked to it (a penalty to its hand) can be written next.

This is what `QuerySet.bulk_create` does, less its work on every value: a restore writes a few hundred
thousand rows of plain numbers, words and dates, whose values pass to the database driver as they are
(the field's own preparation is kept for anything else), several times faster.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connection, connections, models
from django.db.models import NOT_PROVIDED, Field, Model
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init

M = TypeVar("M", bound=Model)

PLAIN: dict[type[Field[Any, Any]], type] = {
    models.AutoField: int, models.BigAutoField: int, models.IntegerField: int, models.PositiveIntegerField: int,
    models.PositiveSmallIntegerField: int, models.SmallIntegerField: int, models.BigIntegerField: int,
    models.ForeignKey: int, models.OneToOneField: int, models.BooleanField: bool, models.CharField: str,
    models.TextField: str, models.SlugField: str}
"""Fields whose values of the given type the drivers take as Python gives them (exactly these classes: a
subclass may prepare its values otherwise). A value of any other type is prepared by the field, as
`bulk_create` would."""


def insert_as_recorded(model: type[Model], objs: Sequence[Model]) -> None:
    """Insert `objs` (all of `model`) with the values they hold; those without an id are given theirs."""
    for obj in objs:
        _links_given_ids(model, obj)
    given = [obj for obj in objs if obj.pk is not None]
    new = [obj for obj in objs if obj.pk is None]
    fields = [f for f in model._meta.concrete_fields if isinstance(f, Field)]
    if given:
        _insert(model, fields, given, returning=False)
    if new:
        _insert(model, [f for f in fields if not f.primary_key], new, returning=True)
    for obj in objs:
        obj._state.adding, obj._state.db = False, connection.alias


def row_made(model: type[M], values: Mapping[str, Any], linked: Mapping[str, Model | None]) -> M:
    """An unsaved row of `model` holding `values` (by attname) and its defaults for the rest, linked to the rows
    `linked` names (by field name): what `Model.__init__` makes of the values in the fields' order, without its
    work on each field, and without the signals it sends when nothing listens to them."""
    made = _made(model)
    row = made.values.copy()
    for name, default in made.called:
        if name not in values:
            row[name] = default()
    row.update(values)
    for name, linked_row in linked.items():
        row[made.links[name].attname] = None if linked_row is None else linked_row.pk
    if len(row) != len(made.values):
        raise TypeError(f"{model.__name__} has no field {sorted(row.keys() - made.values.keys())}.")
    if pre_init.has_listeners(model) or post_init.has_listeners(model):
        obj = model(*row.values())
    else:
        obj = model.__new__(model)
        obj._state = ModelState()
        obj.__dict__.update(row)
    for name, linked_row in linked.items():
        made.links[name].set_cached_value(obj, linked_row)
    return obj


@dataclass(frozen=True)
class _Made:
    """How rows of one model are made: each field's value unless given (None for those a callable gives
    afresh for each row, `called`), and its links by name."""

    values: dict[str, Any]
    called: tuple[tuple[str, Callable[[], Any]], ...]
    links: dict[str, models.ForeignKey[Any, Any]]


@functools.cache
def _made(model: type[Model]) -> _Made:
    fields = [f for f in model._meta.concrete_fields if isinstance(f, Field)]
    called = tuple((f.attname, f.get_default) for f in fields
                   if (f.has_default() and callable(f.default)) or f.db_default is not NOT_PROVIDED)
    afresh = {name for name, _ in called}
    return _Made({f.attname: None if f.attname in afresh else f.get_default() for f in fields}, called,
                 {f.name: f for f in _links(model)})


def _links_given_ids(model: type[Model], obj: Model) -> None:
    """A link to a row written just before (a penalty to its hand) takes that row's id, given as it was
    inserted; a link to a row never written is refused, as saving would refuse it."""
    for field in _links(model):
        if getattr(obj, field.attname) is None and field.is_cached(obj):
            linked = field.get_cached_value(obj)
            if linked is not None and linked.pk is None:
                raise ValueError(f"{model.__name__}.{field.name} links to a {type(linked).__name__} not yet written.")
            if linked is not None:
                setattr(obj, field.attname, linked.pk)


@functools.cache
def _links(model: type[Model]) -> tuple[models.ForeignKey[Any, Any], ...]:
    return tuple(f for f in model._meta.concrete_fields if isinstance(f, models.ForeignKey))


def _insert(model: type[Model], fields: list[Field[Any, Any]], objs: Sequence[Model], *, returning: bool) -> None:
    ops = connection.ops
    quote = ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    values = _values(fields, objs)
    width = len(fields)
    pk = model._meta.pk
    assert pk is not None
    size = max(ops.bulk_batch_size(fields, objs), 1)
    row = "(" + ", ".join(["%s"] * width) + ")"
    back = f" RETURNING {quote(pk.column)}" if returning else ""
    with connection.cursor() as cursor:
        for start in range(0, len(objs), size):
            batch = objs[start:start + size]
            # Table and column names come from the model; every value is a parameter.
            cursor.execute(f"INSERT INTO {quote(model._meta.db_table)} ({columns}) "
                           f"VALUES {', '.join([row] * len(batch))}{back}",
                           values[start * width:(start + len(batch)) * width])
            if returning:  # in the order inserted, as bulk_create reads them too
                for obj, (key,) in zip(batch, cursor.fetchall(), strict=True):
                    obj.pk = key


def _values(fields: list[Field[Any, Any]], objs: Sequence[Model]) -> list[Any]:
    """The values of `objs`, a row after another, each as it goes to the database: read a row at a time and
    prepared a column at a time, a column of plain values of its field's type (or none) left as it is."""
    width = len(fields)
    read = operator.attrgetter(*(f.attname for f in fields))
    values = list(itertools.chain.from_iterable(map(read, objs))) if width > 1 else list(map(read, objs))
    database = connections[connection.alias]  # the connection itself, not the proxy looked up at each value
    for i, field in enumerate(fields):
        kind = PLAIN.get(type(field))
        if kind is None:
            values[i::width] = [field.get_db_prep_save(value, database) for value in values[i::width]]
        elif not set(map(type, values[i::width])) <= {kind, type(None)}:
            values[i::width] = [value if value is None or type(value) is kind
                                else field.get_db_prep_save(value, database) for value in values[i::width]]
    return values
