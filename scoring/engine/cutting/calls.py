"""What a cut is for, one card cut, and the log of a cutting, card by card.

A `Call` is a cut the laws call for: who cuts, why, and under which law. A source answers a call
with one `Cut` a player; the `Cutter` writes each into the log as a `CutStep`, so the site can show
the draw card by card and say why each card was cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.engine.cutting.cards import Card


class CutKind(StrEnum):
    """Why a card was cut."""

    TABLES = "tables"
    """The first cut of those present: who plays, at which table, who is a candidate (laws 11, 12, 17)."""
    PARTNERS = "partners"
    """The four of a table cut for partners and the deal (law 11)."""
    OUT = "out"
    """Players level in consecutive rubbers cut to decide who goes out (law 15)."""
    PRECEDENCE = "precedence"
    """Players of a broken-up table cut for their order of entry elsewhere (law 21)."""
    TIE = "tie"
    """Players who cut cards of equal value cut again, to settle their own order (laws 13, 14)."""
    EXPOSED = "exposed"
    """A player showed more than one card and cuts again (law 10)."""


LAWS: dict[CutKind, int] = {CutKind.TABLES: 11, CutKind.PARTNERS: 11, CutKind.OUT: 15, CutKind.PRECEDENCE: 21,
                            CutKind.EXPOSED: 10}
"""The law under which each kind of cut is made; a tie cites law 13 (two tie) or law 14 (three or more)."""

PURPOSES: dict[CutKind, str] = {CutKind.TABLES: "for the tables", CutKind.PARTNERS: "for partners and the deal",
                                CutKind.OUT: "to go out", CutKind.PRECEDENCE: "for precedence"}


def tie_law(players: int) -> int:
    """Law 13 when two cut cards of equal value, law 14 when three (or, beyond the laws, four) do."""
    return 13 if players == 2 else 14


@dataclass(frozen=True, slots=True)
class Call:
    """A cut the laws call for, of `players` in the order they cut."""

    players: tuple[str, ...]
    kind: CutKind
    law: int
    purpose: str
    """What the cut settles, as the log says it: 'for the tables', 'to go out'."""
    tied_with: str = ""
    """For a tie: the rank the players tied with, in the plural ('kings')."""

    @property
    def reason(self) -> str:
        """The reason shown beside each card of the cut."""
        if self.kind is CutKind.TIE:
            return f"again, to settle a tie with {self.tied_with} {self.purpose}"
        return self.purpose


@dataclass(frozen=True, slots=True)
class Cut:
    """One player's cut as a source gives it: his card, or None when he exposed more than one (law 10)."""

    player: str
    card: Card | None
    exposed: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class CutStep:
    """One card in the log of a cutting.

    `round` counts the rounds of cutting from 1: each round is one pack (law 9), so no card comes up
    twice within a round, and a new round (a tie, the partners, the next table) is a fresh pack.
    """

    round: int
    player: str
    card: Card | None
    """None when the player exposed more than one card and must cut again (law 10); see `exposed`."""
    reason: str
    law: int
    kind: CutKind
    exposed: tuple[Card, ...] = ()
    also: tuple[int, ...] = ()
    """Laws beyond the cut's own that the card's outcome rests on: where it sent the player to a fresh table,
    laws 12 and 17 (`tables.form_tables`)."""

    @property
    def laws(self) -> tuple[int, ...]:
        """The cut's law and those its outcome rests on, in order."""
        return tuple(sorted({self.law, *self.also}))

    @property
    def cited(self) -> str:
        """"law 11", "laws 11, 12, 17"."""
        laws = self.laws
        return f"law {laws[0]}" if len(laws) == 1 else "laws " + ", ".join(str(n) for n in laws)

    def __str__(self) -> str:
        shown = self.card.label if self.card else " ".join(c.label for c in self.exposed) + " exposed"
        return f"{self.round}. {self.player}: {shown} ({self.reason}, {self.cited})"


def names(players: Sequence[str]) -> str:
    """'Ames', 'Ames and Bell', 'Ames, Bell and Cole'."""
    if len(players) <= 1:
        return "".join(players)
    return ", ".join(players[:-1]) + f" and {players[-1]}"
