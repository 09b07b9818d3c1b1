"""A round's totals from a paper tally, entered in one step: each side's points, each player's lone hands made
and, where the night gives the lone player his own bonus, how many of them were lone marches.

A lone hand made scores its side at least the code's lone point, and a lone march its lone march, so a side
cannot have fewer points than its lone hands give; a player's lone marches are among his lone hands; a table
plays at most its round's deals and the one more a tie brings, so no more lone hands than that between them, and
no more points than those deals can give under the code.

>>> totals_errors({"NS": 7, "EW": 5}, {"N": 1, "E": 0, "S": 0, "W": 0}, deals=8)
{}
>>> totals_errors({"NS": 0, "EW": 5}, {"N": 1, "E": 0, "S": 0, "W": 0}, deals=8)
{'NS': 'NS made 1 lone hand, which scores at least a point each, and has 0 points.'}
>>> totals_errors({"NS": 16, "EW": 16}, {"N": 0, "E": 0, "S": 0, "W": 0}, deals=4, most_in_a_deal=4)["NS"]
'32 points between the sides cannot come from 4 deals (and one more for a tie): a deal gives 4 at most, so 20 in all.'
>>> totals_errors({"NS": 6, "EW": 5}, {"N": 2, "E": 0, "S": 0, "W": 0}, deals=8,
...               marches={"N": 2, "E": 0, "S": 0, "W": 0})["NS"]
'NS made 2 lone marches, which score 4 each, so 8 at least, and has 6 points.'
>>> totals_errors({"NS": 6, "EW": 5}, {"N": 1, "E": 0, "S": 0, "W": 0}, deals=8,
...               marches={"N": 2, "E": 0, "S": 0, "W": 0})["N marches"]
'North made 1 lone hand, so cannot have made 2 lone marches: a lone march is a lone hand that took all five tricks.'
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.rulebook import Rulebook
from scoring.engine.seats import Seat, Side
from scoring.engine.words import SEAT_WORDS, plural

__all__ = ["lone_beyond_points", "marches_key", "totals_errors"]

LONE_MARCH, LONE_POINT = 4, 1
"""What a lone march and a lone hand's point give the side under every code, where no rulebook is given."""


def marches_key(seat: Seat) -> str:
    """The key `totals_errors` gives a seat's lone marches ("N marches"), apart from his lone hands ("N")."""
    return f"{seat.value} marches"


def lone_beyond_points(side: Side, made: int, points: int, marches: int = 0, lone_march: int = LONE_MARCH,
                       lone_point: int = LONE_POINT) -> str | None:
    """Why a side's `made` lone hands, `marches` of them lone marches, cannot stand beside its `points`: each lone
    march gives the side `lone_march`, each other lone hand `lone_point` at least."""
    least = marches * lone_march + (made - marches) * lone_point
    if least <= points:
        return None
    has = f"and has {plural(points, 'point')}"
    if not marches:
        each = "a point" if lone_point == 1 else plural(lone_point, "point")
        return f"{side.value} made {plural(made, 'lone hand')}, which scores at least {each} each, {has}"
    if marches == made:
        return (f"{side.value} made {plural(made, 'lone march', 'lone marches')}, which score {lone_march} each, "
                f"so {least} at least, {has}")
    of_them = "a lone march" if marches == 1 else "lone marches"
    return (f"{side.value} made {plural(made, 'lone hand')}, {marches} of them {of_them}, which score at least "
            f"{least} ({lone_march} a lone march, {lone_point} each other lone hand), {has}")


def totals_errors(points: Mapping[str, int], lone: Mapping[str, int], deals: int | None,
                  most_in_a_deal: int | None = None, *, marches: Mapping[str, int] | None = None,
                  rulebook: Rulebook | None = None, names: Mapping[str, str] | None = None) -> dict[str, str]:
    """What is wrong with a table's round totals, keyed by the side ("NS"), the seat ("N", his lone hands) or the
    seat's lone marches (`marches_key`) it concerns. `marches` are each seat's lone marches (none when not
    given); `rulebook` gives what a lone hand and a lone march score, and the most a deal gives (`most_in_a_deal`,
    when given alone, checks the points the round's deals can give); `names` names the seats' players."""
    errors: dict[str, str] = {}
    march = {seat.value: (marches or {}).get(seat.value, 0) for seat in Seat}
    if most_in_a_deal is None and rulebook is not None:
        most_in_a_deal = rulebook.most_in_a_deal
    if deals is not None and most_in_a_deal is not None:
        most = (deals + 1) * most_in_a_deal
        total = sum(points[side.value] for side in Side)
        if total > most:
            errors["NS"] = (f"{total} points between the sides cannot come from {plural(deals, 'deal')} (and one "
                            f"more for a tie): a deal gives {most_in_a_deal} at most, so {most} in all.")
    for seat in Seat:
        if march[seat.value] > lone[seat.value]:
            who = (names or {}).get(seat.value) or SEAT_WORDS[seat]
            errors[marches_key(seat)] = (
                f"{who} made {plural(lone[seat.value], 'lone hand')}, so cannot have made "
                f"{plural(march[seat.value], 'lone march', 'lone marches')}: a lone march is a lone hand that took "
                "all five tricks.")
    for side in Side:
        made = sum(lone[seat.value] for seat in side.seats)
        marched = sum(min(march[seat.value], lone[seat.value]) for seat in side.seats)
        wrong = lone_beyond_points(side, made, points[side.value], marched,
                                   *((rulebook.lone_march, rulebook.lone_point) if rulebook else ()))
        if wrong:
            errors[side.value] = f"{wrong}."
    if deals is not None and sum(lone[seat.value] for seat in Seat) > deals + 1:
        errors["N"] = (f"{sum(lone.values())} lone hands in a round of {plural(deals, 'deal')} (and one more for "
                       "a tie) cannot be: each lone hand is a deal.")
    return errors
