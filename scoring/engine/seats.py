"""Seats at the table and the two sides they form."""

from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    """A partnership. Partners sit opposite each other."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)


class Seat(StrEnum):
    """A place at the table. The deal and the play go to the left: N, E, S, W (law 28)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def left(self) -> Seat:
        """The next seat to the left, who deals after this one."""
        return LEFT_OF[self]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def partner(self) -> Seat:
        return self.left.left

    def position_after(self, dealer: Seat) -> int:
        """1 for eldest hand (dealer's left), 2 for second hand, 3 for third, 4 for the dealer."""
        steps, seat = 1, dealer.left
        while seat is not self:
            seat, steps = seat.left, steps + 1
        return steps


LEFT_OF = {Seat.N: Seat.E, Seat.E: Seat.S, Seat.S: Seat.W, Seat.W: Seat.N}
"""Who sits to each seat's left (a table, for loops that ask it of every hand)."""

SEAT_ORDER: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
SIDES: tuple[Side, Side] = (Side.NS, Side.EW)
