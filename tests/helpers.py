"""Recording hands through the service, as the secretary's form does."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection
from django.test import Client

from scoring.models import Rubber
from scoring.services.hands import HandExtras, hand_record


def row_counts() -> dict[str, int]:
    """Each of the club's tables' row counts, read in one query: a test compares them before and after a request
    that must write nothing."""
    from django.apps import apps

    models = list(apps.get_app_config("scoring").get_models())
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {quote(m._meta.db_table)})" for m in models))
        row = cursor.fetchone()
    return {m.__name__: n for m, n in zip(models, row, strict=True)}


def record(rubber: Rubber, by: Any = None, **play: Any):
    rubber.refresh_from_db()
    play.setdefault("dealer", rubber.next_dealer)
    return hand_record(rubber_id=rubber.pk, play=play, extras=HandExtras(), by=by)


def play_game(rubber: Rubber, maker: str = "N") -> None:
    """Three hands that win a game 5-0 from 0-0 for the maker's side."""
    for tricks in (5, 5, 3):
        record(rubber, maker=maker, tricks=tricks)


def together(count: int, prepare: Callable[[int], Client], send: Callable[[int, Client], int]) -> list[int]:
    """`count` clients, each set up by `prepare` on its own thread and connection, then released at once to
    `send` one request: the status each got back."""
    statuses = [0] * count
    start = threading.Barrier(count)

    def work(i: int) -> None:
        try:
            client = prepare(i)
            start.wait()
            statuses[i] = send(i, client)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return statuses
