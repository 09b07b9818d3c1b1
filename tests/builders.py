"""Shared builders for the tests, made through the services as the pages make them: a rubber, a
tournament with its entrants, a finished rubber and a finished round."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from scoring.models import Event, Player, Round, Rubber
from scoring.rounds.services import entrants_set, round_close, round_start
from scoring.services.rubbers import rubber_start
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import play_game

DAY = dt.date(2026, 11, 3)


def a_rubber(event: Event | None = None, seats: Sequence[Player] | None = None, *, first_dealer: str = "N",
             table: str = "", played_on: dt.date = DAY, **extra: Any) -> Rubber:
    """A rubber begun: the four `seats` (North, East, South, West; new players when not given)."""
    event = event or EventFactory()
    north, east, south, west = seats if seats is not None else PlayerFactory.create_batch(4)
    return rubber_start(event=event, north=north, east=east, south=south, west=west, first_dealer=first_dealer,
                        table_label=table, played_on=played_on, **extra)


def a_tournament(count: int, rounds: int = 3, mode: str = Event.Mode.INDIVIDUALS,
                 names: Sequence[str] = (), **extra: Any) -> Event:
    """An event in rounds with `count` entrants (named `names` first, then by the factory)."""
    event = EventFactory(mode=mode, rounds=rounds, **extra)
    named = [Player.objects.create(display_name=name) for name in names[:count]]
    entrants_set(event=event, players=named + PlayerFactory.create_batch(count - len(named)))
    return event


def a_finished_rubber(rubber: Rubber) -> Rubber:
    """North-South win two games 5-0 and East-West one: the rubber of three games is complete, NS ahead."""
    for maker in "NNE":
        play_game(rubber, maker)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.COMPLETE
    return rubber


def a_finished_round(round_: Round) -> Round:
    """A round started if it was not, every table's rubber played to its end, and the round closed."""
    if round_.status == Round.Status.PLANNED:
        round_start(round_id=round_.pk)
    for table in round_.tables.select_related("rubber"):
        assert table.rubber is not None
        if table.rubber.status == Rubber.Status.IN_PROGRESS:
            a_finished_rubber(table.rubber)
    return round_close(round_id=round_.pk)
