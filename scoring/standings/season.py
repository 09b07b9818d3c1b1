"""A season's table from its nights' own standings: each night gives each player (or fixed pair) the figure its
standings rank by first, and the engine adds them up (`scoring.engine.season`), as `manage.py season-standings`
does. The nights' figures are kept in the database with their results (`KeptNight`), and the table in the cache
under every night's results version, so a result stored, a night moved in or out, or the season's counting changed
reads afresh; a page reads its table in two queries warm, four cold, however long the season."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from scoring.engine.season import Night, Result, SeasonTable, season_table
from scoring.models import Entrant, Event, KeptNight, Season
from scoring.standings import cache


@dataclass(frozen=True)
class Entries:
    """What the season's page shows beside the table, read with it: each player's id by his season name (a fixed
    pair has no page, so none), and each entry's lone hands made over the nights."""

    ids: dict[str, int]
    lone: dict[str, int]
    members: dict[str, tuple[int, ...]]
    """The players each entry stands for: a player, or both of a fixed pair."""


@dataclass(frozen=True)
class SeasonView:
    """A season's nights (in date order, each named by its date) and its table."""

    season: Season
    nights: tuple[Event, ...]
    table: SeasonTable
    entries: Entries
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
    table, entries = cache.kept(("season", season.pk), version, lambda: _table(season, nights))
    return SeasonView(season, tuple(nights), table, entries, version)


def _table(season: Season, nights: list[Event]) -> tuple[SeasonTable, Entries]:
    results = night_results(nights, not_whole(nights))
    entries = Entries({}, {}, {})
    for night in results.values():
        for result, player_id, pair, lone in night:
            entries.members[result.player] = (player_id,) if pair is None else (player_id, pair)
            if not pair:
                entries.ids[result.player] = player_id
            entries.lone[result.player] = entries.lone.get(result.player, 0) + lone
    table = season_table([Night(night_name(event), tuple(entry[0] for entry in results.get(event.pk, [])))
                          for event in nights], best=season.best, qualify=season.qualify)
    return table, entries


def night_results(nights: list[Event], part: dict[int, set[int]]) -> dict[int, list[tuple[Result, int, int | None,
                                                                                            int]]]:
    """Each night's entries with their figures as kept (`KeptNight`: the figure its standings rank by first),
    each named as its standings name it ("A & B" for a fixed pair), whole unless a player of it is in the night's
    `part`, with the entry's player, partner and lone hands made (one query, however many nights)."""
    results: dict[int, list[tuple[Result, int, int | None, int]]] = {}
    for event_id, player_id, name, partner_id, partner, figure, lone in (
            KeptNight.objects.filter(event__in=nights)
            .values_list("event_id", "player_id", "player__display_name", "partner_id", "partner__display_name",
                         "figure", "lone").order_by("event_id", "player__display_name", "player_id")):
        entry = f"{name} & {partner}" if partner else name
        gone = part.get(event_id, ())
        whole = player_id not in gone and partner_id not in gone
        results.setdefault(event_id, []).append((Result(entry, figure, whole), player_id, partner_id, lone))
    return results


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
