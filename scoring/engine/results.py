"""What scoring a rubber yields: games, the rubber, and (when asked) why each point was scored.

The results are frozen msgspec structs: a whole club history is rescored at once, and they
are built quickly.
"""

from __future__ import annotations

from typing import Any

import msgspec

from scoring.engine.hands import ReportedHand
from scoring.engine.rulebook import Reason
from scoring.engine.seats import Seat, Side

Score = tuple[int, int]
"""A tally as (NS, EW)."""


def score_dict(score: Score) -> dict[str, int]:
    return {Side.NS.value: score[0], Side.EW.value: score[1]}


class Award(msgspec.Struct, frozen=True, gc=False):
    """Points given to a side, with the laws that gave them.

    `counted` is False for points the laws took away again (law 4 precedence,
    law 90's offending side); they are shown so the reader sees why.
    """

    side: Side
    points: int
    reason: Reason
    laws: tuple[int, ...]
    counted: bool = True
    void_reason: Reason | None = None
    """Why uncounted points were not scored (law 90's offenders, or law 4 precedence)."""


class GameResult(msgspec.Struct, frozen=True, gc=False):
    number: int
    winner: Side
    score: Score
    lap: int
    double: bool
    value: int
    closed_by_hand: int | None
    """The hand that won it; None when a carried lap of five or more won it at once."""
    laws: tuple[int, ...] = ()

    @property
    def loser(self) -> Side:
        return self.winner.other

    def to_document(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "winner": self.winner.value,
            "score": score_dict(self.score),
            "lap": self.lap,
            "double": self.double,
            "value": self.value,
        }


Note = tuple[Reason, tuple[int, ...]]
"""Something that happened in a hand and scored nothing, with its laws (a pass, a deal out of turn)."""


class HandScore(msgspec.Struct, frozen=True, gc=False):
    """One hand's part in the rubber: who dealt, what was awarded, the score after it."""

    number: int
    hand: ReportedHand
    game: int
    """The game the hand was played in."""
    awards: tuple[Award, ...]
    score_after: Score
    """The tally of the game in progress after the hand (of the new game if one closed)."""
    games_closed: tuple[int, ...]
    next_dealer: Seat | None
    notes: tuple[Note, ...] = ()

    def points(self, side: Side) -> int:
        return sum(a.points for a in self.awards if a.side is side and a.counted)


class RubberResult(msgspec.Struct, frozen=True, gc=False):
    """What a table's hands score to under its code: a Somerset rubber, a match, or a progressive table's round
    (the engine calls all three a rubber)."""

    complete: bool
    rubber_winner: Side | None
    """The side that won the rubber, or the match."""
    rubber_points: Score
    """NS and EW: a Somerset rubber's points (each game's value and the rubber's bonus), a match's games won, and
    0-0 at a progressive table, which never wins a game (its tally is `current_score`). The names say "rubber" for
    all three formats."""
    games: tuple[GameResult, ...]
    current_score: Score | None
    next_dealer: Seat | None
    hands: tuple[HandScore, ...] = ()
    """Filled only when scoring with explanations."""
    rubber_won_at_hand: int | None = None
    complete_at_hand: int | None = None

    def points_of(self, side: Side) -> int:
        return self.rubber_points[0] if side is Side.NS else self.rubber_points[1]

    def score_made(self, hand: HandScore) -> Score:
        """The score the hand made in its game: the game's final score where the hand won it (`score_after` is
        then the next game's, at love or at the lap carried)."""
        if not hand.games_closed:
            return hand.score_after
        last = hand.games_closed[-1]
        return next(g.score for g in self.games if g.number == last)

    def next_game_from(self, hand: HandScore) -> Score | None:
        """Where the next game starts, when the hand won a game and play goes on: at love, or at a lap carried."""
        if not hand.games_closed or self.complete_at_hand == hand.number:
            return None
        return hand.score_after

    def to_document(self) -> dict[str, Any]:
        """The result document of the interchange spec."""
        return {
            "complete": self.complete,
            "rubber_winner": self.rubber_winner.value if self.rubber_winner else None,
            "rubber_points": score_dict(self.rubber_points),
            "games": [g.to_document() for g in self.games],
            "current_score": score_dict(self.current_score) if self.current_score else None,
        }
