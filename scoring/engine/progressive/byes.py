"""Sitting out a progressive round, when the players are not a multiple of four, and what a bye scores.

After the movement seats the players who played, as many of them as sat out this round make way for those
who sat out: the ones with the fewest byes so far, the foot table's first (then the lower tables', each in
the order N, E, S, W). Those coming back take the seats made free in the order they sat out, so byes go
round evenly and nobody keeps a partner (one coming back had none). A bye scores the round's average: the
points of everyone who played it over their number, to the nearest whole point, a half going up.

>>> moved = [{Seat.N: 1, Seat.E: 2, Seat.S: 3, Seat.W: 4}, {Seat.N: 5, Seat.E: 6, Seat.S: 7, Seat.W: 8}]
>>> seated, out = rotate_byes(moved, waiting=[9], byes={9: 1})
>>> [seats[Seat.N] for seats in seated], out
([1, 9], [5])
>>> bye_points(total=50, players=8)
6
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoring.engine.seats import SEAT_ORDER, Seat

__all__ = ["BYE_RULE", "bye_points", "rotate_byes"]

BYE_RULE = ("A player who sits out a round scores its average: the points of everyone who played it over their "
            "number, to the nearest whole point (a half goes up). Byes go round: those with the fewest sit out "
            "next.")


def rotate_byes(moved: Sequence[Mapping[Seat, int]], waiting: Sequence[int],
                byes: Mapping[int, int]) -> tuple[list[dict[Seat, int]], list[int]]:
    """The next round's tables with those who sat out brought back, and who sits out instead.

    `moved` is the movement's seating of this round's players (table 1 first), `waiting` those who sat
    this round out (in order), `byes` how many rounds each player has sat out so far (this one included)."""
    seated = [dict(table) for table in moved]
    if not waiting:
        return seated, []
    places = [(table, seat) for table in reversed(range(len(seated))) for seat in SEAT_ORDER]
    leaving = sorted(places, key=lambda place: byes.get(seated[place[0]][place[1]], 0))[:len(waiting)]
    if len(leaving) < len(waiting):
        raise ValueError("more players sit out than play")
    out = [seated[table][seat] for table, seat in leaving]
    for (table, seat), player in zip(sorted(leaving, key=lambda p: (p[0], SEAT_ORDER.index(p[1]))), waiting,
                                     strict=True):
        seated[table][seat] = player
    return seated, out


def bye_points(total: int, players: int) -> int:
    """The round's average over the `players` who played it, their points adding to `total`: rounded to
    the nearest whole point, a half up (0 when nobody played)."""
    if players <= 0:
        return 0
    return (2 * total + players) // (2 * players)
