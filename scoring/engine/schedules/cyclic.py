"""Cyclic whist schedules: one initial round, and every other round got by adding 1 to each player.

For v = 4n players the players are the integers mod v-1 and one fixed player (`v-1` here, the
"infinity" of design theory, who never moves); for v = 4n+1 they are the integers mod v, and
player 0 sits out the initial round (player i sits out round i). The schedule is a whist tournament
(every two players partner once and oppose twice) exactly when, in the initial round, the
differences of the partner pairs between moving players cover each difference class once and
those of the opponent pairs cover each class twice. `search` looks for such an initial round.
Where none exists over the integers (9 players need Z3 x Z3) the same works over a product of
cyclic groups (`group.py`), and "adding 1" becomes adding each element of the group in turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

from scoring.engine.schedules.group import Group, Quad
from scoring.engine.schedules.shape import Round, Schedule, Table

__all__ = ["Quad", "expand", "group_for", "is_prime", "misses", "modulus", "moore", "search"]

HEAT = 0.3
"""How readily the search takes a swap that misses more (annealing at a fixed temperature): enough to
climb out of a valley, little enough that it keeps what it has found. Tried on 24 to 33 players."""


def modulus(players: int) -> int:
    """The order of the group the players move round: v-1 for 4n players, v for 4n+1."""
    if players % 4 == 0:
        return players - 1
    if players % 4 == 1:
        return players
    raise ValueError(f"a whist schedule needs 4n or 4n+1 players, not {players}")


@lru_cache(maxsize=64)
def group_for(players: int, dims: tuple[int, ...] | None = None) -> Group:
    """The group the players move round: Z_m unless `dims` names a product of the same order."""
    m = modulus(players)
    group = Group(dims or (m,))
    if group.order != m:
        raise ValueError(f"{players} players move round a group of order {m}, not {group.dims}")
    return group


def _pairs(slots: Sequence[int]) -> list[tuple[int, int, int]]:
    """(slot, slot, kind) for every pair of each table: kind 0 partners (N-S, E-W), 1 opponents."""
    out = []
    for t in range(0, len(slots), 4):
        n, e, s, w = t, t + 1, t + 2, t + 3
        out += [(n, s, 0), (e, w, 0), (n, e, 1), (n, w, 1), (s, e, 1), (s, w, 1)]
    return out


def misses(slots: Sequence[int], players: int, dims: tuple[int, ...] | None = None) -> int:
    """How far an initial round (table after table, four slots each) is from giving a whist schedule."""
    group = group_for(players, dims)
    counts = ({c: 0 for c in group.classes()}, {c: 0 for c in group.classes()})
    for x, y, kind in _pairs(slots):
        a, b = slots[x], slots[y]
        if a < group.order and b < group.order:  # the fixed player makes no difference
            counts[kind][group.difference_class(a, b)] += 1
    return sum(abs(c - 1) for c in counts[0].values()) + sum(abs(c - 2) for c in counts[1].values())


def search(players: int, seed: int = 0, tries: int = 400_000,
           dims: tuple[int, ...] | None = None) -> tuple[Quad, ...] | None:
    """An initial round for a cyclic whist schedule of `players`, by annealing (None if not found in `tries`).

    Swap two players of the round; keep the swap when it misses no more, and now and then when it
    misses more, so that the search does not stay in one valley. Only the pairs touching the two
    players swapped are counted again.
    """
    rng = random.Random(seed)
    group = group_for(players, dims)
    order = group.order
    slots = list(range(players)) if players % 4 == 0 else list(range(1, players))
    rng.shuffle(slots)
    pairs = _pairs(slots)
    touching: list[list[int]] = [[] for _ in slots]
    for k, (x, y, _) in enumerate(pairs):
        touching[x].append(k)
        touching[y].append(k)
    counts = [[0] * order, [0] * order]
    target = (1, 2)

    def cls(k: int) -> int:
        x, y, _ = pairs[k]
        a, b = slots[x], slots[y]
        return 0 if a >= order or b >= order else group.difference_class(a, b)

    def moved(ks: set[int], step: int) -> int:
        """Add (or take away) the pairs `ks` from the counts; how much the misses change."""
        change = 0
        for k in ks:
            c = cls(k)
            if c:
                kind = pairs[k][2]
                old = counts[kind][c]
                counts[kind][c] = old + step
                change += abs(old + step - target[kind]) - abs(old - target[kind])
        return change

    moved(set(range(len(pairs))), +1)
    cost = misses(slots, players, dims)
    for _ in range(tries):
        if cost == 0:
            return tuple(tuple(slots[i:i + 4]) for i in range(0, len(slots), 4))  # type: ignore[misc]
        i, j = rng.randrange(len(slots)), rng.randrange(len(slots))
        if i // 4 == j // 4 and (i - j) % 2 == 0:
            continue  # the same player, or partners changing places: the same table
        ks = set(touching[i]) | set(touching[j])
        change = moved(ks, -1)
        slots[i], slots[j] = slots[j], slots[i]
        change += moved(ks, +1)
        if change <= 0 or rng.random() < math.exp(-change / HEAT):
            cost += change
        else:
            moved(ks, -1)
            slots[i], slots[j] = slots[j], slots[i]
            moved(ks, +1)
    return None


def expand(initial: Sequence[Quad], players: int, dims: tuple[int, ...] | None = None) -> Schedule:
    """Every round of the cyclic schedule from its initial round (players numbered from 1).

    Round g adds g to every moving player; with 4n+1 players, player g sits out round g.
    """
    group = group_for(players, dims)
    m = group.order
    rounds = []
    for shift in range(m):
        def moved(x: int, shift: int = shift) -> int:
            return x if x == m else group.add(x, shift)

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
