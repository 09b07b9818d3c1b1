"""A schedule for individuals whose partners change every round.

Where a cyclic whist schedule is known (kept in `stored.py`, or Moore's over a prime 4t+1, the square
of a prime 4t+3 or a product of such fields as for 45, or built over the field of 64 elements) its first
rounds are used: every two players partner once and oppose twice over the whole schedule, and no pair
partners twice in any part of it.
For other numbers of players the partners come from a round robin and the tables from a search
(`factored.py`): still no pair partners twice. A seed renumbers the players, so that two evenings with
the same count need not sit alike.
"""

from __future__ import annotations

import random

from scoring.engine.schedules.binary import PRIMITIVE, binary_field_round
from scoring.engine.schedules.cyclic import Quad, expand, is_prime, moore
from scoring.engine.schedules.factored import factored_schedule
from scoring.engine.schedules.field import moore_square
from scoring.engine.schedules.product import moore_product, moore_product_factors
from scoring.engine.schedules.shape import Round, Schedule, Table
from scoring.engine.schedules.stored import GROUPS, INITIAL_ROUNDS, WHOLE_SCHEDULES

MOST_PLAYERS = 64


def perfect_design(players: int) -> tuple[tuple[Quad, ...], tuple[int, ...] | None] | None:
    """The initial round of a known whist schedule for `players` and the group it turns round
    (None for the integers), if there is one."""
    if players in INITIAL_ROUNDS:
        return INITIAL_ROUNDS[players], GROUPS.get(players)
    if players % 4 == 1 and is_prime(players):
        return moore(players), None
    root = round(players ** 0.5)
    if root * root == players and root % 4 == 3 and is_prime(root):
        return moore_square(root), (root, root)
    factors = moore_product_factors(players)
    if factors is not None:
        return moore_product(factors)
    if players in PRIMITIVE:
        return binary_field_round(players), None
    return None


def full_rounds(players: int) -> int:
    """The rounds of a whole schedule: until every two players have partnered once.

    That is v-1 rounds for an even count (everyone plays, or a pair rests) and v for an odd one
    (each player rests at least once).
    """
    return players - 1 if players % 2 == 0 else players


def whist_schedule(players: int, rounds: int | None = None, seed: int = 0) -> Schedule:
    """`rounds` rounds (a whole schedule when None) for `players` individuals numbered 1 to `players`."""
    if not 4 <= players <= MOST_PLAYERS:
        raise ValueError(f"a schedule is for 4 to {MOST_PLAYERS} players, not {players}")
    most = full_rounds(players)
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise ValueError(f"{players} players have at most {most} rounds before partners repeat, not {rounds}")
    design = perfect_design(players)
    if design is not None:
        initial, dims = design
        whole = expand(initial, players, dims)
        return _renumbered(Schedule(players, whole.rounds[:rounds]), seed)
    if players in WHOLE_SCHEDULES:
        return _renumbered(_kept_whole(players, rounds), seed)
    return factored_schedule(players, rounds, seed)


def _kept_whole(players: int, rounds: int) -> Schedule:
    everyone = set(range(1, players + 1))
    built = []
    for tables in WHOLE_SCHEDULES[players][:rounds]:
        seated = {p for quad in tables for p in quad}
        built.append(Round(tuple(Table(*quad) for quad in tables), tuple(sorted(everyone - seated))))
    return Schedule(players, tuple(built))


def _renumbered(schedule: Schedule, seed: int) -> Schedule:
    if seed == 0:
        return schedule
    numbers = list(range(1, schedule.players + 1))
    random.Random(seed).shuffle(numbers)
    new = dict(zip(range(1, schedule.players + 1), numbers, strict=True))
    return Schedule(schedule.players, tuple(
        Round(tuple(Table(*(new[p] for p in t.players)) for t in r.tables),
              tuple(sorted(new[p] for p in r.sitting_out)))
        for r in schedule.rounds))
