"""factory-boy factories for the club's records."""

from __future__ import annotations

import datetime as dt

import factory

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
