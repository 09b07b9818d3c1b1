"""A season's table from its nights' own standings: each night gives each player (or fixed pair) the figure its
standings rank by first, and the engine adds them up (`scoring.engine.season`), as `manage.py season-standings`
does. The table is kept in the cache under every night's results version, so a result stored, a night moved in or
out, or the season's counting changed reads afresh, and a page reads it in two queries however long the season."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from scoring.engine.season import Night, Result, SeasonTable, season_table
from scoring.models import Entrant, Event, Season
from scoring.standings import cache, order
from scoring.standings.selectors import entry_name, listed


@dataclass(frozen=True)
class SeasonView:
    """A season's nights (in date order, each named by its date) and its table."""

    season: Season
    nights: tuple[Event, ...]
    table: SeasonTable
    version: str
    """What the table and the pages drawn from it are kept in the cache under: the season's own fields and each
    night's, results version among them."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(night_name(event) for event in self.nights)


def night_name(event: Event) -> str:
    """A night's name in its season: its date (a season holds one night a date)."""
    return event.starts_on.isoformat()


def season_nights(season: Season) -> list[Event]:
    return list(season.nights.order_by("starts_on", "pk"))


def season_view(season: Season, nights: list[Event] | None = None) -> SeasonView:
    """The season's table (one query for its nights where they are not given; the table from the cache)."""
    nights = season_nights(season) if nights is None else nights
    version = hashlib.sha256(repr((
        [getattr(season, field.attname) for field in Season._meta.concrete_fields],
        [(e.pk, e.slug, e.starts_on, e.results_version, e.mode, e.rulebook, e.night.standings_drawn_by())
         for e in nights])).encode()).hexdigest()
    table = cache.kept(("season", season.pk), version, lambda: _table(season, nights))
    return SeasonView(season, tuple(nights), table, version)


def _table(season: Season, nights: list[Event]) -> SeasonTable:
    part = not_whole(nights)
    return season_table([Night(night_name(event), tuple(night_results(event, part.get(event.pk, set()))))
                         for event in nights], best=season.best, qualify=season.qualify)


def night_results(event: Event, part: set[int]) -> list[Result]:
    """Each player's (each pair's) figure on the night: what its standings rank by first; `part` the players who
    did not play the whole night."""
    first = order.for_event(event)[0].key
    return [Result(entry_name(row), int(row[first] or 0), not listed([row]) & part)
            for row in cache.event_players(event)]


def not_whole(nights: list[Event]) -> dict[int, set[int]]:
    """For each night, the players who did not play it whole: a late arrival or a player gone home at a night in
    rounds, a player gone home at a club night (one query)."""
    part: dict[int, set[int]] = {}
    for event_id, player_id in (Entrant.objects.filter(event__in=nights)
                                .filter(Q(first_round__isnull=False) | Q(last_round__isnull=False) | ~Q(gone_from=[]))
                                .values_list("event_id", "player_id")):
        part.setdefault(event_id, set()).add(player_id)
    return part


def seasons_visible_to(user: Any) -> QuerySet[Season]:
    """The seasons whose pages `user` may read: members read every season, the public a season only while every
    night of it is public (a night kept for members hides the whole table, which would show its figures)."""
    seasons = Season.objects.all()
    return seasons if user.is_authenticated else seasons.exclude(nights__is_public=False)


def is_current(season: Season, today: dt.date) -> bool:
    return season.starts_on <= today <= season.ends_on
