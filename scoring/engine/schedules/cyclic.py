"""Cyclic whist schedules: one initial round, and every other round got by adding 1 to each player.

For v = 4n players the players are the integers mod v-1 and one fixed player (`v-1` here, the
"infinity" of design theory, who never moves); for v = 4n+1 they are the integers mod v, and
player 0 sits out the initial round (player i sits out round i). The schedule is a whist
tournament (every two players partner once and oppose twice) exactly when, in the initial round,
the differences of the partner pairs between moving players cover each difference class once and
those of the opponent pairs cover each class twice. `search` looks for such an initial round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.engine.schedules.shape import Round, Schedule, Table

Quad = tuple[int, int, int, int]  # (North, East, South, West), players counted from 0


def modulus(players: int) -> int:
    """The cycle the players move round: v-1 for 4n players, v for 4n+1."""
    if players % 4 == 0:
        return players - 1
    if players % 4 == 1:
        return players
    raise ValueError(f"a whist schedule needs 4n or 4n+1 players, not {players}")


def misses(slots: Sequence[int], players: int) -> int:
    """How far an initial round (table after table, four slots each) is from giving a whist schedule."""
    m = modulus(players)
    half = (m - 1) // 2
    partner = [0] * (half + 1)
    opponent = [0] * (half + 1)
    for i in range(0, len(slots), 4):
        a, b, c, d = slots[i:i + 4]
        for x, y, counts in ((a, c, partner), (b, d, partner), (a, b, opponent), (a, d, opponent),
                             (c, b, opponent), (c, d, opponent)):
            if x < m and y < m:
                diff = (x - y) % m
                counts[min(diff, m - diff)] += 1
    return sum(abs(p - 1) for p in partner[1:]) + sum(abs(o - 2) for o in opponent[1:])


def search(players: int, seed: int = 0, tries: int = 400_000) -> tuple[Quad, ...] | None:
    """An initial round for a cyclic whist schedule of `players`, by random local search (None if not found).

    Swap two players of the round and keep the swap unless it misses more; start afresh now and
    then, so that the search does not stay in one valley.
    """
    rng = random.Random(seed)
    modulus(players)  # refuses a count that has no cyclic schedule
    pool = list(range(players)) if players % 4 == 0 else list(range(1, players))
    slots = pool[:]
    rng.shuffle(slots)
    cost = misses(slots, players)
    since_better = 0
    for _ in range(tries):
        if cost == 0:
            return tuple(tuple(slots[i:i + 4]) for i in range(0, len(slots), 4))  # type: ignore[misc]
        i, j = rng.randrange(len(slots)), rng.randrange(len(slots))
        if i // 4 == j // 4 and (i - j) % 2 == 0:
            continue  # partners changing places: the same table
        slots[i], slots[j] = slots[j], slots[i]
        new = misses(slots, players)
        if new <= cost:
            since_better = 0 if new < cost else since_better + 1
            cost = new
        else:
            slots[i], slots[j] = slots[j], slots[i]
            since_better += 1
        if since_better > 20 * len(slots) * len(slots):
            rng.shuffle(slots)
            cost, since_better = misses(slots, players), 0
    return None


def expand(initial: Sequence[Quad], players: int) -> Schedule:
    """Every round of the cyclic schedule from its initial round (players numbered from 1)."""
    m = modulus(players)
    rounds = []
    for shift in range(m):
        def moved(x: int, shift: int = shift) -> int:
            return x if x == m else (x + shift) % m

        tables = tuple(Table(*(moved(x) + 1 for x in quad)) for quad in initial)
        sitting_out = (shift + 1,) if players % 4 == 1 else ()
        rounds.append(Round(tables, sitting_out))
    return Schedule(players, tuple(rounds))


def is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n ** 0.5) + 1))


def moore(p: int) -> tuple[Quad, ...]:
    """The initial round of E. H. Moore's cyclic whist schedule for a prime p = 4t+1.

    With x a primitive root and w = x^t (so w*w = -1), table i is (x^i, x^i w, -x^i, -x^i w) for
    i < t. Partners differ by 2x^i and 2x^i w, which between them meet every class of differences
    once; opponents differ by x^i(1-w) and x^i w(1-w), twice each, which meet every class twice.
    """
    if not (is_prime(p) and p % 4 == 1):
        raise ValueError(f"Moore's schedule needs a prime of the form 4t+1, not {p}")
    t = (p - 1) // 4
    root = next(g for g in range(2, p) if all(pow(g, (p - 1) // q, p) != 1
                                               for q in range(2, p) if (p - 1) % q == 0 and is_prime(q)))
    w = pow(root, t, p)
    tables = []
    for i in range(t):
        x = pow(root, i, p)
        tables.append((x, x * w % p, -x % p, -x * w % p))
    return tuple(tables)
