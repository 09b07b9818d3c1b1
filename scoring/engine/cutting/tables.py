"""Forming tables by cutting (laws 9-14, 17): who plays, at which table, with whom, who deals, who waits.

The laws, in short:
- Law 9: everyone cuts from the same pack.
- Law 10: a player who shows more than one card cuts again.
- Law 11: with more than four candidates the cut chooses the players, those first in the room having
  the preference; the four highest play, cut again for partners (two highest against two lowest),
  and the highest deals and chooses seats.
- Law 12: with more than six, the fifth and sixth highest belong to the table as its candidates.
- Laws 13, 14: ties cut again, as `order` explains.
- Law 17: at a new table, candidates who have neither belonged to nor played at another table this
  evening come in first; the others cut for what is left.

Decisions where the laws are silent or the site must be concrete:
- Order of arrival is the order of cutting. "First in the room" has the preference in whatever the
  cards leave unsettled (two tied for the deal), and waiting players are listed in order of arrival.
- Exactly four candidates do not cut for the table (law 11 says "more than four"); they cut only for
  partners and the deal.
- Tables: as many as there are fours (or `most_tables`, the tables the room has, if fewer). The highest
  four sit at the first table, the next four at the second, and so on. Of those left, the next two
  belong to the first table as its candidates (its fifth and sixth, law 12), the next two to the
  second table, and so on; anyone left after that waits. With no limit on tables at most three are
  left over, so the first table has two candidates at most and the second one at most.
- A tie is cut again only where it changes something: who sits at which table, who is a table's
  first or second candidate, who is a candidate rather than waiting. A tie within one table's four,
  or among those waiting, is left alone, as the two highest are in law 13.
- Fresh candidates (law 17), when the caller names them, take places before everyone else; all still
  cut at once from one pack, so one cut orders the fresh and the others alike.
- Seats: the dealer North, his partner South, the higher of the other two East (the dealer's left,
  eldest hand), the lower West; the first dealer is North. The dealer may choose otherwise (law 11).
- Entered cuts missing a table's cut for partners: each table cuts for partners on its own, so every
  table's missing cut is named at once (a `MissingCut` of them all), not one a submission.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from scoring.engine.cutting.calls import LAWS, PURPOSES, Call, CutKind, CutStep
from scoring.engine.cutting.cutter import Cutter
from scoring.engine.cutting.order import FIRST_DEALER, partnership, settle
from scoring.engine.cutting.sources import CutSource, MissingCut
from scoring.engine.seats import Seat

PLAYERS_A_TABLE = 4
CANDIDATES_A_TABLE = 2  # law 12: the fifth and sixth highest belong to the table


@dataclass(frozen=True, slots=True)
class TableFormed:
    """A table as the cut formed it."""

    number: int
    """Counted from 1 (or from the `first_number` asked for)."""
    seats: tuple[tuple[Seat, str], ...]
    """(seat, player) for North, East, South, West."""
    first_dealer: Seat
    candidates: tuple[str, ...]
    """The table's candidates, first in line first: its fifth and sixth highest (law 12)."""

    def player(self, seat: Seat) -> str:
        return dict(self.seats)[seat]

    @property
    def players(self) -> tuple[str, ...]:
        """North, East, South, West."""
        return tuple(name for _, name in self.seats)


@dataclass(frozen=True, slots=True)
class Formation:
    """Everyone who cut, placed: at a table, as a table's candidate, or waiting."""

    tables: tuple[TableFormed, ...]
    waiting: tuple[str, ...]
    """Those neither at a table nor a table's candidate, in order of arrival."""
    log: tuple[CutStep, ...]
    """Every card cut, in order: the cut for the tables, ties cut again, then each table's cut for partners."""
    order: tuple[str, ...]
    """Everyone in the order the cut for tables placed them (ties that changed nothing in order of arrival)."""


def form_tables(candidates: Sequence[str], cuts: CutSource, *, fresh: Collection[str] | None = None,
                first_number: int = 1, most_tables: int | None = None) -> Formation:
    """Cut for tables among `candidates`, who are present and waiting, in order of arrival.

    `fresh` names those who have neither belonged to nor played at another table this evening
    (law 17; None when nobody has played yet). `most_tables` caps the tables formed; the others wait.
    Raises ValueError for fewer than four candidates or a name given twice, and a `CutError` when
    entered cuts do not settle the cutting (the message says which cut is missing or wrong).
    """
    _check_names(candidates)
    count = len(candidates)
    if count < PLAYERS_A_TABLE:
        raise ValueError(f"a table needs four players; {count} {'is' if count == 1 else 'are'} here to cut")
    if most_tables is not None and most_tables < 1:
        raise ValueError(f"at least one table is needed to cut for, not {most_tables}")
    tables = count // PLAYERS_A_TABLE if most_tables is None else min(count // PLAYERS_A_TABLE, most_tables)
    seated = PLAYERS_A_TABLE * tables
    spare = min(count - seated, CANDIDATES_A_TABLE * tables)
    # Where the order matters: between tables, and at every candidate's place (law 12).
    breaks = {PLAYERS_A_TABLE * t for t in range(1, tables + 1)} | {seated + c for c in range(1, spare + 1)}
    prior = frozenset(fresh or ()) & frozenset(candidates)
    if len(prior) == count:
        prior = frozenset()
    cutter = Cutter(cuts)
    cutter.start(candidates)
    order = list(candidates)
    if count > PLAYERS_A_TABLE:  # law 11: more than four candidates cut for their places
        purpose = PURPOSES[CutKind.TABLES]
        cards = cutter.cut(Call(tuple(candidates), CutKind.TABLES, LAWS[CutKind.TABLES], purpose))
        order = settle(cutter, candidates, cards, breaks=breaks, purpose=purpose, prior=prior)
    formed = []
    missing: list[str] = []
    for index in range(tables):
        at_table = set(order[PLAYERS_A_TABLE * index:PLAYERS_A_TABLE * (index + 1)])
        first = seated + CANDIDATES_A_TABLE * index
        its_candidates = tuple(order[first:min(first + CANDIDATES_A_TABLE, seated + spare)])
        try:
            four = partnership(cutter, [p for p in candidates if p in at_table])  # they cut in order of arrival
        except MissingCut as exc:  # the tables are settled; the next table's cut does not depend on this one
            missing.append(f"Table {first_number + index}: {exc}")
            continue
        formed.append(TableFormed(first_number + index, four.seats, FIRST_DEALER, its_candidates))
    if missing:
        raise MissingCut(" ".join(missing))
    placed = set(order[:seated + spare])
    cutter.finish()
    return Formation(tuple(formed), tuple(p for p in candidates if p not in placed), tuple(cutter.log), tuple(order))


def _check_names(candidates: Sequence[str]) -> None:
    seen: dict[str, str] = {}
    for name in candidates:
        key = " ".join(name.split()).casefold()
        if not key:
            raise ValueError("a candidate has no name")
        if key in seen:
            raise ValueError(f"{name} is named twice among those cutting")
        seen[key] = name
