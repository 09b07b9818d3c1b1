"""Reading the whole club as it stood at one moment, while the club goes on writing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from django.db import connection, transaction


@contextmanager
def club_as_it_stands() -> Iterator[None]:
    """Every read inside sees the club as it stood at the first, whatever is written meanwhile: one
    transaction, REPEATABLE READ on PostgreSQL; on SQLite a deferred one, whose snapshot (in WAL mode, the
    site's setting) lets the secretary's saves go on beside it rather than wait for the whole export.

    Inside a transaction already begun, that transaction's view holds instead."""
    if connection.in_atomic_block:
        with transaction.atomic():
            yield
        return
    if connection.vendor == "sqlite":
        connection.ensure_connection()  # the mode below is read as the transaction begins, not at connecting
        immediate, connection.transaction_mode = connection.transaction_mode, None  # type: ignore[attr-defined]
        with ExitStack() as reading:
            try:
                reading.enter_context(transaction.atomic())  # BEGIN, deferred: no write lock is taken
            finally:
                connection.transaction_mode = immediate  # type: ignore[attr-defined]
            yield
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield
