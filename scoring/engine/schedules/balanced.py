"""Rounds for any number of players, where no perfect schedule is kept: built one round at a time.

Each round the players with the fewest byes so far play (so byes differ by at most one), and the
tables are arranged by local search against what the earlier rounds have done: a partner met
before costs far more than anything else, and opponents are met as evenly as the search can. A
schedule that still repeats a partner is built again from another seed, a few times, and the best
kept.
"""

from __future__ import annotations

import random
from collections import Counter

from scoring.engine.schedules.shape import Round, Schedule, Table

REPEATED_PARTNER = 10_000  # never chosen while any other arrangement avoids it
SWEEPS = 60  # swaps tried per player seated, each round
ATTEMPTS = 4  # whole schedules tried when one repeats a partner

Pairs = Counter[tuple[int, int]]


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _table_cost(seats: list[int], partner: Pairs, opponent: Pairs) -> int:
    a, b, c, d = seats
    cost = REPEATED_PARTNER * (partner[_pair(a, c)] + partner[_pair(b, d)])
    for x, y in ((a, b), (a, d), (c, b), (c, d)):
        met = opponent[_pair(x, y)]
        cost += met * met  # a third meeting costs more than two first ones
    return cost


def _arrange(playing: list[int], partner: Pairs, opponent: Pairs, rng: random.Random) -> list[int]:
    """The round's seats, by swapping players between tables while no table costs more for it."""
    slots = playing[:]
    rng.shuffle(slots)
    costs = [_table_cost(slots[i:i + 4], partner, opponent) for i in range(0, len(slots), 4)]
    for _ in range(SWEEPS * len(slots)):
        i, j = rng.randrange(len(slots)), rng.randrange(len(slots))
        ti, tj = i // 4, j // 4
        if ti == tj:
            continue
        slots[i], slots[j] = slots[j], slots[i]
        new_i = _table_cost(slots[4 * ti:4 * ti + 4], partner, opponent)
        new_j = _table_cost(slots[4 * tj:4 * tj + 4], partner, opponent)
        if new_i + new_j <= costs[ti] + costs[tj]:
            costs[ti], costs[tj] = new_i, new_j
        else:
            slots[i], slots[j] = slots[j], slots[i]
    return slots


def _build(players: int, rounds: int, rng: random.Random) -> Schedule:
    partner: Pairs = Counter()
    opponent: Pairs = Counter()
    byes: Counter[int] = Counter()
    sitting = players % 4
    out_rounds = []
    for _ in range(rounds):
        order = sorted(range(1, players + 1), key=lambda p: (byes[p], rng.random()))
        out = sorted(order[:sitting])
        slots = _arrange(sorted(order[sitting:]), partner, opponent, rng)
        tables = tuple(Table(*slots[i:i + 4]) for i in range(0, len(slots), 4))
        for table in tables:
            partner.update(_pair(a, b) for a, b in table.partners())
            opponent.update(_pair(a, b) for a, b in table.opponents())
        byes.update(out)
        out_rounds.append(Round(tables, tuple(out)))
    return Schedule(players, tuple(out_rounds))


def balanced_schedule(players: int, rounds: int, seed: int = 0) -> Schedule:
    """`rounds` rounds for `players` players: the fewest repeated partners, then the most even opponents."""
    rng = random.Random(seed)
    best: Schedule | None = None
    for _ in range(ATTEMPTS):
        schedule = _build(players, rounds, rng)
        if best is None or schedule.worst_repeats() < best.worst_repeats():
            best = schedule
        if best.worst_repeats()[0] <= 1:
            break
    assert best is not None
    return best
