"""Forming tables by cutting (laws 9-14, 17): who plays, with whom, who deals, who waits.

Everyone present who is not at a table cuts from one pack (law 9); ties cut again among themselves
(law 13). Candidates who have neither belonged to nor played at another table this evening come
first (law 17); the others follow in the order of their cards. Decisions where the laws are silent:

- Every four in that order make a table; the first four take table 1, and so on ("more tables as
  the candidates allow").
- Those left over (at most three) are candidates: the next two belong to the first table (law 12:
  the fifth and sixth highest), a third to the second table if there is one, else he waits.
- Each table's four then cut for partners and the deal (laws 11, 13, 14). The dealer sits North
  with his partner South; the higher of the other two sits East, on the dealer's left. The dealer
  may choose other seats (law 11), and the secretary can seat them so.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from scoring.engine.cutting.order import Partnership, partnership, ranked
from scoring.engine.cutting.sources import CutError, CutSource, CutStep, Cutter, EnteredCuts
from scoring.engine.seats import Seat

CANDIDATES_A_TABLE = 2  # law 12: the fifth and sixth highest belong to the table


@dataclass(frozen=True, slots=True)
class TableFormed:
    number: int
    seats: tuple[tuple[Seat, str], ...]
    """North, East, South, West."""
    first_dealer: Seat
    candidates: tuple[str, ...]

    def player(self, seat: Seat) -> str:
        return dict(self.seats)[seat]


@dataclass(frozen=True, slots=True)
class Formation:
    tables: tuple[TableFormed, ...]
    waiting: tuple[str, ...]
    log: tuple[CutStep, ...]


def seated(four: Partnership) -> tuple[tuple[Seat, str], ...]:
    """The dealer North, his partner South, the higher opponent East (the dealer's left), the other West."""
    return ((Seat.N, four.dealer), (Seat.E, four.opponents[0]), (Seat.S, four.partner), (Seat.W, four.opponents[1]))


def form_tables(candidates: Sequence[str], source: CutSource, *, fresh: Collection[str] | None = None,
                first_number: int = 1) -> Formation:
    """Tables for `candidates` (in order of arrival), cut for as the laws say; `fresh` have prior entry (law 17)."""
    if len({c.casefold() for c in candidates}) != len(candidates):
        raise ValueError("a candidate is named twice")
    if len(candidates) < 4:
        raise ValueError(f"a table needs four players; {len(candidates)} are waiting")
    if isinstance(source, EnteredCuts) and source.unknown(candidates):
        raise CutError(f"{', '.join(source.unknown(candidates))}: not among those waiting to cut.")
    cutter = Cutter(source)
    order = ranked(cutter, candidates, "for the tables", 9)
    if fresh is not None:  # law 17: fresh candidates first, then the others, each in the order of their cards
        order = [p for p in order if p in fresh] + [p for p in order if p not in fresh]
    count = len(order) // 4
    players, rest = order[:4 * count], order[4 * count:]
    candidate_lists: list[list[str]] = [[] for _ in range(count)]
    table = 0
    for player in rest:
        while table < count and len(candidate_lists[table]) >= CANDIDATES_A_TABLE:
            table += 1
        if table < count:
            candidate_lists[table].append(player)
    waiting = tuple(p for p in rest if not any(p in c for c in candidate_lists))
    tables = []
    for index in range(count):
        four = partnership(cutter, players[4 * index:4 * index + 4])
        tables.append(TableFormed(first_number + index, seated(four), Seat.N, tuple(candidate_lists[index])))
    return Formation(tuple(tables), waiting, tuple(cutter.log))
