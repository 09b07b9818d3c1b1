"""A progressive night's prizes, as organisers give them.

The places first (first, second, ...) down the standings; then, where the event gives them, the most lone hands
(only when somebody made one), the best single round, and the lowest score (only among those who played the
whole night). By default a person takes one prize: the next in line takes a prize its first choice holds one
already. Players level after the event's tie-breaks share a prize, or the site draws one of them, as the event
says; the draw is seeded by the event and the prize, so it gives the same winner however often it is drawn.

>>> rows = [Ranked(1, "Ann", (9,), 9, 1, 5, True), Ranked(2, "Bob", (7,), 7, 2, 4, True),
...         Ranked(3, "Cal", (4,), 4, 0, 3, True)]
>>> [(p.name, p.winners) for p in award(rows, PrizeRules(places=1, lowest=True))]
[('First', ('Ann',)), ('Most lone hands', ('Bob',)), ('Lowest score', ('Cal',))]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["DRAW", "PLACES", "SHARE", "Prize", "PrizeRules", "Ranked", "award"]

PLACES = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth")
SHARE, DRAW = "share", "draw"


@dataclass(frozen=True, slots=True)
class Ranked:
    """A player's line in the standings, best first, as the prizes read it."""

    player: int
    name: str
    level: tuple[int, ...]
    """What two players must share to be level after the event's tie-breaks."""
    points: int
    lone: int
    best_round: int
    whole_night: bool
    """He played (or sat out) every round: neither arrived late nor went home."""


@dataclass(frozen=True, slots=True)
class PrizeRules:
    places: int = 1
    most_lone: bool = True
    best_round: bool = False
    lowest: bool = False
    one_each: bool = True
    ties: str = SHARE
    seed: str = ""


@dataclass(frozen=True, slots=True)
class Prize:
    name: str
    winners: tuple[str, ...]
    figure: int
    drawn: bool = False
    """Players were level for it and the site drew its winner."""


def award(rows: Sequence[Ranked], rules: PrizeRules) -> list[Prize]:
    """The night's prizes from its standings, `rows` best first."""
    prizes: list[Prize] = []
    taken: set[int] = set()

    def give(name: str, candidates: list[Ranked], key: Callable[[Ranked], object], figure: int) -> None:
        if rules.one_each:
            candidates = [row for row in candidates if row.player not in taken]
        if not candidates:
            return
        best = key(candidates[0])
        level = sorted((row for row in candidates if key(row) == best), key=lambda row: row.name)
        drawn = len(level) > 1 and rules.ties == DRAW
        if drawn:
            level = [random.Random(f"{rules.seed}:{name}").choice(level)]
        taken.update(row.player for row in level)
        prizes.append(Prize(name, tuple(row.name for row in level), figure if figure >= 0 else level[0].points,
                            drawn))

    for place in PLACES[:rules.places]:
        give(place, list(rows), lambda row: row.level, -1)
    if rules.most_lone:
        by_lone = sorted((row for row in rows if row.lone), key=lambda row: -row.lone)
        if by_lone:
            give("Most lone hands", by_lone, lambda row: row.lone, _first(by_lone, taken, rules).lone)
    if rules.best_round:
        by_round = sorted((row for row in rows if row.best_round), key=lambda row: -row.best_round)
        if by_round:
            give("Best single round", by_round, lambda row: row.best_round,
                 _first(by_round, taken, rules).best_round)
    if rules.lowest:
        by_low = sorted((row for row in rows if row.whole_night), key=lambda row: row.points)
        if by_low:
            give("Lowest score", by_low, lambda row: row.points, _first(by_low, taken, rules).points)
    return prizes


def _first(rows: list[Ranked], taken: set[int], rules: PrizeRules) -> Ranked:
    """The first in line for a prize: the first not holding one already, when a person takes one."""
    return next((row for row in rows if not rules.one_each or row.player not in taken), rows[0])
