"""Checks that the two passes of `make test` (scripts/test-passes.sh) ran every test collected, at least once,
and prints how they split. Reads the pass-<database>.json files tests/conftest.py writes in TEST_RUN_DIR."""

from __future__ import annotations

import json
import sys
from pathlib import Path

PASSES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


def main(folder: Path) -> int:
    passes = {name: json.loads((folder / f"pass-{vendor}.json").read_text()) for vendor, name in PASSES.items()}
    collected = {test["id"]: test for tests in passes.values() for test in tests}
    ran = {name: {test["id"] for test in tests if test["selected"]} for name, tests in passes.items()}
    missed = sorted(set(collected) - set().union(*ran.values()))
    both = set.intersection(*ran.values())
    no_database = sum(1 for test in collected.values() if not test["database"])
    browser = sum(1 for test in collected.values() if test["browser"])
    print(f"{len(collected):,} tests ({no_database:,} touching no database, {browser:,} in the browser): "
          + ", ".join(f"{len(ids):,} in the {name} pass" for name, ids in ran.items())
          + f", {len(both):,} in both, {len(missed):,} in neither")
    for nodeid in missed:
        print(f"  run in neither pass: {nodeid}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
