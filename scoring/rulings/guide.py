"""'How scoring works': a code's scoring in plain words, and one rubber or match worked through by the engine.

The worked rubber is scored when the page is drawn, so its figures are the engine's, never typed in.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.humanize.templatetags.humanize import apnumber

from scoring.engine import (
    Declaration,
    HandResult,
    ReportedHand,
    RubberResult,
    Rulebook,
    Seat,
    Side,
    score_rubber,
)
from scoring.engine.explain import describe_award, describe_hand, game_line, house_rule_notes
from scoring.engine.worked import worked_game

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


@dataclass(frozen=True)
class WorkedHand:
    number: int
    dealer: str
    report: str
    points: tuple[int, int]
    score: tuple[int, int]
    why: list[str]
    games: list[str]


def worked_rubber(rulebook: Rulebook) -> tuple[list[WorkedHand], RubberResult]:
    """The worked rubber's hands (or a match's first game, `worked_game`'s under the rulebook as the club or the
    event plays it) as the rubber page shows them, and its result, each figure the engine's."""
    hands = WORKED_HANDS if rulebook.winning.laps else worked_game(rulebook, first_dealer=N)
    result = score_rubber(list(hands), rulebook, first_dealer=N)
    games = {g.number: g for g in result.games}
    rows = []
    for scored in result.hands:
        closed = [games[n] for n in scored.games_closed]
        rows.append(WorkedHand(
            number=scored.number, dealer=scored.hand.dealer.value if scored.hand.dealer else "",
            report=describe_hand(scored.hand), points=(scored.points(Side.NS), scored.points(Side.EW)),
            score=closed[-1].score if closed else scored.score_after,
            why=[*house_rule_notes(scored.hand, rulebook), *(describe_award(a, rulebook) for a in scored.awards)],
            games=[game_line(g, rulebook) for g in closed]))
    return rows, result


def point_tricks(rulebook: Rulebook) -> str:
    """The makers' tricks that score a point, in words: "three or four"."""
    counts = [str(apnumber(n)) for n in range(rulebook.points.tricks_to_make, rulebook.points.tricks_per_hand)]
    return " or ".join(counts) if len(counts) < 3 else f"{counts[0]} to {counts[-1]}"
