"""One table under each format the site runs, its four players with 36-character names: a Somerset rubber, a
standard match, an 1862 best of three (each a round of a tournament) and a progressive round; and the words that
do not belong to each."""

from __future__ import annotations

import re
from typing import Any

from scoring.models import Event, Player, Round, Rubber
from scoring.rounds.services import entrants_set, round_start, schedule_make
from tests.factories import EventFactory
from tests.helpers import record

LONG_NAMES = ("Bartholomew Featherstonehaugh-Smythe", "Maximiliana Wolstenholme-Fotheringay",
              "Cornelius Throckmorton-Beauchampton", "Evangeline Cholmondeley-Marjoribanks")

FORMATS: dict[str, dict[str, Any]] = {
    "somerset-rubber": {"mode": Event.Mode.INDIVIDUALS, "rulebook": "somerset-1888"},
    "standard-match": {"mode": Event.Mode.INDIVIDUALS, "rulebook": "standard", "games": 3},
    "1862-best-of-three": {"mode": Event.Mode.INDIVIDUALS, "rulebook": "official-1862", "games": 3},
    "progressive": {"mode": Event.Mode.PROGRESSIVE, "rulebook": "standard", "deal_limit": 8},
}

MATCH_WORDS = re.compile(r"\brubbers?\b|\blaps?\b", re.IGNORECASE)
"""A match has games and points: no rubber, no lap, no rubber points."""
FOREIGN: dict[str, re.Pattern[str]] = {
    "somerset-rubber": re.compile(r"\bmatch(es)?\b", re.IGNORECASE),
    "standard-match": MATCH_WORDS,
    "1862-best-of-three": MATCH_WORDS,
    "progressive": re.compile(r"\brubbers?\b|\blaps?\b|game to \d|game then stands|1000000", re.IGNORECASE),
}
"""What a page of each format must never say."""


def a_table(form: str) -> tuple[Event, Round, Rubber]:
    """Round 1 of the format's event started at its one table, the four long names seated, no hand dealt."""
    event = EventFactory(rounds=1, name="The long names' evening", slug=form, **FORMATS[form])
    entrants_set(event=event, players=[Player.objects.create(display_name=name) for name in LONG_NAMES])
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    assert rubber is not None
    return event, first, rubber


def play_on(rubber: Rubber) -> None:
    """North-South win the first game with marches (a progressive round just adds them up), then each side makes
    a point: a rubber or match in its second game, a round part way through its deals."""
    for _ in range(12):
        rubber.refresh_from_db()
        if rubber.games.exists() or (rubber.hand_count >= 4 and rubber.rulebook.wording.terms.tally):
            break
        record(rubber, maker="N", tricks=5)
    record(rubber, maker="E", tricks=3)
    record(rubber, maker="N", tricks=3)
    rubber.refresh_from_db()
