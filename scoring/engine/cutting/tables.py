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
- Tables: as many as there are fours (or `most_tables`, the tables the room has, if fewer). The four
  highest sit at the first table and the fifth and sixth highest belong to it as its candidates (law
  12). Those below them form the fresh tables four by four, in the order of their cards: having
  belonged to no table, they have the prior right there (law 17). Where too few are below to fill the
  last fresh table, the first table's candidates take the places left, the higher card first, as those
  who have belonged to a table are admitted by their cards (law 17); the one left over stays first in
  line at the first table. Any still below are the fresh tables' candidates, two a table in turn
  (law 12 at each), and anyone after them waits. With no limit on tables, as many as a multiple of
  four leave no candidate; one more leaves the first table one candidate; two or three more leave it
  two, and the third of three is the second table's candidate (or waits, seven cutting for one table).
- A tie is cut again only where it changes something: who sits at which table, who is a table's
  first or second candidate, who is a candidate rather than waiting. A tie within one table's four,
  or among those waiting, is left alone, as the two highest are in law 13.
- Fresh candidates (law 17), when the caller names them, take places before everyone else; all still
  cut at once from one pack, so one cut orders the fresh and the others alike.
- Seats: the dealer North, his partner South, the higher of the other two East (the dealer's left,
  eldest hand), the lower West; the first dealer is North. The dealer may choose otherwise (law 11).
- Entered cuts missing a table's cut for partners: each table cuts for partners on its own, so every
  table's missing cut is named at once (a `MissingCut` of them all), not one a submission.
- The log says where the cut sent each player who goes to a fresh table (any table but the evening's
  first), and why, citing laws 12 and 17 beside the law of the cut: on the last card that placed him.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import islice

from scoring.engine.cutting.calls import LAWS, PURPOSES, Call, CutKind, CutStep
from scoring.engine.cutting.cutter import Cutter
from scoring.engine.cutting.order import FIRST_DEALER, partnership, settle
from scoring.engine.cutting.sources import CutSource, MissingCut
from scoring.engine.seats import Seat

PLAYERS_A_TABLE = 4
CANDIDATES_A_TABLE = 2  # law 12: the fifth and sixth highest belong to the table
SEATED = 0  # in `_places`: the place is a seat at the table, not a place in its line


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
    places = _places(count, tables)
    # Where the order matters: wherever the next place in the cut is another table or another place in line.
    breaks = {k for k in range(1, count) if places[k] != places[k - 1]}
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
        at_table = {order[k] for k, place in enumerate(places) if place == (index, SEATED)}
        its_candidates = tuple(order[places.index((index, line))] for line in range(1, CANDIDATES_A_TABLE + 1)
                               if (index, line) in places)
        try:
            four = partnership(cutter, [p for p in candidates if p in at_table])  # they cut in order of arrival
        except MissingCut as exc:  # the tables are settled; the next table's cut does not depend on this one
            missing.append(f"Table {first_number + index}: {exc}")
            continue
        formed.append(TableFormed(first_number + index, four.seats, FIRST_DEALER, its_candidates))
    if missing:
        raise MissingCut(" ".join(missing))
    placed = {order[k] for k, place in enumerate(places) if place is not None}
    cutter.finish()
    log = _fresh_tables_told(tuple(cutter.log), order, places, prior, first_number)
    return Formation(tuple(formed), tuple(p for p in candidates if p not in placed), log, tuple(order))


FRESH_TABLE_LAWS = (12, 17)
"""Law 12 places the four who play and the two in line at a table; law 17 who comes in first at a fresh one."""


def _fresh_tables_told(log: tuple[CutStep, ...], order: Sequence[str], places: Sequence[tuple[int, int] | None],
                       prior: Collection[str], first_number: int) -> tuple[CutStep, ...]:
    """The log, each player the cut sent to a fresh table told where and why on the last card that placed him
    (his cut for the tables, or for a tie in it), citing laws 12 and 17 as well."""
    told: dict[str, str] = {}
    for k, place in enumerate(places):
        if place is None:
            continue
        index, line = place
        if index == 0 and first_number == 1:  # the evening's first table: the cut alone places them (laws 11, 12)
            continue
        where = f"table {first_number + index}"
        if line != SEATED:
            where += f" as its {('first', 'second')[line - 1]} candidate"
        if order[k] in prior:
            why = ("having neither played at nor stood in line at another table this evening, he comes in before "
                   "those who have (law 17), and the cards then place the four who play and the two in line "
                   "(law 12)")
        elif index > 0 and PLAYERS_A_TABLE <= k < PLAYERS_A_TABLE + CANDIDATES_A_TABLE:
            why = ("fifth or sixth in the cut, he was the first table's candidate (law 12), but too few were below "
                   "to fill this table, so he takes a place left by his card (law 17)")
        elif index > 0:
            why = ("below the first table's four and the two in line there (law 12), he is placed by his card, "
                   "after any who have belonged to no table (law 17)")
        else:
            why = ("placed by his card, the four highest playing and the next two standing in line (law 12), after "
                   "any who have belonged to no table (law 17)")
        told[order[k]] = f"and so to {where}, a fresh table: {why}"
    last = {step.player: at for at, step in enumerate(log) if step.kind is not CutKind.PARTNERS}
    out = list(log)
    for player, words in told.items():
        if player in last:  # exactly four placed at a table cut only for partners (law 11)
            step = out[last[player]]
            out[last[player]] = dataclasses.replace(step, reason=f"{step.reason}, {words}", also=FRESH_TABLE_LAWS)
    return tuple(out)


def _places(count: int, tables: int) -> list[tuple[int, int] | None]:
    """Where each place in the cut's order puts its player: (table, SEATED) to play at a table (counted from
    0), (table, 1) or (table, 2) to be its first or second candidate, None to wait.

    Law 12: the four highest play at the first table and the fifth and sixth belong to it. Those below
    them form the fresh tables, four by four: law 17 gives them, who belong to no table, the prior right.
    Where they cannot fill the last fresh table, the first table's candidates take the places left, the
    higher card first. Any still below are the fresh tables' candidates, two a table in turn.
    """
    places: list[tuple[int, int] | None] = [None] * count
    for k in range(PLAYERS_A_TABLE):
        places[k] = (0, SEATED)
    in_line = list(range(PLAYERS_A_TABLE, min(count, PLAYERS_A_TABLE + CANDIDATES_A_TABLE)))
    below = iter(range(PLAYERS_A_TABLE + CANDIDATES_A_TABLE, count))
    for table in range(1, tables):
        seats = list(islice(below, PLAYERS_A_TABLE))
        coming, in_line = in_line[:PLAYERS_A_TABLE - len(seats)], in_line[PLAYERS_A_TABLE - len(seats):]
        for k in seats + coming:
            places[k] = (table, SEATED)
    for line, k in enumerate(in_line, start=1):
        places[k] = (0, line)
    for table in range(1, tables):
        for line, k in enumerate(islice(below, CANDIDATES_A_TABLE), start=1):
            places[k] = (table, line)
    return places


def _check_names(candidates: Sequence[str]) -> None:
    seen: dict[str, str] = {}
    for name in candidates:
        key = " ".join(name.split()).casefold()
        if not key:
            raise ValueError("a candidate has no name")
        if key in seen:
            raise ValueError(f"{name} is named twice among those cutting")
        seen[key] = name
