"""Making and changing a season, and putting a night in or out of one. A night counts only in a season of its own
format; the season's table is read from its nights' own standings, so it follows a night moved in or out at once."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.engine.rulebook import STANDINGS
from scoring.engine.words import plural
from scoring.models import Event, KeptNight, Season
from scoring.services.locking import event_lock, retried_on_deadlock
from scoring.services.scoring import results_changed

SEASON_FIELDS = ("name", "slug", "key", "starts_on", "ends_on", "best", "qualify", "prize_places", "lone_prize",
                 "night_prize")


def season_error(key: str, season: Season | None) -> str | None:
    """Why a night kept under standings key `key` cannot count in `season`, if it cannot: another format."""
    if season is None or season.key == key:
        return None
    return (f"“{season}” adds up {STANDINGS[season.key].heading[0].lower()}{STANDINGS[season.key].heading[1:]}; "
            f"this event is kept with {STANDINGS[key].heading[0].lower()}{STANDINGS[key].heading[1:]}, so it cannot "
            "count in it.")


@transaction.atomic
def season_create(**fields: Any) -> Season:
    """A new season, with the fields of `SEASON_FIELDS` given."""
    _only_known(fields)
    taken = Season.objects.filter(slug=fields.get("slug")).first()
    if taken is not None:
        raise ValidationError({"slug": ValidationError(f"The web address /seasons/{taken.slug}/ is taken by "
                                                       f"“{taken}”; type another.", code="slug_taken")})
    season = Season(**fields)
    season.full_clean(validate_unique=False)
    season.save()
    return season


@retried_on_deadlock
@transaction.atomic
def season_update(*, season_id: int, **fields: Any) -> Season:
    """Change a season (never its web address). Its format stays while a night counts in it."""
    _only_known(fields)
    if "slug" in fields:
        raise ValidationError({"slug": ValidationError("A season's web address stays as it was made.",
                                                       code="slug_kept")})
    season = Season.objects.select_for_update().get(pk=season_id)
    nights = season.nights.count()
    if "key" in fields and fields["key"] != season.key and nights:
        raise ValidationError({"key": ValidationError(
            f"This can no longer change: the season holds {plural(nights, 'night')}.",
            code="season_format_fixed")})
    for name, value in fields.items():
        setattr(season, name, value)
    season.full_clean()
    season.save()
    return season


@retried_on_deadlock
@transaction.atomic
def night_season_set(*, event_id: int, season_id: int | None) -> Event:
    """Put a night in a season (of its own format), or take it out (None)."""
    event_lock(event_id)
    event = Event.objects.get(pk=event_id)
    season = None if season_id is None else Season.objects.filter(pk=season_id).first()
    if season_id is not None and season is None:
        raise ValidationError({"season": ValidationError("There is no such season.", code="no_season")})
    wrong = season_error(event.standing_key, season)
    if wrong:
        raise ValidationError({"season": ValidationError(wrong, code="season_format")})
    event.season = season
    event.save(update_fields=["season"])
    season_left(event)
    results_changed([event.pk])  # the season's table follows it in or out at once
    return event


def season_left(event: Event) -> None:
    """A night in no season keeps no figures for one (those of a season it was in go with it)."""
    if event.season_id is None:
        KeptNight.objects.filter(event=event).delete()


def _only_known(fields: dict[str, Any]) -> None:
    unknown = set(fields) - set(SEASON_FIELDS)
    if unknown:
        raise TypeError(f"not a season's field: {', '.join(sorted(unknown))}")
