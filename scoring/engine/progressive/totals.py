"""A round's totals from a paper tally, entered in one step: each side's points and each player's lone hands.

A lone hand made scores its side at least a point, so a side cannot have made more lone hands than it has
points; a table plays at most its round's deals and the one more a tie brings, so no more lone hands than
that between them, and no more points than those deals can give under the code.

>>> totals_errors({"NS": 7, "EW": 5}, {"N": 1, "E": 0, "S": 0, "W": 0}, deals=8)
{}
>>> totals_errors({"NS": 0, "EW": 5}, {"N": 1, "E": 0, "S": 0, "W": 0}, deals=8)
{'NS': 'NS made 1 lone hand, which scores at least a point each, and has 0 points.'}
>>> totals_errors({"NS": 16, "EW": 16}, {"N": 0, "E": 0, "S": 0, "W": 0}, deals=4, most_in_a_deal=4)["NS"]
'32 points between the sides cannot come from 4 deals (and one more for a tie): a deal gives 4 at most, so 20 in all.'
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.seats import Seat, Side
from scoring.engine.words import plural

__all__ = ["lone_beyond_points", "totals_errors"]


def lone_beyond_points(side: Side, made: int, points: int) -> str | None:
    """Why a side's `made` lone hands cannot stand beside its `points` (each scores it a point at least)."""
    if made <= points:
        return None
    return (f"{side.value} made {plural(made, 'lone hand')}, which scores at least a point each, and has "
            f"{plural(points, 'point')}")


def totals_errors(points: Mapping[str, int], lone: Mapping[str, int], deals: int | None,
                  most_in_a_deal: int | None = None) -> dict[str, str]:
    """What is wrong with a table's round totals, keyed by the side ("NS") or the seat ("N") it concerns: with
    `most_in_a_deal` (the code's `Rulebook.most_in_a_deal`), also points the round's deals cannot give."""
    errors: dict[str, str] = {}
    if deals is not None and most_in_a_deal is not None:
        most = (deals + 1) * most_in_a_deal
        total = sum(points[side.value] for side in Side)
        if total > most:
            errors["NS"] = (f"{total} points between the sides cannot come from {plural(deals, 'deal')} (and one "
                            f"more for a tie): a deal gives {most_in_a_deal} at most, so {most} in all.")
    for side in Side:
        wrong = lone_beyond_points(side, sum(lone[seat.value] for seat in side.seats), points[side.value])
        if wrong:
            errors[side.value] = f"{wrong}."
    if deals is not None and sum(lone[seat.value] for seat in Seat) > deals + 1:
        errors["N"] = (f"{sum(lone.values())} lone hands in a round of {plural(deals, 'deal')} (and one more for "
                       "a tie) cannot be: each lone hand is a deal.")
    return errors
