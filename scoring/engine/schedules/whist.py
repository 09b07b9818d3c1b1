"""A schedule for individuals whose partners change every round.

Where a cyclic whist schedule is kept (`stored.py`) its first rounds are used: every two players
partner once and oppose twice over the whole schedule, and no pair partners twice in any part of
it. For other numbers of players the rounds are built one at a time (`balanced.py`). A seed
renumbers the players, so that two evenings with the same count need not sit alike.
"""

from __future__ import annotations

import random

from scoring.engine.schedules.balanced import balanced_schedule
from scoring.engine.schedules.cyclic import expand
from scoring.engine.schedules.shape import Round, Schedule, Table
from scoring.engine.schedules.stored import INITIAL_ROUNDS

MOST_PLAYERS = 64


def full_rounds(players: int) -> int:
    """The rounds of a whole schedule: v-1 for 4n players, v otherwise (each sits out once or more)."""
    return players - 1 if players % 4 == 0 else players


def whist_schedule(players: int, rounds: int | None = None, seed: int = 0) -> Schedule:
    """`rounds` rounds (a whole schedule when None) for `players` individuals numbered 1 to `players`."""
    if not 4 <= players <= MOST_PLAYERS:
        raise ValueError(f"a schedule is for 4 to {MOST_PLAYERS} players, not {players}")
    most = full_rounds(players)
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise ValueError(f"{players} players have at most {most} rounds before partners repeat, not {rounds}")
    if players in INITIAL_ROUNDS:
        whole = expand(INITIAL_ROUNDS[players], players)
        return _renumbered(Schedule(players, whole.rounds[:rounds]), seed)
    return balanced_schedule(players, rounds, seed)


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
