"""Benchmark: whole whist schedules for 8 to 64 players, with their worst repeats.

Run: python bench/schedules.py [--low 8] [--high 64] [--runs 3]   (CI: --low 8 --high 10 --runs 1)
Prints, per count of players, the rounds, the most times any two players partner and oppose over
the whole schedule, whether it is a whist tournament, and the median wall-clock and CPU time to build it
(the `schedule` command adds Django's start-up to these).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.engine.schedules import whist_schedule


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--low", type=int, default=8)
    parser.add_argument("--high", type=int, default=64)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("| Players | Rounds | Worst partner | Worst opponent | Perfect | Median time | Median CPU |")
    print("|---|---|---|---|---|---|---|")
    slowest = 0.0
    for players in range(args.low, args.high + 1):
        times, cpu = [], []
        for run in range(args.runs):
            started, started_cpu = time.perf_counter(), time.process_time()
            schedule = whist_schedule(players, seed=run)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
        median = statistics.median(times)
        slowest = max(slowest, median)
        partners, opponents = schedule.worst_repeats()
        perfect = "yes" if schedule.is_whist() else "no"
        cpu_median = statistics.median(cpu)
        print(f"| {players} | {len(schedule.rounds)} | {partners} | {opponents} | {perfect} | {median:.3f} s "
              f"| {cpu_median:.3f} s |")
    print(f"slowest median: {slowest:.3f} s")


if __name__ == "__main__":
    main()
