"""'How scoring works': a code's scoring in plain words, and one rubber or match worked through by the engine.

The worked rubber is scored when the page is drawn, so its figures are the engine's, never typed in.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine import (
    SOMERSET_1888,
    Declaration,
    HandResult,
    IllegalReport,
    ReportedHand,
    Revokes,
    RubberResult,
    Rulebook,
    Seat,
    Side,
    score_rubber,
)
from scoring.engine.explain import describe_award, describe_hand, game_line

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# Chosen to show each scoring law once: a march, a point, a lone hand, a lap carried, a euchre,
# a double game, the third game that law 1 still has played, and the rubber's two extra points.
WORKED_HANDS = (
    ReportedHand(dealer=N, maker=E, declaration=Declaration.ORDERED_UP, tricks=5),
    ReportedHand(dealer=E, maker=S, declaration=Declaration.ORDERED_UP, tricks=5),
    ReportedHand(dealer=S, maker=N, declaration=Declaration.ASSISTED, alone=True, tricks=5),
    ReportedHand(dealer=W, result=HandResult.PASSED),
    ReportedHand(dealer=N, maker=W, declaration=Declaration.MADE, tricks=2),
    ReportedHand(dealer=E, maker=N, declaration=Declaration.ORDERED_UP, tricks=4),
    ReportedHand(dealer=S, maker=S, declaration=Declaration.ADOPTED, tricks=5),
    ReportedHand(dealer=W, maker=E, declaration=Declaration.ASSISTED, alone=True, tricks=5),
    ReportedHand(dealer=N, maker=W, declaration=Declaration.ORDERED_UP, tricks=3),
)

# For the codes without laps: a point, a lone hand euchred, a revoke, a march, a pass, a lone march, a signal
# and the point that wins the game (the rulebooks note's standard game to ten, played by any of them).
WORKED_MATCH = (
    ReportedHand(dealer=N, maker=N, declaration=Declaration.ADOPTED, tricks=3),
    ReportedHand(dealer=E, maker=E, declaration=Declaration.ADOPTED, alone=True, tricks=2),
    ReportedHand(dealer=S, maker=N, declaration=Declaration.ASSISTED, tricks=4, revokes=Revokes(ew=1)),
    ReportedHand(dealer=W, maker=W, declaration=Declaration.ADOPTED, tricks=5),
    ReportedHand(dealer=N, result=HandResult.PASSED),
    ReportedHand(dealer=E, maker=S, declaration=Declaration.ORDERED_UP, alone=True, tricks=5),
    ReportedHand(dealer=S, maker=E, declaration=Declaration.ORDERED_UP, tricks=3, signal=Side.NS),
    ReportedHand(dealer=W, maker=N, declaration=Declaration.ORDERED_UP, tricks=4),
)


@dataclass(frozen=True)
class WorkedHand:
    number: int
    dealer: str
    report: str
    points: tuple[int, int]
    score: tuple[int, int]
    why: list[str]
    games: list[str]


def _stuck(hand: ReportedHand) -> ReportedHand:
    """A deal passed all round, as a house that sticks the dealer plays it: the dealer must name trump (here he
    makes three tricks)."""
    if hand.result is not HandResult.PASSED:
        return hand
    return ReportedHand(dealer=hand.dealer, maker=hand.dealer, tricks=3)


def worked_rubber(rulebook: Rulebook = SOMERSET_1888, *, chosen: bool = False) -> tuple[list[WorkedHand], RubberResult]:
    """The worked rubber's (or match's) hands as the rubber page shows them, and its result. A match is played to
    ten unless `chosen`: an event's own game and match."""
    if rulebook.laps:
        result = score_rubber(list(WORKED_HANDS), rulebook, first_dealer=N)
    else:
        rulebook = rulebook if chosen else rulebook.playing(10)
        hands = [_stuck(hand) for hand in WORKED_MATCH] if rulebook.dealer_stuck else list(WORKED_MATCH)
        try:
            result = score_rubber(hands, rulebook, first_dealer=N)
        except IllegalReport as exc:  # a code that scores more for these hands wins before the last of them
            result = score_rubber(hands[:(exc.hand or 1) - 1], rulebook, first_dealer=N)
    games = {g.number: g for g in result.games}
    rows = []
    for scored in result.hands:
        closed = [games[n] for n in scored.games_closed]
        rows.append(WorkedHand(
            number=scored.number, dealer=scored.hand.dealer.value if scored.hand.dealer else "",
            report=describe_hand(scored.hand), points=(scored.points(Side.NS), scored.points(Side.EW)),
            score=closed[-1].score if closed else scored.score_after,
            why=[describe_award(a, rulebook) for a in scored.awards], games=[game_line(g, rulebook) for g in closed]))
    return rows, result
