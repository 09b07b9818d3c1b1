"""Cutting out when a rubber ends (laws 15, 16, 19), and the next rubber's four, partners and deal.

- Law 16: only candidates who declared before anyone cut count; the caller passes them, in order.
- Law 15: one or two candidates claiming admission put out as many players: those who have played
  the most consecutive rubbers go out; players level at the boundary cut, the lowest going out.
- Law 19: a player who has left the table is replaced by the next candidate, who inherits his run
  of rubbers and so goes out when he would have.
- The four of the next rubber cut for partners and the deal (law 11), even when nobody changes.
- Decision where the laws are silent: players who go out become the table's last candidates.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import groupby

from scoring.engine.cutting.order import partnership, ranked
from scoring.engine.cutting.sources import CutSource, CutStep, Cutter
from scoring.engine.cutting.tables import seated
from scoring.engine.seats import Seat

MOST_CLAIMS = 2  # law 15: "any one, or two candidates"


@dataclass(frozen=True, slots=True)
class Change:
    out: tuple[str, ...]
    coming_in: tuple[str, ...]
    seats: tuple[tuple[Seat, str], ...]
    first_dealer: Seat
    candidates: tuple[str, ...]
    runs: tuple[tuple[str, int], ...]
    """Each player's run of consecutive rubbers before the next one (a newcomer's 0, or the run he inherits)."""
    log: tuple[CutStep, ...]


def after_rubber(players: Sequence[tuple[str, int]], candidates: Sequence[str], source: CutSource, *,
                 departed: Collection[str] = ()) -> Change:
    """Who goes out, who comes in, and the seats of the next rubber at a table.

    `players` are the four who played, each with his run of consecutive rubbers at this table;
    `candidates` those who declared for the table before the cut (law 16), first in line first.
    """
    runs = dict(players)
    if len(runs) != 4:
        raise ValueError("a table has four players")
    line = [c for c in candidates if c not in runs]
    cutter = Cutter(source)
    out: list[str] = []
    coming: list[str] = []
    for player in departed:  # law 19
        if player not in runs:
            raise ValueError(f"{player} is not at this table")
        if not line:
            raise ValueError(f"no candidate can take {player}'s place; the table breaks up (law 21)")
        newcomer = line.pop(0)
        runs[newcomer] = runs.pop(player)
        out.append(player)
        coming.append(newcomer)
    claims = min(MOST_CLAIMS, len(line))
    goers = _going_out(cutter, runs, claims) if claims else []
    for player in goers:
        del runs[player]
    newcomers = line[:claims]
    runs |= dict.fromkeys(newcomers, 0)
    four = partnership(cutter, list(runs))
    return Change(out=tuple(out + goers), coming_in=tuple(coming + newcomers), seats=seated(four),
                  first_dealer=Seat.N, candidates=tuple(line[claims:] + goers),
                  runs=tuple(runs.items()), log=tuple(cutter.log))


def _going_out(cutter: Cutter, runs: dict[str, int], claims: int) -> list[str]:
    """Law 15: the longest runs go out; those level at the boundary cut and the lowest go out."""
    goers: list[str] = []
    by_run = sorted(runs, key=lambda p: -runs[p])
    for _, group in groupby(by_run, key=lambda p: runs[p]):
        level = list(group)
        room = claims - len(goers)
        if room <= 0:
            break
        if len(level) <= room:
            goers += level
        else:
            order = ranked(cutter, level, "to go out", 15)
            goers += order[len(order) - room:]
    return goers
