"""A progressive night's prizes, as organisers give them.

The places first (first, second, ...) down the standings; then, where the event gives them, the most lone hands
(only when somebody made one), the best single round, and the lowest score (only among those who played the
whole night). By default a person takes one prize: the next in line takes a prize its first choice holds one
already. Players level after the event's tie-breaks share, or the site draws, as the event says. Sharing, level
players cover the places they take, as halls split the money: two level for first share first and second, and the
next player is third (the standings' 1=, 1=, 3). Drawing, the site puts the level players in an order drawn from
the event (`drawn_order`), so the same draw gives the same places however often it is made, and each place goes
to one of them; any other prize level between players is drawn the same way, seeded by the event and the prize.

>>> rows = [Ranked(1, "Ann", (9,), 9, 1, 5, True), Ranked(2, "Bob", (7,), 7, 2, 4, True),
...         Ranked(3, "Cal", (4,), 4, 0, 3, True)]
>>> [(p.name, p.winners) for p in award(rows, PrizeRules(places=1, lowest=True))]
[('First', ('Ann',)), ('Most lone hands', ('Bob',)), ('Lowest score', ('Cal',))]
>>> level = [Ranked(1, "Ann", (9,), 9, 0, 5, True), Ranked(2, "Bob", (9,), 9, 0, 4, True),
...          Ranked(3, "Cal", (4,), 4, 0, 3, True)]
>>> [(p.name, p.winners) for p in award(level, PrizeRules(places=3, most_lone=False))]
[('First and Second', ('Ann', 'Bob')), ('Third', ('Cal',))]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

__all__ = ["DRAW", "PLACES", "SHARE", "Prize", "PrizeRules", "Ranked", "award", "drawn_order", "in_drawn_order",
           "places_words"]

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
    drawn: bool = False
    """His place among players level with him was drawn by the site (`drawn_order`)."""


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

    _places(rows, rules, taken, prizes, give)
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


def _places(rows: Sequence[Ranked], rules: PrizeRules, taken: set[int], prizes: list[Prize],
            give: Callable[[str, list[Ranked], Callable[[Ranked], object], int], None]) -> None:
    """The places' prizes down the standings. Shared, a group level for a place takes as many places as it has
    players (those the event gives); drawn, `rows` come in the drawn order and each place goes to one player."""
    if rules.ties == DRAW:
        rows = in_drawn_order(rows, rules.seed)
    place = 0
    while place < rules.places:
        candidates = [row for row in rows if not rules.one_each or row.player not in taken]
        if not candidates:
            return
        if rules.ties == DRAW:
            first = candidates[0]
            taken.add(first.player)
            prizes.append(Prize(PLACES[place], (first.name,), first.points, first.drawn))
            place += 1
            continue
        level = [row for row in candidates if row.level == candidates[0].level]
        covered = PLACES[place:min(place + len(level), rules.places)]
        give(places_words(covered), candidates, lambda row: row.level, -1)
        place += len(level)


def places_words(places: Sequence[str]) -> str:
    """"First", "First and Second", "First, Second and Third": the places a prize covers."""
    return places[0] if len(places) == 1 else f"{', '.join(places[:-1])} and {places[-1]}"


def drawn_order(names: Sequence[str], seed: str) -> list[int]:
    """The order a replayable draw puts players level on every tie-break in: indexes into `names`, the first
    drawn first. Seeded by the event and the names, so the same players draw the same order every time."""
    by_name = sorted(range(len(names)), key=lambda index: names[index])
    random.Random(f"{seed}:places:{'|'.join(sorted(names))}").shuffle(by_name)
    return by_name


def in_drawn_order(rows: Sequence[Ranked], seed: str) -> list[Ranked]:
    """`rows` (best first) with each group level on every tie-break put in its drawn order, marked drawn."""
    out: list[Ranked] = []
    start = 0
    while start < len(rows):
        end = start
        while end < len(rows) and rows[end].level == rows[start].level:
            end += 1
        group = list(rows[start:end])
        if len(group) > 1:
            group = [replace(group[i], drawn=True) for i in drawn_order([row.name for row in group], seed)]
        out += group
        start = end
    return out


def _first(rows: list[Ranked], taken: set[int], rules: PrizeRules) -> Ranked:
    """The first in line for a prize: the first not holding one already, when a person takes one."""
    return next((row for row in rows if not rules.one_each or row.player not in taken), rows[0])
