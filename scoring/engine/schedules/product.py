"""Moore's whist schedule over a product of fields, each with a square root of -1.

E. H. Moore's construction (`cyclic.moore` for a prime 4t+1, `field.moore_square` for the field of p*p
elements) needs only a ring of odd order with an element w such that w*w = -1 and w-1, w+1 have
inverses. A product of fields of orders q1, q2, ... has one when each q is 1 mod 4: take w's part
in each field to be that field's square root of -1. So 45 players (the field of 9 times the
integers mod 5) have a whist schedule though 45 is no prime power.

The tables are the orbits {x, wx, -x, -wx} of the non-zero elements under multiplication by w,
seated (x, wx, -x, -wx). Partners differ by 2x and 2wx, which over all the orbits meet every
non-zero difference once. Opponents differ by (1-w)x and (1+w)x = (1-w)wx, twice each, which over
the orbits meet every non-zero difference twice.

A field of p*p elements (p = 4t+3) is written as pairs (a, b) = a + b*r with r*r = c, c no square
mod p, coded p*a + b as in `group.Group` with dims (p, p); a prime field p = 4t+1 is the integers
mod p. An element of the product is coded in mixed radix over the factors' dims.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.engine.schedules.group import Group, Quad

__all__ = ["moore_product", "moore_product_factors"]

Element = tuple[int, ...]  # one coordinate (a prime field) or two (a field of p*p)


@dataclass(frozen=True, slots=True)
class _Field:
    """The field of p elements (square=False) or of p*p elements (square=True)."""

    p: int
    square: bool

    @property
    def dims(self) -> tuple[int, ...]:
        return (self.p, self.p) if self.square else (self.p,)

    def mul(self, x: Element, y: Element) -> Element:
        p = self.p
        if not self.square:
            return ((x[0] * y[0]) % p,)
        c = _non_square(p)
        (a, b), (d, e) = x, y
        return ((a * d + b * e * c) % p, (a * e + b * d) % p)

    def root_of_minus_one(self) -> Element:
        minus_one = (self.p - 1,) if not self.square else (self.p - 1, 0)
        for element in _elements(self.dims):
            if self.mul(element, element) == minus_one:
                return element
        raise ValueError(f"the field of {self.p ** len(self.dims)} elements has no square root of -1")


def _non_square(p: int) -> int:
    return next(c for c in range(2, p) if pow(c, (p - 1) // 2, p) == p - 1)


def _elements(dims: Sequence[int]) -> list[Element]:
    out: list[Element] = [()]
    for d in dims:
        out = [(*e, k) for e in out for k in range(d)]
    return out


def _is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n ** 0.5) + 1))


def _field(q: int) -> _Field:
    if _is_prime(q) and q % 4 == 1:
        return _Field(q, square=False)
    root = round(q ** 0.5)
    if root * root == q and _is_prime(root) and root % 4 == 3:
        return _Field(root, square=True)
    raise ValueError(f"{q} is neither a prime 4t+1 nor the square of a prime 4t+3")


def moore_product_factors(players: int) -> tuple[int, ...] | None:
    """The fields (their orders, coprime) whose product gives `players` a Moore schedule, if any."""
    if players % 4 != 1:
        return None
    factors = []
    rest = players
    for p in range(3, players + 1, 2):
        if rest % p == 0 and _is_prime(p):
            power = 1
            while rest % p == 0:
                rest, power = rest // p, power * p
            factors.append(power)
    try:
        for q in factors:
            _field(q)
    except ValueError:
        return None
    return tuple(factors)


def moore_product(factors: Sequence[int]) -> tuple[tuple[Quad, ...], tuple[int, ...]]:
    """The initial round of Moore's schedule over the product of fields of orders `factors`, and the
    dims of the group it turns round (as `group.Group` codes its elements)."""
    fields = [_field(q) for q in factors]
    dims = tuple(d for f in fields for d in f.dims)
    group = Group(dims)
    w = [f.root_of_minus_one() for f in fields]

    def times_w(code: int) -> int:
        digits = group.digits(code)
        out: list[int] = []
        at = 0
        for f, root in zip(fields, w, strict=True):
            part = digits[at:at + len(f.dims)]
            out += f.mul(part, root)
            at += len(f.dims)
        return group.code(tuple(out))

    seated: set[int] = set()
    tables: list[Quad] = []
    for x in range(1, group.order):
        if x in seated:
            continue
        wx = times_w(x)
        table = (x, wx, group.neg(x), group.neg(wx))
        seated.update(table)
        tables.append(table)
    return tuple(tables), dims
