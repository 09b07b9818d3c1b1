"""The groups a whist schedule turns round: the integers mod m, or a product such as Z3 x Z3.

An element is coded as one integer from 0 to order-1, its coordinates in mixed radix (the last
coordinate varies fastest), so that for one factor the code is the integer itself and a schedule
over Z_m reads exactly as it always has.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

Quad = tuple[int, int, int, int]  # (North, East, South, West), players counted from 0


@dataclass(frozen=True, slots=True)
class Group:
    """Z_{d1} x Z_{d2} x ...: `dims` are the factors' orders, all odd (so no element is its own negative)."""

    dims: tuple[int, ...]
    _classes: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.dims or any(d < 1 or d % 2 == 0 for d in self.dims):
            raise ValueError(f"a whist schedule turns round a group of odd order, not {self.dims}")
        table = tuple(tuple(self._class(x, y) for y in range(self.order)) for x in range(self.order))
        object.__setattr__(self, "_classes", table)

    @property
    def order(self) -> int:
        return prod(self.dims)

    def digits(self, x: int) -> tuple[int, ...]:
        out = []
        for d in reversed(self.dims):
            x, r = divmod(x, d)
            out.append(r)
        return tuple(reversed(out))

    def code(self, digits: tuple[int, ...]) -> int:
        x = 0
        for digit, d in zip(digits, self.dims, strict=True):
            x = x * d + digit % d
        return x

    def add(self, x: int, y: int) -> int:
        return self.code(tuple(a + b for a, b in zip(self.digits(x), self.digits(y), strict=True)))

    def neg(self, x: int) -> int:
        return self.code(tuple(-a for a in self.digits(x)))

    def difference_class(self, x: int, y: int) -> int:
        """Which class {d, -d} the difference x - y falls in, named by the smaller code (0 when x == y)."""
        return self._classes[x][y]

    def classes(self) -> list[int]:
        """Every class of non-zero differences, by its name."""
        return sorted({self._classes[x][0] for x in range(1, self.order)})

    def _class(self, x: int, y: int) -> int:
        d = self.add(x, self.neg(y))
        return min(d, self.neg(d))
