"""factory-boy factories for the club's records."""

from __future__ import annotations

import datetime as dt

import factory

from scoring.engine.progressive.night import NIGHT_KEYS, read_night
from scoring.models import Event, Player


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    display_name = factory.Sequence(lambda n: f"Player {n:03d}")
    member_number = factory.Sequence(lambda n: str(100 + n))


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Club night {n}")
    slug = factory.Sequence(lambda n: f"club-night-{n}")
    starts_on = dt.date(2026, 11, 1)
    is_public = True

    @classmethod
    def _adjust_kwargs(cls, **kwargs):  # type: ignore[no-untyped-def]
        """A night's rules may be given by key (`deal_limit=4`), as the event form and services take them; they are
        kept in the event's one document of them."""
        given = {key: kwargs.pop(key) for key in NIGHT_KEYS if key in kwargs}
        if given:
            kwargs["night_rules"] = read_night({**kwargs.get("night_rules", {}), **given}).document()
        return kwargs
