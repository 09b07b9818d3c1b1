"""How many deals a progressive round plays: its number, and one more when the sides are level on points
after them. Still level after that deal, the round is won on lone hands, then by a cut (`movement`).

>>> round_deals(4, [(1, 0), (1, 2), (3, 2), (3, 3)])
5
>>> round_deals(4, [(1, 0), (1, 2), (3, 2), (4, 2), (4, 4)])
4
>>> round_deals(4, [(2, 0)])
4
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["TIE_RULE", "lone_bonus_rule", "round_deals"]

TIE_RULE = ("A table level on points after the round's deals plays one more; still level, the side with more lone "
            "hands that round wins it, then a cut.")


def round_deals(limit: int, tallies: Sequence[tuple[int, int]]) -> int:
    """The deals the round plays, given its limit and the tally (NS, EW) after each deal played so far."""
    if len(tallies) >= limit and limit > 0 and tallies[limit - 1][0] == tallies[limit - 1][1]:
        return limit + 1
    return limit


def lone_bonus_rule(bonus: int, lone_march: int) -> str:
    """How a night that credits the lone player more than his partner says so ("" when it does not): his tally
    takes `bonus` points more for a lone march (`lone_march` is what the code gives the side)."""
    if not bonus:
        return ""
    return (f"A lone player who takes all five tricks scores {lone_march + bonus} on his own tally, his partner "
            f"{lone_march}; the side's points, which decide the table, stay {lone_march}.")

