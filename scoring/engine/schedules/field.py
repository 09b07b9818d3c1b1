"""Moore's whist schedule over the field of p*p elements, for a prime p = 4t+3 (so p*p = 4s+1).

The field is the pairs (a, b) = a + b*r with a, b counted mod p and r*r = c, c a number that is no
square mod p (so the pairs make a field). The pair (a, b) is coded p*a + b, as in `group.Group` with
dims (p, p), whose addition is the field's. E. H. Moore's construction is the same as for a prime
(`cyclic.moore`): with x a primitive element and w = x^s (so w*w = -1), table i is
(x^i, x^i w, -x^i, -x^i w) for i < s; the players then move round the field's additive group.
"""

from __future__ import annotations

from scoring.engine.schedules.group import Quad

__all__ = ["moore_square"]


def moore_square(p: int) -> tuple[Quad, ...]:
    """The initial round of Moore's whist schedule for p*p players, turning round Z_p x Z_p."""
    if p < 3 or p % 4 != 3 or any(p % d == 0 for d in range(2, int(p ** 0.5) + 1)):
        raise ValueError(f"Moore's schedule over p*p needs a prime p of the form 4t+3, not {p}")
    c = next(c for c in range(2, p) if pow(c, (p - 1) // 2, p) == p - 1)
    one = p  # the pair (1, 0)

    def mul(x: int, y: int) -> int:
        (a, b), (d, e) = divmod(x, p), divmod(y, p)
        return (a * d + b * e * c) % p * p + (a * e + b * d) % p

    def neg(x: int) -> int:
        a, b = divmod(x, p)
        return (-a % p) * p + (-b % p)

    def order(x: int) -> int:
        power, k = x, 1
        while power != one:
            power, k = mul(power, x), k + 1
        return k

    size = p * p
    root = next(x for x in range(1, size) if order(x) == size - 1)
    s = (size - 1) // 4
    w = one
    for _ in range(s):
        w = mul(w, root)
    tables: list[Quad] = []
    x = one
    for _ in range(s):
        xw = mul(x, w)
        tables.append((x, xw, neg(x), neg(xw)))
        x = mul(x, root)
    return tuple(tables)
