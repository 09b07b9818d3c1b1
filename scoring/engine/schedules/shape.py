"""What a schedule is: rounds of tables of four seats, and who sits out each round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any


@dataclass(frozen=True, slots=True)
class Table:
    """One table: North and South are partners against East and West (players numbered from 1)."""

    n: int
    e: int
    s: int
    w: int

    @property
    def players(self) -> tuple[int, int, int, int]:
        return (self.n, self.e, self.s, self.w)

    def partners(self) -> tuple[tuple[int, int], tuple[int, int]]:
        return ((self.n, self.s), (self.e, self.w))

    def opponents(self) -> tuple[tuple[int, int], ...]:
        return ((self.n, self.e), (self.n, self.w), (self.s, self.e), (self.s, self.w))


@dataclass(frozen=True, slots=True)
class Round:
    tables: tuple[Table, ...]
    sitting_out: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Schedule:
    players: int
    rounds: tuple[Round, ...]

    def partner_counts(self) -> Counter[tuple[int, int]]:
        return Counter(_pair(a, b) for _, table in self._tables() for a, b in table.partners())

    def opponent_counts(self) -> Counter[tuple[int, int]]:
        return Counter(_pair(a, b) for _, table in self._tables() for a, b in table.opponents())

    def byes(self) -> Counter[int]:
        return Counter(p for r in self.rounds for p in r.sitting_out)

    def worst_repeats(self) -> tuple[int, int]:
        """The most times any two players partner, and the most times any two oppose."""
        partners, opponents = self.partner_counts(), self.opponent_counts()
        return (max(partners.values(), default=0), max(opponents.values(), default=0))

    def is_whist(self) -> bool:
        """Every pair of players partners exactly once and opposes exactly twice."""
        pairs = list(combinations(range(1, self.players + 1), 2))
        partners, opponents = self.partner_counts(), self.opponent_counts()
        return all(partners[p] == 1 and opponents[p] == 2 for p in pairs)

    def _tables(self) -> Iterator[tuple[int, Table]]:
        for number, r in enumerate(self.rounds, start=1):
            for table in r.tables:
                yield number, table


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def schedule_document(schedule: Schedule) -> dict[str, Any]:
    """The schedule as the `schedule` command prints it (a contract other tools read)."""
    return {"rounds": [{"tables": [{"N": t.n, "E": t.e, "S": t.s, "W": t.w} for t in r.tables],
                        "sitting_out": list(r.sitting_out)} for r in schedule.rounds]}
