"""A round's totals from a paper tally, entered in one step: each side's points, each player's lone hands made
and, where the night gives the lone player his own bonus, how many of them were lone marches.

A lone hand made scores its side at least the code's lone point, and a lone march its lone march, so a side
cannot have fewer points than its lone hands give; a player's lone marches are among his lone hands.

What the round's deals can give: a round may stop short of its deals (time called, the round closed), so any
totals that many deals can reach stand, each deal giving the two sides together at most the code's most in a
deal (`Rulebook.most_in_a_deal`, with the house rules in force) and at most one lone hand made; one more deal is
dealt only when the sides are level after the round's deals (`deals.round_deals`), so totals past those deals
stand only where one deal could have taken level totals they reach to them.

>>> totals_errors({"NS": 7, "EW": 5}, {"N": 1, "E": 0, "S": 0, "W": 0}, deals=8)
{}
>>> totals_errors({"NS": 0, "EW": 5}, {"N": 1, "E": 0, "S": 0, "W": 0}, deals=8)
{'NS': 'NS made 1 lone hand, which scores at least a point each, and has 0 points.'}
>>> totals_errors({"NS": 42, "EW": 0}, {"N": 0, "E": 0, "S": 0, "W": 0}, deals=8, most_in_a_deal=5)["NS"]
'42 points between the sides cannot come from 8 deals: a deal gives 5 at most, so 40 in all; a 9th deal is dealt \
only when the sides are level after the 8th, and 42-0 cannot have been level one deal before.'
>>> totals_errors({"NS": 23, "EW": 22}, {"N": 0, "E": 0, "S": 0, "W": 0}, deals=8, most_in_a_deal=5)
{}
>>> totals_errors({"NS": 16, "EW": 16}, {"N": 0, "E": 0, "S": 0, "W": 0}, deals=4, most_in_a_deal=4)["NS"]
'32 points between the sides cannot come from 4 deals and a 5th for a tie: a deal gives 4 at most, so 20 in all.'
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
from scoring.engine.words import SEAT_WORDS, ordinal, plural, sentence

__all__ = ["level_before", "lone_beyond_points", "marches_key", "most_points", "totals_errors"]

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
    if deals is not None:
        errors.update(_beyond_the_deals(points[Side.NS.value], points[Side.EW.value],
                                        sum(lone[seat.value] for seat in Seat), deals, most_in_a_deal))
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
                                   *((rulebook.points.lone_march, rulebook.points.lone_point) if rulebook else ()))
        if wrong:
            errors[side.value] = " ".join(filter(None, (errors.get(side.value), f"{sentence(wrong)}.")))
    return errors


def most_points(deals: int, most_in_a_deal: int) -> int:
    """The most points `deals` deals give the two sides together.

    >>> most_points(8, 5)
    40
    """
    return deals * most_in_a_deal


def level_before(ns: int, ew: int, deals: int, most_in_a_deal: int) -> bool:
    """Whether one more deal (at most `most_in_a_deal` between the sides) can have taken level totals, reachable in
    `deals` deals, to `ns`-`ew`: the round's extra deal, dealt only after a tie.

    >>> level_before(23, 22, 8, 5), level_before(25, 20, 8, 5), level_before(42, 0, 8, 5)
    (True, True, False)
    """
    # Level at t each before it: the last deal gave ns - t and ew - t, together at most the most in a deal.
    lowest = max(0, -(-(ns + ew - most_in_a_deal) // 2))
    return lowest <= min(ns, ew, most_points(deals, most_in_a_deal) // 2)


def _beyond_the_deals(ns: int, ew: int, lone: int, deals: int, most_in_a_deal: int | None) -> dict[str, str]:
    """What the round's `deals`, and the one more a tie brings, cannot give: the points between the sides (keyed
    "NS") and the lone hands made (keyed "N")."""
    errors: dict[str, str] = {}
    total, extra, last = ns + ew, ordinal(deals + 1), ordinal(deals)
    if lone > deals + 1:
        errors["N"] = (f"{lone} lone hands cannot come from {plural(deals, 'deal')} and a {extra} for a tie: each "
                       "lone hand is a deal.")
    if most_in_a_deal is None:
        return errors
    most = most_points(deals, most_in_a_deal)
    gives = f"a deal gives {most_in_a_deal} at most"
    tie = (f"a {extra} deal is dealt only when the sides are level after the {last}, and {ns}-{ew} cannot have "
           "been level one deal before.")
    if total > most + most_in_a_deal:
        errors["NS"] = (f"{total} points between the sides cannot come from {plural(deals, 'deal')} and a {extra} "
                        f"for a tie: {gives}, so {most + most_in_a_deal} in all.")
    elif (total > most or lone > deals) and not level_before(ns, ew, deals, most_in_a_deal):
        if total > most:
            errors["NS"] = (f"{total} points between the sides cannot come from {plural(deals, 'deal')}: {gives}, "
                            f"so {most} in all; {tie}")
        else:
            errors.setdefault("N", f"{lone} lone hands need {plural(deals + 1, 'deal')}: {tie}")
    return errors

