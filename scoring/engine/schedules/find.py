"""`python -m scoring.engine.schedules.find V [SEEDS] [DIMS]`: search for a cyclic whist schedule of V players
and print its initial round, to be kept in `stored.py`. DIMS names a product group, e.g. `3x3` for 9 players
(kept in `stored.GROUPS`); without it the players move round the integers."""

from __future__ import annotations

import sys
import time

from scoring.engine.schedules.cyclic import expand, search


def main(argv: list[str]) -> int:
    players = int(argv[0])
    seeds = int(argv[1]) if len(argv) > 1 else 50
    dims = tuple(int(d) for d in argv[2].split("x")) if len(argv) > 2 else None
    started = time.perf_counter()
    for seed in range(seeds):
        found = search(players, seed=seed, tries=2_000_000, dims=dims)
        if found is not None and expand(found, players, dims).is_whist():
            print(f"{players}: {found},  # seed {seed}, {time.perf_counter() - started:.0f} s")
            return 0
    print(f"{players}: none found in {seeds} seeds", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
