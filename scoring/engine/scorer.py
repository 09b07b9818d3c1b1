"""Scoring a rubber from its hands: law 4 precedence, games, laps, doubles and the rubber.

`score_rubber(hands)` is the one entry point. The loop keeps the tally in plain integers so
that a whole club history rescores quickly, and reads every hand's points from the
rulebook's `ScoringTables`; with `explain=True` (the default) it also builds each hand's
account from the same parcels.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from scoring.engine.awards import Parcel, Parcels, ScoringTables, scoring_tables
from scoring.engine.deals import deal_rotation
from scoring.engine.errors import IllegalReport, RubberError
from scoring.engine.hands import HandResult, ReportedHand
from scoring.engine.match import MatchGames, score_match
from scoring.engine.results import GameResult, HandScore, RubberResult, Score
from scoring.engine.rulebook import SOMERSET_1888, Rulebook
from scoring.engine.seats import Seat, Side
from scoring.engine.steps import Ahead, Dealt, Step, known_hands

_NS, _EW = Side.NS, Side.EW
_N, _S = Seat.N, Seat.S
_PLAYED = HandResult.PLAYED


class _Games:
    """The games closed so far and what they mean for the rubber."""

    __slots__ = ("complete", "complete_at", "explain", "game_points", "games", "number", "rb", "tables", "winner",
                 "winning", "won_at", "won_ew", "won_ns")

    def __init__(self, rb: Rulebook, tables: ScoringTables, explain: bool) -> None:
        self.rb = rb
        self.winning = rb.winning
        self.game_points = rb.winning.game_points  # read at every hand that scores
        self.tables = tables
        self.explain = explain
        self.number = 1
        self.games: list[GameResult] = []
        self.won_ns = self.won_ew = 0  # games won by each side, of the rubber's three
        self.winner: Side | None = None
        self.complete = False
        self.won_at: int | None = None
        self.complete_at: int | None = None

    def close(self, winner: Side, ns: int, ew: int, hand_number: int) -> tuple[int, int]:
        """`winner` has reached game at (ns, ew). Returns the next game's opening tally."""
        won, tables = self.winning, self.tables
        game_points, games = won.game_points, won.games_in_rubber
        by_hand: int | None = hand_number
        while True:
            to_ns = winner is _NS
            lap = (ns if to_ns else ew) - game_points
            double = (ew if to_ns else ns) == 0  # law 7; a lap carried in counts as a score in the game
            laws = tables.game_laws[double, by_hand is None, lap > 0] if self.explain else ()
            number = self.number
            self.games.append(GameResult(number, winner, (ns, ew), lap, double, tables.game_values[double], by_hand,
                                         laws))
            if number <= games:
                if to_ns:
                    self.won_ns += 1
                else:
                    self.won_ew += 1
                if self.winner is None and (self.won_ns if to_ns else self.won_ew) == won.games_to_win_rubber:
                    self.winner, self.won_at = winner, hand_number
            # law 1: three games always; a fourth only when the third laps, and none after it.
            if number == games + 1 or (number == games and lap == 0):
                self.complete, self.complete_at = True, hand_number
                return 0, 0
            self.number = number + 1
            ns, ew = (lap, 0) if to_ns else (0, lap)
            if lap < game_points:
                return ns, ew
            by_hand = None  # a lap of a whole game wins the next game at once, a double

    def play(self, hand: ReportedHand, ns: int, ew: int, hand_number: int, ahead: Ahead = None) -> tuple[int, int]:
        """A played hand, its penalties and all, put on the tally (ns, ew): the tally after it. `ahead`, the hand's
        parcels (`ScoringTables.parcels`), where they were worked out ahead; law 4 weighs them against the tally."""
        _, to_ns, points, _, revoke = self.tables.parcels(hand) if ahead is None else cast("Parcels", ahead)
        ns, ew, _ = _laid(to_ns, points, revoke, self, ns, ew, hand_number)
        return ns, ew

    def result(self, score: Score, next_dealer: Seat | None, hands: tuple[HandScore, ...]) -> RubberResult:
        ns = ew = 0
        for game in self.games:
            if game.winner is _NS:
                ns += game.value
            else:
                ew += game.value
        if self.winner is not None:  # law 7
            bonus = self.rb.points.rubber_bonus
            ns, ew = (ns + bonus, ew) if self.winner is _NS else (ns, ew + bonus)
        complete = self.complete
        return RubberResult(complete=complete, rubber_winner=self.winner, rubber_points=(ns, ew),
                            games=tuple(self.games), current_score=None if complete else score,
                            next_dealer=None if complete else next_dealer, hands=hands,
                            rubber_won_at_hand=self.won_at, complete_at_hand=self.complete_at)


