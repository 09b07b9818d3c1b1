"""Standings rows kept in the cache between requests.

The key carries the results version of the events read (raised in the same transaction that
stores a rubber's result, and when a player is renamed), so a cached table is never stale:
a changed result makes a new key, and the old entry simply ages out.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import Any

from django.core.cache import cache
from django.db.models import Count, QuerySet, Sum

from scoring.models import Event, KeptFigures
from scoring.standings import order
from scoring.standings.event_rows import event_rows
from scoring.standings.selectors import kept_partnerships, kept_standings, ranked

TIMEOUT = 60 * 60


def event_players(event: Event) -> list[dict[str, Any]]:
    """An event's standings, one row per player, ranked (by matches won under a code without rubbers); a
    progressive night's as it stands (one row a pair on a night of fixed pairs)."""
    ranking = order.for_event(event)
    kind = ("night", event.pk, *event.night.standings_drawn_by()) if event.progressive else ("players", "event",
                                                                                               event.pk)
    return rows(kind, event.results_version, lambda: event_rows(event, ranking))


def event_pairs(event: Event) -> list[dict[str, Any]]:
    """An event's standings, one row per pair who sat as partners, ranked (a progressive night of fixed pairs:
    its own rows, which are its pairs)."""
    if event.progressive:
        return event_players(event) if event.fixed_pairs else []
    kept = KeptFigures.objects.filter(event=event, day__isnull=True)
    ranking = order.for_event(event)
    return rows(("pairs", "event", event.pk), event.results_version,
                lambda: ranked(kept_partnerships(kept, ranking), ranking))


def club_players(kept: QuerySet[KeptFigures], version: Any, ranking: order.Ranking) -> list[dict[str, Any]]:
    """The club's standings over `kept` (one format's rows, the events and dates chosen), `version` naming that
    choice."""
    return rows(("players", "club"), version, lambda: ranked(kept_standings(kept, ranking), ranking))


def club_pairs(kept: QuerySet[KeptFigures], version: Any, ranking: order.Ranking) -> list[dict[str, Any]]:
    return rows(("pairs", "club"), version, lambda: ranked(kept_partnerships(kept, ranking), ranking))


def player_page(player_id: int, member: bool, version: Any, compute: Callable[[], Any]) -> Any:
    """A player's page figures as a member or the public reads them."""
    return kept(("player", player_id, member), version, compute)


def rows(kind: Any, version: Any, compute: Callable[[], Iterable[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The rows `compute` gives, from the cache when this version of them is there."""
    found: list[dict[str, Any]] = kept(kind, version, lambda: list(compute()))
    return found


def kept(kind: Any, version: Any, compute: Callable[[], Any]) -> Any:
    """What `compute` gives (anything the cache can pickle), from the cache when this version is there."""
    key = "standings:" + hashlib.sha256(repr((kind, version)).encode()).hexdigest()
    found = cache.get(key)
    if found is None:
        found = compute()
        cache.set(key, found, TIMEOUT)
    return found


def events_version(events: QuerySet[Event]) -> tuple[int, int, int]:
    """One number that moves when any result in `events` is stored again (one query)."""
    totals = events.aggregate(n=Count("id"), v=Sum("results_version"), top=Sum("id"))
    return totals["n"], totals["v"] or 0, totals["top"] or 0
