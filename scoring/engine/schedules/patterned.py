"""Cyclic whist schedules whose partners are the patterned starter: x partners -x.

With the partner pairs {x, -x} (and, for 4n players, the fixed player partnering 0), partners differ
by 2x, which meets every non-zero difference once whatever the tables. What is left is to pair the
classes {x, -x} into tables: the table (x, y, -x, -y) has its opponents differ by x-y and x+y (each
class twice), the fixed player's table (inf, y, 0, -y) by y. The schedule is a whist tournament when
those classes, over the whole round, are every class once. A depth-first search finds the pairing.

It cannot exist everywhere: summing the squares of the classes shows that y*y must equal the sum of
the squares of all the classes (4n players) or that sum must be 0 (4n+1), both mod the group's order.
For a prime order of 4n-1 the first forces y = 0, so there it never exists; it does for 40 players.
(The Z-cyclic patterned starter whist tournaments, ZCPS-Wh, of the literature.)
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from scoring.engine.schedules.cyclic import expand, modulus
from scoring.engine.schedules.group import Quad

__all__ = ["main", "patterned"]


def patterned(players: int, seed: int = 0, nodes: int = 200_000) -> tuple[Quad, ...] | None:
    """An initial round with the patterned starter for `players` (over the integers mod m), or None if
    the search visits `nodes` choices without finding one."""
    m = modulus(players)
    fixed = players % 4 == 0

    def cls(d: int) -> int:
        return min(d % m, -d % m)

    classes = list(range(1, (m - 1) // 2 + 1))
    squares = sum(c * c for c in classes)
    if not fixed and squares % m:
        return None  # the sum of squares rules it out
    rng = random.Random(seed)
    for y0 in (rng.sample(classes, len(classes)) if fixed else [0]):
        if fixed and (y0 * y0 - squares) % m:
            continue  # the sum of squares rules this one out
        pairs = _pairing([c for c in classes if c != y0], {y0} if fixed else set(), cls, rng, nodes)
        if pairs is not None:
            tables: list[Quad] = [(m, y0, 0, -y0 % m)] if fixed else []
            tables += [(x, y, -x % m, -y % m) for x, y in pairs]
            return tuple(tables)
    return None


def _pairing(free: list[int], taken: set[int], cls: Callable[[int], int], rng: random.Random,
             nodes: int) -> list[tuple[int, int]] | None:
    """Pair the classes `free` so that each pair's x-y and x+y are classes not yet `taken`, all distinct."""
    rng.shuffle(free)
    pairs: list[tuple[int, int]] = []
    left = [nodes]

    def walk(rest: list[int]) -> bool:
        if not rest:
            return True
        left[0] -= 1
        if left[0] < 0:
            return False
        x, others = rest[0], rest[1:]
        for k, y in enumerate(others):
            a, b = cls(x - y), cls(x + y)
            if a == b or a in taken or b in taken:
                continue
            taken.update((a, b))
            pairs.append((x, y))
            if walk(others[:k] + others[k + 1:]):
                return True
            pairs.pop()
            taken.difference_update((a, b))
        return False

    return pairs if walk(free) else None


def main(argv: list[str]) -> int:
    """`python -m scoring.engine.schedules.patterned V [SEEDS]`: print an initial round for stored.py."""
    players, seeds = int(argv[0]), int(argv[1]) if len(argv) > 1 else 50
    for seed in range(seeds):
        found = patterned(players, seed)
        if found is not None and expand(found, players).is_whist():
            print(f"{players}: {found},  # patterned starter, seed {seed}")
            return 0
    print(f"{players}: no patterned starter found in {seeds} seeds", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