def score_rubber(
    hands: Sequence[ReportedHand],
    rulebook: Rulebook = SOMERSET_1888,
    *,
    explain: bool = True,
    first_dealer: Seat | None = None,
) -> RubberResult:
    """Score a rubber's hands in the order played.

    Each hand's own fields must already be valid (`interchange.parse_hand`, or the
    database's constraints). Here the sequence is checked: `IllegalReport` for a dealer
    out of turn or a hand after the rubber is over, `MalformedRubber` when some hands
    name a dealer and others do not. `first_dealer`, when given, is who must deal first.

    East plays alone and takes all five tricks (4 points, law 3); South makes the trump and takes
    three (1 point, law 1):

    >>> from scoring.engine import parse_rubber
    >>> hands = parse_rubber({"hands": [{"dealer": "N", "maker": "E", "alone": True, "tricks": 5},
    ...                                 {"dealer": "E", "maker": "S", "tricks": 3}]}).hands
    >>> result = score_rubber(hands)
    >>> result.current_score, result.next_dealer.value, result.complete
    ((1, 4), 'S', False)
    >>> [(a.side.value, a.points, a.laws) for a in result.hands[0].awards]
    [('EW', 4, (3,))]
    """
    if not explain:
        stepped = _by_steps(hands, rulebook, first_dealer)
        if stepped is not None:
            return stepped
    if not rulebook.winning.laps:
        return score_match(hands, rulebook, explain=explain, first_dealer=first_dealer)
    tables = scoring_tables(rulebook)
    dealers, refusal = deal_rotation(hands, first_dealer, rulebook)
    games = _Games(rulebook, tables, explain)
    ns, ew, explained = _score_hands(hands, tables, games, dealers, refusal)
    next_dealer = first_dealer if not hands else dealers[-1] if hands[0].dealer is not None else None
    return games.result((ns, ew), next_dealer, tuple(explained))


def _by_steps(hands: Sequence[ReportedHand], rulebook: Rulebook, first_dealer: Seat | None) -> RubberResult | None:
    """The bulk scoring of hands the readers have kept, each taken in its one step (`steps`); None where a hand
    has no step, is dealt by the wrong seat or follows the end, and the rubber is then scored hand by hand (which
    says what is wrong). Laps and doubles are the games' own (`_Games`, `MatchGames`)."""
    known = known_hands(rulebook)
    if not known.steps:
        return None
    games: _Games | MatchGames = (_Games(rulebook, known.tables, False) if known.laps
                                  else MatchGames(rulebook, False))
    return _step_by_step(hands, known.steps, known.dealt, games, first_dealer)


def _step_by_step(hands: Sequence[ReportedHand], steps: dict[int, Step], dealt: dict[int, Dealt],
                  games: _Games | MatchGames, first_dealer: Seat | None) -> RubberResult | None:
    """The games' result after the hands, each taken in its step (a hand with a penalty on its own, `play`), with
    the tally and the next dealer; None where a hand has no step, a dealer is wrong or a hand follows the end."""
    game_points, last = games.rb.winning.game_points, len(hands)
    # Whoever deals first may, unless `first_dealer` is named: the first hand's dealer is then the one expected (a
    # hand not kept, which has no step, is scored hand by hand whoever dealt it).
    expected = first_dealer if first_dealer is not None or not hands else hands[0].dealer
    ns = ew = number = 0
    for hand in hands:
        number += 1
        step = steps.get(id(hand))
        if step is None:
            rotation = dealt.get(id(hand))
            if rotation is None or rotation[0] is not expected:
                return None
            expected = rotation[1]
            ns, ew = games.play(hand, ns, ew, number, rotation[2])
            if games.complete and number < last:
                return None
            continue
        dealer, after, points = step
        if dealer is not expected:
            return None
        expected = after
        if points > 0:
            ns += points
            if ns >= game_points:
                ns, ew = games.close(_NS, ns, ew, number)
                if games.complete and number < last:
                    return None
        elif points:
            ew -= points
            if ew >= game_points:
                ns, ew = games.close(_EW, ns, ew, number)
                if games.complete and number < last:
                    return None
    return games.result((ns, ew), expected, ())


