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

from collections.abc import Collection, Mapping, Sequence

from scoring.engine.seats import SEAT_ORDER, Seat

__all__ = ["BYE_RULE", "COMINGS_RULE", "bye_points", "reseat", "rotate_byes"]

BYE_RULE = ("A player who sits out a round scores its average: the points of everyone who played it over their "
            "number, to the nearest whole point (a half goes up). Byes go round: those with the fewest sit out "
            "next.")


def rotate_byes(moved: Sequence[Mapping[Seat, int]], waiting: Sequence[int],
                byes: Mapping[int, int]) -> tuple[list[dict[Seat, int]], list[int]]:
    """The next round's tables with those who sat out brought back, and who sits out instead (`reseat` with
    nobody coming or going).

    `moved` is the movement's seating of this round's players (table 1 first), `waiting` those who sat
    this round out (in order), `byes` how many rounds each player has sat out so far (this one included)."""
    return reseat(moved, waiting, byes)


COMINGS_RULE = ("A player who arrives late is seated from the next round; one who goes home is seated no more and "
                "keeps the tally made so far. The tables are as many as the players make: a new one at the foot, or "
                "the foot table's players taking the seats left empty; those who sat out or arrived play, and as many "
                "as must sit out are those who played with the fewest byes.")


def reseat(moved: Sequence[Mapping[Seat, int]], waiting: Sequence[int], byes: Mapping[int, int], *,
           gone: Collection[int] = (), arrived: Sequence[int] = ()) -> tuple[list[dict[Seat, int]], list[int]]:
    """`rotate_byes` when players come and go: the next round's tables and who sits it out.

    Those `gone` lose their seats; the present make `len // 4` tables, a new table at the foot for the extra,
    or the foot tables broken up and their players seated in the empty places. Those who sat out (`waiting`)
    and those `arrived` all play; as many of those who played as must sit out do, the fewest byes first (the
    foot table's first, as `rotate_byes`). The empty seats, in table order and N, E, S, W, take the coming
    players: those who sat out, then those who arrived, then those of a broken table."""
    gone = set(gone)
    tables: list[dict[Seat, int | None]] = [{seat: (None if p in gone else p) for seat, p in t.items()}
                                            for t in moved]
    coming = [p for p in waiting if p not in gone] + [p for p in arrived if p not in gone]
    present = sum(p is not None for t in tables for p in t.values()) + len(coming)
    count, broken = present // 4, []
    while len(tables) > count:  # the foot table breaks up: its players take others' empty seats or sit out
        foot = tables.pop()
        broken += [p for seat in SEAT_ORDER if (p := foot[seat]) is not None]
    tables += [dict.fromkeys(SEAT_ORDER) for _ in range(count - len(tables))]
    empty = [(t, seat) for t in range(len(tables)) for seat in SEAT_ORDER if tables[t][seat] is None]
    sitting = len(coming) + len(broken) - len(empty)
    played = [(None, p) for p in broken] + [((t, seat), p) for t in reversed(range(len(tables)))
                                            for seat in SEAT_ORDER if (p := tables[t][seat]) is not None]
    # (Those coming sit out only when too few played to make way for them.)
    leaving = [*sorted(played, key=lambda place: byes.get(place[1], 0)), *((None, p) for p in coming)][:sitting]
    out = [p for _, p in leaving]
    for place, _ in leaving:
        if place is not None:
            tables[place[0]][place[1]] = None
    incoming = [p for p in coming + broken if p not in out]
    empty = [(t, seat) for t in range(len(tables)) for seat in SEAT_ORDER if tables[t][seat] is None]
    for (t, seat), player in zip(empty, incoming, strict=True):
        tables[t][seat] = player
    return [{seat: p for seat, p in t.items() if p is not None} for t in tables], out


def bye_points(total: int, players: int) -> int:
    """The round's average over the `players` who played it, their points adding to `total`: rounded to
    the nearest whole point, a half up (0 when nobody played)."""
    if players <= 0:
        return 0
    return (2 * total + players) // (2 * players)
