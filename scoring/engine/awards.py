"""The points one played hand gives, before they meet the running score.

A hand yields at most two parcels of points: the revoke parcel (laws 63 and 71) and the
play parcel (laws 2, 3, 50, 90, 102). Law 4 decides in the scorer how they meet the
score; here we only work out who gets what, and why.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.hands import ReportedHand
from scoring.engine.rulebook import Reason, Rulebook
from scoring.engine.seats import Side

Part = tuple[Side, int, Reason, bool]
"""(side, points, reason, counted): one line of a hand's explanation."""


@dataclass(frozen=True, slots=True)
class HandPoints:
    play_side: Side
    play_points: int
    """Everything the play parcel gives `play_side` (law 90's forfeit included)."""
    revoke_side: Side | None
    revoke_points: int
    parts: tuple[Part, ...]
    """The play parcel line by line; uncounted lines are points law 90 took away."""


def hand_points(hand: ReportedHand, rulebook: Rulebook) -> HandPoints:
    """The two parcels of a played hand. The hand must have been validated."""
    makers = hand.makers
    assert makers is not None, "a played hand has a maker"
    side, points, reason = _play_parcel(hand, makers, rulebook)
    parts: list[Part] = []

    if hand.wrong_cards is None:
        parts.append((side, points, reason, True))
    else:
        # law 90: the offending side scores nothing from the play; the others take the forfeit.
        forfeit = rulebook.lone_wrong_cards_forfeit if hand.alone else rulebook.wrong_cards_forfeit
        offenders = hand.wrong_cards
        if side is offenders:
            parts.append((side, points, reason, False))
            side, points = offenders.other, 0
        else:
            parts.append((side, points, reason, True))
        parts.append((offenders.other, forfeit, Reason.WRONG_CARDS, True))
        points += forfeit

    revoke_side: Side | None = None
    revoke_points = 0
    net = hand.revokes.ns - hand.revokes.ew  # law 71: revokes cancel one for one
    if net:
        each = rulebook.lone_revoke if hand.alone else rulebook.revoke
        revoke_side = Side.EW if net > 0 else Side.NS
        revoke_points = abs(net) * each
    return HandPoints(side, points, revoke_side, revoke_points, tuple(parts))


def _play_parcel(hand: ReportedHand, makers: Side, rb: Rulebook) -> tuple[Side, int, Reason]:
    if hand.alone:
        if hand.adversary_abandoned:
            return makers, rb.abandoned_lone_hand, Reason.ABANDONED
        tricks = hand.tricks or 0
        if tricks == rb.tricks_per_hand:
            if hand.partner_exposed:
                return makers, rb.partner_exposed_march, Reason.LONE_MARCH_PARTNER_EXPOSED
            return makers, rb.lone_march, Reason.LONE_MARCH
        if tricks >= rb.tricks_to_make:
            return makers, rb.lone_point, Reason.LONE_POINT
        return makers.other, rb.lone_euchre, Reason.LONE_EUCHRE
    tricks = hand.tricks or 0
    if tricks == rb.tricks_per_hand:
        return makers, rb.march, Reason.MARCH
    if tricks >= rb.tricks_to_make:
        return makers, rb.point, Reason.POINT
    return makers.other, rb.euchre, Reason.EUCHRE