def _score_hands(hands: Sequence[ReportedHand], tables: ScoringTables, games: _Games, dealers: list[Seat | None],
                 refusal: RubberError | None) -> tuple[int, int, list[HandScore]]:
    """The hands put on the tally in order, games closed as they are won: the tally after the last hand, and each
    hand's account when explaining. Raises at a hand after the rubber is over, or at the hand `refusal` names."""
    explain = games.explain
    refused_at = len(dealers) + 1 if refusal is not None else 0
    explained: list[HandScore] = []
    ns = ew = 0
    for number, hand in enumerate(hands, 1):
        if games.complete:
            raise IllegalReport(f"the rubber was complete after hand {games.complete_at}; no more hands may follow",
                                hand=number)
        if number == refused_at and refusal is not None:
            raise refusal
        if hand.result is not _PLAYED:
            if explain:
                explained.append(HandScore(number=number, hand=hand, game=games.number, awards=(), score_after=(ns, ew),
                                           games_closed=(), next_dealer=dealers[number - 1],
                                           notes=tables.unplayed_notes[hand.result, hand.out_of_turn]))
            continue
        if explain:
            game_before, closed_before = games.number, len(games.games)
        ns, ew, parcel, voided, lost = _put_on(hand, tables, games, ns, ew, number)
        if explain:
            explained.append(_played(number, hand, tables, parcel, voided, lost, game_before, (ns, ew), games,
                                     closed_before, None if games.complete else dealers[number - 1]))
    return ns, ew, explained


def _put_on(hand: ReportedHand, tables: ScoringTables, games: _Games, ns: int, ew: int,
            number: int) -> tuple[int, int, Parcel, bool, bool]:
    """A played hand put on the tally (ns, ew), its game closed if won: the tally after it, its play parcel, and
    whether law 90 voided the play points or law 4 lost them."""
    parcel, to_ns, points, voided, revoke = tables.parcels(hand)
    ns, ew, lost = _laid(to_ns, points, revoke, games, ns, ew, number)
    return ns, ew, parcel, voided, lost


def _laid(to_ns: bool, points: int, revoke: tuple[bool, int] | None, games: _Games, ns: int, ew: int,
          number: int) -> tuple[int, int, bool]:
    """A played hand's parcels (`ScoringTables.parcels`) put on the tally (ns, ew), its game closed if won: the
    tally after it, and whether law 4 lost the play points."""
    lost = False
    if revoke is not None:
        ns, ew, points, lost = _revokes_first(revoke, to_ns, points, ns, ew, games, number)
    if to_ns:
        ns += points
        if ns >= games.game_points:
            ns, ew = games.close(_NS, ns, ew, number)
    else:
        ew += points
        if ew >= games.game_points:
            ns, ew = games.close(_EW, ns, ew, number)
    return ns, ew, lost


def _revokes_first(revoke: tuple[bool, int], to_ns: bool, points: int, ns: int, ew: int, games: _Games,
                   number: int) -> tuple[int, int, int, bool]:
    """Law 4: a hand's revoke points are scored before its other points.

    If they win the game, the same side's points from the play go on top (its lap) and the
    other side's are lost. Returns the tally, the play points still to be scored (none once
    the revoke points have won the game), and whether the play points were lost.
    """
    revoke_ns, revoke_points = revoke
    if revoke_ns:
        ns += revoke_points
        won = ns >= games.game_points
    else:
        ew += revoke_points
        won = ew >= games.game_points
    if not won:
        return ns, ew, points, False
    if to_ns is revoke_ns:
        if to_ns:
            ns += points
        else:
            ew += points
    ns, ew = games.close(_NS if revoke_ns else _EW, ns, ew, number)
    return ns, ew, 0, to_ns is not revoke_ns


def _played(number: int, hand: ReportedHand, tables: ScoringTables, parcel: Parcel, voided: bool, lost: bool,
            game: int, score_after: Score, games: _Games, closed_before: int, next_dealer: Seat | None) -> HandScore:
    closed = len(games.games)
    return HandScore(
        number=number,
        hand=hand,
        game=game,
        awards=tables.awards(hand, parcel, voided, lost),
        score_after=score_after,
        games_closed=tuple(range(closed_before + 1, closed + 1)) if closed > closed_before else (),
        next_dealer=next_dealer,
        notes=tables.played_notes[hand.out_of_turn],
    )
