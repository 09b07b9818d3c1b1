"""Cutting out when a rubber ends (laws 15-21), and the four, partners and deal of the next rubber.

The laws, in short:
- Law 15: when one or two candidates claim a place at the end of a rubber, whoever has played more
  consecutive rubbers than the others goes out; when all have played as many, they cut and the lowest
  goes out.
- Law 16: a candidate must declare before anyone cuts, for a new rubber or for cutting out.
- Law 17: at a new table, those who have not played elsewhere have prior entry.
- Law 19: a player who leaves a full table is replaced by the next candidate in line, who goes out
  when the one he replaced would have.
- Law 20: a player who cuts into another table loses his right to come back to his own, and stands as
  a new candidate there.
- Law 21: when a table breaks up, its players have prior entry at other tables, cutting among
  themselves for precedence when there are not places for all.
- Law 11: the four of a rubber cut for partners and the deal; law 16 speaks of cutting "for the
  purpose of commencing a new rubber", so they cut again for every rubber, even when nobody changes.

Decisions where the laws are silent or the site must be concrete:
- `candidates` are those who declared before the cut (law 16), first in line first; the caller keeps
  that list. Anyone in it who is at this table is passed over.
- The line for entry: players of a broken-up table first (law 21; in the order given, or, when there
  are more of them than places now, in the order of a cut among them all); then the table's own
  candidates, the fresh among them first when `fresh` is given (law 17, applied to a place at an old
  table as to one at a fresh table), each part in the order of declaring; then those who lost their
  re-entry here by cutting into another table (law 20), in the order given, as if declaring now.
- A departed player's place (law 19) goes to the first in line, whatever his run. The newcomer plays
  the next rubber whatever happens (he "must go out at the end of one rubber"), so he does not cut
  to go out now; he inherits the departed player's run, returned in `Change.runs` for the caller to
  carry on. If nobody is in line the table cannot go on: `TableBreaksUp`.
- Claims: at most two candidates claim (law 15), and only as many as there are players left who
  did not just come in; the rest stay in line.
- Going out: the longest runs go out first; players level at the boundary (all four, as law 15 says,
  or only some of them) cut, and the lowest go out. Only those level cut.
- Newcomers take the chairs of those they replace, in the order given, and then all four cut for
  partners and the deal (law 11), seated as `order.Partnership.seats` says, the dealer North.
- Those who go out join the end of the line, after everyone who declared before the cut, as if they
  declared at once; a departed player does not.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from scoring.engine.cutting.calls import LAWS, PURPOSES, CutKind, CutStep, names
from scoring.engine.cutting.cutter import Cutter
from scoring.engine.cutting.order import FIRST_DEALER, partnership, ranked
from scoring.engine.cutting.sources import CutSource
from scoring.engine.seats import Seat

MOST_CLAIMS = 2  # law 15: "any one, or two candidates"


class TableBreaksUp(ValueError):
    """A player left and nobody in line can take his place: the table cannot go on (its players: law 21)."""


@dataclass(frozen=True, slots=True)
class Change:
    """What happens at a table when its rubber ends: who goes out, who comes in, and the next rubber's seats."""

    out: tuple[str, ...]
    """Departed players first (law 19), then those cut out (law 15); empty when the same four play on."""
    in_: tuple[str, ...]
    """Those who come in: first whoever takes a departed player's place, then the claimants."""
    seats: tuple[tuple[Seat, str], ...]
    """(seat, player) for North, East, South, West of the next rubber."""
    first_dealer: Seat
    candidates: tuple[str, ...]
    """The table's line after the change, first in line first, those who went out at the end."""
    runs: tuple[tuple[str, int], ...]
    """The next four with their runs of consecutive rubbers so far: a newcomer 0, or the run he inherits (law 19)."""
    log: tuple[CutStep, ...]

    @property
    def coming_in(self) -> tuple[str, ...]:
        """The same as `in_`."""
        return self.in_

    @property
    def same_four(self) -> bool:
        """Nobody went out: nobody claimed a place, and the four play on (cutting again for partners)."""
        return not self.out

    def player(self, seat: Seat) -> str:
        return dict(self.seats)[seat]

    @property
    def players(self) -> tuple[str, ...]:
        """North, East, South, West."""
        return tuple(name for _, name in self.seats)


