"""Whist schedules for 8, 16, 32 and 64 players over the field of 2^k elements.

Take the players to be the elements of GF(2^k) and r a primitive element. In round 0 the tables are the
cosets a + W of the subspace W = {0, 1, r, 1+r}: at each, a partners a+1 and a+r partners a+1+r, so
partners differ by 1 and opponents by r or 1+r. Round i is round 0 multiplied by r^i: partners differ by
r^i and opponents by r^(i+1) or r^i(1+r). The lines {r^i, r^(i+1), r^i(1+r)} are the 2^k-1 images of one
line of the projective space under the Singer cycle, so every non-zero difference lies on three of them,
marked as the partners' difference on one: every two players partner once and oppose twice.

Multiplying by r adds 1 to every exponent and leaves 0 where it is, so writing r^j as j and 0 as the fixed
player gives an initial round of the usual cyclic kind (`cyclic.expand`), over the integers mod 2^k-1.
"""

from __future__ import annotations

from scoring.engine.schedules.group import Quad

__all__ = ["binary_field_round"]

PRIMITIVE: dict[int, int] = {8: 0b1011, 16: 0b10011, 32: 0b100101, 64: 0b1000011}
"""A primitive polynomial over GF(2) for each field: x^3+x+1, x^4+x+1, x^5+x^2+1, x^6+x+1."""


def binary_field_round(players: int) -> tuple[Quad, ...]:
    """The initial round for `players` = 8, 16, 32 or 64, the fixed player coded players-1."""
    if players not in PRIMITIVE:
        raise ValueError(f"the field construction is for 8, 16, 32 or 64 players, not {players}")
    order = players - 1
    powers = [1]
    for _ in range(order - 1):
        x = powers[-1] << 1
        powers.append(x ^ PRIMITIVE[players] if x & players else x)
    log = {element: exponent for exponent, element in enumerate(powers)}
    if len(log) != order:
        raise ValueError(f"{PRIMITIVE[players]:b} is not primitive")  # r would not reach every element

    def player(element: int) -> int:
        return order if element == 0 else log[element]

    one, alpha = 1, powers[1]
    seated: set[int] = set()
    tables: list[Quad] = []
    for a in range(players):
        if a not in seated:
            coset = (a, a ^ alpha, a ^ one, a ^ one ^ alpha)  # North, East, South, West
            seated.update(coset)
            tables.append((player(coset[0]), player(coset[1]), player(coset[2]), player(coset[3])))
    return tuple(tables)
