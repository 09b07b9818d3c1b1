"""Keeping what a season reads of its nights: each entry's figure on each night that counts in a season
(`KeptNight`), rewritten in the transaction that moved the night's results (`results_changed`, which sends
`figures_moved`), so a season's table reads all its nights in one query and is never behind them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scoring.models import Event, KeptNight
from scoring.standings import order
from scoring.standings.event_rows import event_rows


def nights_keep(event_ids: Iterable[int] | None, **_: Any) -> None:
    """Rewrite the figures kept for the nights among `event_ids` (None: every night) that count in a season (one
    query for an event in none); a night taken out of its season has its figures dropped by the service that takes
    it out (`scoring.services.seasons.season_left`)."""
    in_seasons = Event.objects.filter(season__isnull=False)
    nights = list(in_seasons if event_ids is None else in_seasons.filter(pk__in=list(event_ids)))
    if event_ids is None:
        KeptNight.objects.all().delete()
    elif not nights:
        return
    else:
        KeptNight.objects.filter(event__in=nights).delete()
    KeptNight.objects.bulk_create(kept for event in nights for kept in night_figures(event))



def night_figures(event: Event) -> list[KeptNight]:
    """Each entry's figure on the night: what its standings rank by first, for everyone who played a round or sat
    one out (a player entered who has played nothing yet has no figure: an absence is not a zero)."""
    ranking = order.for_event(event)
    first = ranking[0].key
    return [KeptNight(event=event, player_id=row["player_id"], partner_id=row.get("partner_id"),
                      figure=int(row[first] or 0), lone=int(row.get("lone") or 0))
            for row in event_rows(event, ranking) if row.get("rubbers") or row.get("byes")]
