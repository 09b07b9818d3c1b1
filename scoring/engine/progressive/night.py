"""How a night in rounds is run: the deals and minutes a round, what calling time does, and, on a progressive
night, the movement, the ranking, what a late arrival's missed rounds score, the lone player's own bonus and the
prizes. One value (`NightRules`) with its defaults here; an event keeps it as one document (`document`), read
back and checked by `read_night`.

>>> rules = read_night({"deal_limit": 8, "prize_places": 3, "lone_bonus": 1})
>>> rules.deal_limit, rules.prizes.places, rules.lone_bonus, rules.movement
(8, 3, 1, 'progressive')
>>> read_night(rules.document()) == rules
True
>>> read_night({"lone_bonus": 9})
Traceback (most recent call last):
...
scoring.engine.progressive.night.NightRulesError: the lone player's own bonus must be a whole number from 0 to 4
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from scoring.engine.progressive.directions import MOVEMENTS, MOVES_UP
from scoring.engine.progressive.prizes import DRAW, SHARE, PrizeRules

__all__ = ["CHOICES", "MISSED_AVERAGE", "MISSED_NOTHING", "NIGHT_KEYS", "NUMBERS", "PRIZE_KEYS", "PROGRESSIVE_DEALS",
           "RANKINGS", "RANKING_DEFAULT", "RANKING_KEYS", "TIME_FINISH", "TIME_STOP", "NightRules", "NightRulesError",
           "read_night"]

TIME_FINISH, TIME_STOP = "finish", "stop"
"""When a round's time is up, a table still playing finishes the deal in play, or stops at once."""
MISSED_AVERAGE, MISSED_NOTHING = "average", "nothing"
"""A round a late arrival missed scores the round's average (as a bye does), or nothing."""
RANKING_KEYS = ("points", "lone", "rounds")
"""What a progressive night can be ranked by: total points, lone hands made, rounds won."""
RANKINGS = tuple(",".join(keys) for keys in itertools.permutations(RANKING_KEYS))
RANKING_DEFAULT = RANKINGS[0]
PROGRESSIVE_DEALS = (4, 6, 8, 12)
"""The deals a progressive round may have; 8 when neither deals nor minutes are given."""


@dataclass(frozen=True, slots=True)
class NightRules:
    """How a night in rounds is run; the defaults are a progressive night's usual ones."""

    deal_limit: int | None = None
    """Deals a round: a table stops after this many, the score as it stands (a level table plays one more)."""
    round_minutes: int | None = None
    """The time a round is given: the room counts it down and the secretary calls time."""
    time_called: str = TIME_FINISH
    movement: str = MOVES_UP
    ranking: str = RANKING_DEFAULT
    missed_rounds: str = MISSED_AVERAGE
    lone_bonus: int = 0
    """Points a lone player's tally takes beyond his partner's for a lone march."""
    prizes: PrizeRules = field(default_factory=PrizeRules)

    def document(self) -> dict[str, Any]:
        """The rules as an event keeps them: one key each, the prizes' among them."""
        prizes = self.prizes
        return {"deal_limit": self.deal_limit, "round_minutes": self.round_minutes, "time_called": self.time_called,
                "movement": self.movement, "ranking": self.ranking, "missed_rounds": self.missed_rounds,
                "lone_bonus": self.lone_bonus, "prize_places": prizes.places, "lone_prize": prizes.most_lone,
                "round_prize": prizes.best_round, "low_prize": prizes.lowest, "one_prize_each": prizes.one_each,
                "prize_ties": prizes.ties}

    def standings_drawn_by(self) -> tuple[str, str, str]:
        """What a night's standings are drawn by beyond its results: the ranking, how level entries are placed
        (shared or drawn), and whether they are pairs (the movement)."""
        return self.ranking, self.prizes.ties, self.movement

    def prizes_drawn_by(self, seed: str) -> PrizeRules:
        """The prizes, a draw between level players seeded by `seed` (the event's)."""
        return replace(self.prizes, seed=seed)


class NightRulesError(ValueError):
    """A night's rules the engine refuses, naming the key at fault (`key`)."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


PRIZE_KEYS = {"prize_places": "places", "lone_prize": "most_lone", "round_prize": "best_round", "low_prize": "lowest",
              "one_prize_each": "one_each", "prize_ties": "ties"}
"""The document's key for each of `PrizeRules`' fields."""
NUMBERS = {"deal_limit": ("deals a round", 1, 200, True), "round_minutes": ("minutes a round", 5, 600, True),
            "lone_bonus": ("the lone player's own bonus", 0, 4, False),
            "prize_places": ("prizes for places", 1, 10, False)}
"""Each whole number the rules hold: what it is, its least and most, and whether it may be left out (None)."""
CHOICES = {"time_called": (TIME_FINISH, TIME_STOP), "movement": MOVEMENTS, "ranking": RANKINGS,
            "missed_rounds": (MISSED_AVERAGE, MISSED_NOTHING), "prize_ties": (SHARE, DRAW)}
NIGHT_KEYS = tuple(NightRules().document())


def read_night(document: Mapping[str, object] | None) -> NightRules:
    """The rules a document holds, each key it leaves out at its default; raises NightRulesError on an unknown
    key or a value the rules cannot take."""
    given = dict(document or {})
    unknown = sorted(set(given) - set(NIGHT_KEYS))
    if unknown:
        raise NightRulesError(unknown[0], f"{unknown[0]} is not one of a night's rules")
    for key, value in given.items():
        _check(key, value)
    defaults = NightRules().document()
    values: dict[str, Any] = {key: given.get(key, defaults[key]) for key in NIGHT_KEYS}
    prizes = PrizeRules(**{name: values.pop(key) for key, name in PRIZE_KEYS.items()})
    return NightRules(**values, prizes=prizes)


def _check(key: str, value: object) -> None:
    if key in NUMBERS:
        what, least, most, optional = NUMBERS[key]
        if value is None and optional:
            return
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            raise NightRulesError(key, f"{what} must be a whole number from {least} to {most}")
    elif key in CHOICES:
        if value not in CHOICES[key]:
            raise NightRulesError(key, f"{key} must be one of {', '.join(CHOICES[key])}")
    elif not isinstance(value, bool):
        raise NightRulesError(key, f"{key} must be true or false")