def after_rubber(players: Mapping[str, int] | Sequence[tuple[str, int]], candidates: Sequence[str],
                 cuts: CutSource, *, departed: Collection[str] = (), fresh: Collection[str] | None = None,
                 lost_entry: Collection[str] = (), broken_up: Sequence[str] = ()) -> Change:
    """The change at a table whose rubber has ended.

    `players`: the four who played it (in seat order, which is also the order they cut), each with the
    number of consecutive rubbers he has played at this table, the one just ended included.
    `candidates`: the table's candidates who declared before the cut (law 16), first in line first.
    `departed`: players of the four who have left (law 19). `fresh`: candidates who have not played
    this evening (law 17). `lost_entry`: candidates who cut into another table and lost their place
    here (law 20). `broken_up`: players of a table that broke up, with prior entry here (law 21).
    """
    runs = _checked_runs(players, departed)
    four = list(runs)
    broken = _unique(p for p in broken_up if p not in runs)
    own = _own_line(candidates, set(four) | set(broken), fresh, lost_entry)
    stayers = [p for p in four if p not in departed]
    vacancies = len(four) - len(stayers)
    waiting = len(broken) + len(own)
    _check_places(four, departed, waiting)
    claims = min(MOST_CLAIMS, waiting - vacancies, len(stayers))
    places = vacancies + claims
    cutter = Cutter(cuts)
    cutter.start([*four, *broken, *own])
    if len(broken) > places:  # law 21: not places for all of them, so they cut for precedence
        broken = ranked(cutter, broken, f"{PURPOSES[CutKind.PRECEDENCE]}, their table having broken up",
                        LAWS[CutKind.PRECEDENCE], kind=CutKind.PRECEDENCE)
    line = broken + own
    fillers, claimants, rest = line[:vacancies], line[vacancies:places], line[places:]
    goers = _going_out(cutter, {p: runs[p] for p in stayers}, claims)
    next_four: list[str] = []
    next_runs: dict[str, int] = {}
    filling, claiming = iter(fillers), iter(claimants)
    for player in four:
        if player in departed:
            newcomer = next(filling)
            next_runs[newcomer] = inherited(runs[player])
        elif player in goers:
            newcomer = next(claiming)
            next_runs[newcomer] = 0
        else:
            newcomer = player
            next_runs[player] = runs[player]
        next_four.append(newcomer)
    partners = partnership(cutter, next_four)
    cutter.finish()
    return Change(out=tuple([p for p in four if p in departed] + goers), in_=tuple(fillers + claimants),
                  seats=partners.seats, first_dealer=FIRST_DEALER, candidates=tuple(rest + goers),
                  runs=tuple((p, next_runs[p]) for p in next_four), log=tuple(cutter.log))


MOST_RUN = 2
"""Consecutive rubbers a player is entitled to at a full table (law 15)."""


@dataclass(frozen=True, slots=True)
class Successor:
    """Who takes a departed player's chair when the rubber ends, and the run he inherits (law 19)."""

    departed: str
    successor: str
    run: int


def successors(players: Mapping[str, int] | Sequence[tuple[str, int]], candidates: Sequence[str], *,
               departed: Collection[str], fresh: Collection[str] | None = None,
               lost_entry: Collection[str] = ()) -> tuple[Successor, ...]:
    """Before the rubber ends: who will take each departed player's place, as `after_rubber` will seat them.

    No card is needed: the first in line fill the places in seat order (law 19). Arguments as for
    `after_rubber` (without players of a broken-up table, whose order may need a cut). Raises
    `TableBreaksUp` when the line is too short, as `after_rubber` will.
    """
    runs = _checked_runs(players, departed)
    four = list(runs)
    line = _own_line(candidates, set(four), fresh, lost_entry)
    gone = [p for p in four if p in departed]
    _check_places(four, departed, len(line))
    return tuple(Successor(player, newcomer, inherited(runs[player]))
                 for player, newcomer in zip(gone, line, strict=False))


def inherited(run: int) -> int:
    """The run a newcomer takes over from a player who left (law 19): one who had played one of his two
    rubbers leaves a run of one, and the newcomer goes out after a single rubber, as he would have; one who
    had played both leaves no run at all, and the newcomer starts his own two."""
    return run if run < MOST_RUN else 0


def _check_places(four: Sequence[str], departed: Collection[str], waiting: int) -> None:
    """Law 19 needs one in line for each player who left; without them the table breaks up (law 21)."""
    gone = [p for p in four if p in departed]
    if waiting < len(gone):
        raise TableBreaksUp(f"{names(gone)} left and {'nobody' if not waiting else f'only {waiting}'} in line "
                            f"can take {'the place' if len(gone) == 1 else 'their places'}: the table breaks up, "
                            "and its players have prior entry at the other tables (law 21).")


def _checked_runs(players: Mapping[str, int] | Sequence[tuple[str, int]],
                  departed: Collection[str]) -> dict[str, int]:
    runs = dict(players)
    if len(runs) != 4 or len(players) != 4:
        raise ValueError(f"a table has four different players, not {list(runs)}")
    for player, run in runs.items():
        if run < 1:
            raise ValueError(f"{player} has just played a rubber here: his run is at least 1, not {run}")
    for player in departed:
        if player not in runs:
            raise ValueError(f"{player} is not at this table, so cannot leave it")
    return runs


def _own_line(candidates: Sequence[str], elsewhere: set[str], fresh: Collection[str] | None,
              lost_entry: Collection[str]) -> list[str]:
    """The table's own candidates in the order they enter."""
    own = [c for c in _unique(candidates) if c not in elsewhere]
    keeping = [c for c in own if c not in lost_entry]
    if fresh is not None:  # law 17: those who have not played come first
        keeping = [c for c in keeping if c in fresh] + [c for c in keeping if c not in fresh]
    return keeping + [c for c in own if c in lost_entry]  # law 20: as if they declared now


def _going_out(cutter: Cutter, runs: dict[str, int], claims: int) -> list[str]:
    """Law 15: the longest runs go out; those level at the boundary cut, and the lowest go out."""
    goers: list[str] = []
    by_run = sorted(runs, key=lambda p: -runs[p])  # stable: seat order among the level
    for _, same in groupby(by_run, key=lambda p: runs[p]):
        level, room = list(same), claims - len(goers)
        if room <= 0:
            break
        if len(level) <= room:
            goers += level
        else:
            stay = len(level) - room
            order = ranked(cutter, level, PURPOSES[CutKind.OUT], LAWS[CutKind.OUT], kind=CutKind.OUT, breaks={stay})
            goers += order[stay:]
    return goers


def _unique(players: Iterable[str]) -> list[str]:
    out: list[str] = []
    for player in players:
        if player not in out:
            out.append(player)
    return out
