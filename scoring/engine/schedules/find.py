"""`python -m scoring.engine.schedules.find V [SEEDS]`: search for a cyclic whist schedule of V players
and print its initial round, to be kept in `stored.py`."""

from __future__ import annotations

import sys
import time

from scoring.engine.schedules.cyclic import expand, search


def main(argv: list[str]) -> int:
    players = int(argv[0])
    seeds = int(argv[1]) if len(argv) > 1 else 50
    started = time.perf_counter()
    for seed in range(seeds):
        found = search(players, seed=seed, tries=2_000_000)
        if found is not None and expand(found, players).is_whist():
            print(f"{players}: {found},  # seed {seed}, {time.perf_counter() - started:.0f} s")
            return 0
    print(f"{players}: none found in {seeds} seeds", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
