"""Scoring a rubber from its hands: law 4 precedence, games, laps, doubles and the rubber.

`score_rubber(hands)` is the one entry point. The loop works on plain integers so that a
whole club history rescores quickly; with `explain=True` (the default) each hand's
account is also built from `awards.hand_points` (the tests hold the two to the same
totals).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.engine.awards import hand_points
from scoring.engine.errors import IllegalReport, MalformedRubber
from scoring.engine.hands import HandResult, ReportedHand
from scoring.engine.results import Award, GameResult, HandScore, RubberResult, Score
from scoring.engine.rulebook import SOMERSET_1888, Reason, Rulebook
from scoring.engine.seats import Seat, Side

_NS, _EW = Side.NS, Side.EW
_N, _S = Seat.N, Seat.S
_PLAYED, _NEW_DEAL = HandResult.PLAYED, HandResult.NEW_DEAL
_NOT_PLAYED_REASON = {
    HandResult.PASSED: Reason.PASSED,
    HandResult.NEW_DEAL: Reason.NEW_DEAL,
    HandResult.MISDEAL: Reason.MISDEAL,
}


class _Games:
    """The games closed so far and what they mean for the rubber."""

    __slots__ = ("complete", "complete_at", "explain", "games", "number", "rb", "winner", "wins", "won_at")

    def __init__(self, rb: Rulebook, explain: bool) -> None:
        self.rb = rb
        self.explain = explain
        self.number = 1
        self.games: list[GameResult] = []
        self.wins = {_NS: 0, _EW: 0}
        self.winner: Side | None = None
        self.complete = False
        self.won_at: int | None = None
        self.complete_at: int | None = None

    def close(self, winner: Side, ns: int, ew: int, hand_number: int) -> tuple[int, int]:
        """`winner` has reached game at (ns, ew). Returns the next game's opening tally."""
        rb = self.rb
        by_hand: int | None = hand_number
        while True:
            tally, other = (ns, ew) if winner is _NS else (ew, ns)
            lap = tally - rb.game_points
            double = other == 0  # law 7; a lap carried in counts as a score in the game
            laws: tuple[int, ...] = ()
            if self.explain:
                laws = rb.laws_for(Reason.GAME) + rb.laws_for(Reason.DOUBLE if double else Reason.SINGLE)
                if by_hand is None:
                    laws += rb.laws_for(Reason.WON_BY_LAP)
                if lap:
                    laws += rb.laws_for(Reason.LAP)
                laws = tuple(dict.fromkeys(laws))
            value = rb.double_game if double else rb.single_game
            self.games.append(GameResult(self.number, winner, (ns, ew), lap, double, value, by_hand, laws))
            if self.number <= rb.games_in_rubber:
                self.wins[winner] += 1
                if self.winner is None and self.wins[winner] == rb.games_to_win_rubber:
                    self.winner, self.won_at = winner, hand_number
            # law 1: three games always; a fourth only when the third laps, and none after it.
            last = rb.games_in_rubber + 1
            if self.number == last or (self.number == rb.games_in_rubber and lap == 0):
                self.complete, self.complete_at = True, hand_number
                return 0, 0
            self.number += 1
            ns, ew = (lap, 0) if winner is _NS else (0, lap)
            if lap < rb.game_points:
                return ns, ew
            by_hand = None  # a lap of a whole game wins the next game at once, a double

    def result(self, score: Score, next_dealer: Seat | None, hands: tuple[HandScore, ...]) -> RubberResult:
        rb = self.rb
        points = {_NS: 0, _EW: 0}
        for game in self.games:
            points[game.winner] += game.value
        if self.winner is not None:
            points[self.winner] += rb.rubber_bonus  # law 7
        return RubberResult(
            complete=self.complete,
            rubber_winner=self.winner,
            rubber_points=(points[_NS], points[_EW]),
            games=tuple(self.games),
            current_score=None if self.complete else score,
            next_dealer=None if self.complete else next_dealer,
            hands=hands,
            rubber_won_at_hand=self.won_at,
            complete_at_hand=self.complete_at,
        )


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
    """
    rb = rulebook
    games = _Games(rb, explain)
    explained: list[HandScore] = []
    with_dealers = bool(hands) and hands[0].dealer is not None
    expected = first_dealer
    game_points, tricks_all, tricks_made = rb.game_points, rb.tricks_per_hand, rb.tricks_to_make
    ns = ew = 0

    for number, hand in enumerate(hands, 1):
        if games.complete:
            raise IllegalReport(
                f"the rubber was complete after hand {games.complete_at}; no more hands may follow",
                hand=number,
            )
        dealer = hand.dealer
        if with_dealers:
            if dealer is None:
                raise MalformedRubber("either every hand names its dealer or none does", hand=number, field="dealer")
            if expected is not None and dealer is not expected and not hand.out_of_turn:
                raise IllegalReport(
                    f"{dealer.value} dealt out of turn; it was {expected.value}'s deal "
                    "(mark the hand out_of_turn if the deal stood under law 40)",
                    hand=number, field="dealer",
                )
            expected = dealer if hand.result is _NEW_DEAL else dealer.left  # laws 28, 33, 41, 77
        elif dealer is not None:
            raise MalformedRubber("either every hand names its dealer or none does", hand=number, field="dealer")

        if hand.result is not _PLAYED:
            if explain:
                explained.append(_unplayed(number, hand, rb, games.number, (ns, ew), expected))
            continue

        # The play parcel (laws 2, 3, 50, 102): who scores and how much.
        maker = hand.maker
        makers_ns = maker is _N or maker is _S
        tricks = hand.tricks
        alone = hand.alone
        if alone:
            if hand.adversary_abandoned:
                to_makers, points = True, rb.abandoned_lone_hand
            elif tricks == tricks_all:
                to_makers, points = True, rb.partner_exposed_march if hand.partner_exposed else rb.lone_march
            elif tricks >= tricks_made:  # type: ignore[operator]
                to_makers, points = True, rb.lone_point
            else:
                to_makers, points = False, rb.lone_euchre
        elif tricks == tricks_all:
            to_makers, points = True, rb.march
        elif tricks >= tricks_made:  # type: ignore[operator]
            to_makers, points = True, rb.point
        else:
            to_makers, points = False, rb.euchre
        play_ns = makers_ns is to_makers
        offenders = hand.wrong_cards
        if offenders is not None:
            # law 90: the offenders score nothing from the play; the others take the forfeit.
            if play_ns is (offenders is _NS):
                play_ns, points = not play_ns, 0
            points += rb.lone_wrong_cards_forfeit if alone else rb.wrong_cards_forfeit

        game_before, closed_before, lost_to_revoke = games.number, len(games.games), False
        revokes = hand.revokes
        net = revokes.ns - revokes.ew  # law 71: revokes on the two sides cancel one for one
        reached = False
        if net:
            revoke_points = (net if net > 0 else -net) * (rb.lone_revoke if alone else rb.revoke)
            revoke_ns = net < 0
            if revoke_ns:
                ns += revoke_points
                reached = ns >= game_points
            else:
                ew += revoke_points
                reached = ew >= game_points
            if reached:
                # law 4: revoke points come first and have won the game; the same side's
                # play points go on top (its lap), the other side's are lost.
                if play_ns is revoke_ns:
                    if play_ns:
                        ns += points
                    else:
                        ew += points
                else:
                    lost_to_revoke = True
                ns, ew = games.close(_NS if revoke_ns else _EW, ns, ew, number)
        if not reached:
            if play_ns:
                ns += points
                if ns >= game_points:
                    ns, ew = games.close(_NS, ns, ew, number)
            else:
                ew += points
                if ew >= game_points:
                    ns, ew = games.close(_EW, ns, ew, number)

        if explain:
            explained.append(_played(
                number, hand, rb, lost_to_revoke, game_before, (ns, ew),
                games.games[closed_before:], None if games.complete else expected,
            ))

    return games.result((ns, ew), expected if with_dealers or not hands else None, tuple(explained))


def _played(
    number: int,
    hand: ReportedHand,
    rb: Rulebook,
    lost_to_revoke: bool,
    game: int,
    score_after: Score,
    closed: list[GameResult],
    next_dealer: Seat | None,
) -> HandScore:
    points = hand_points(hand, rb)
    awards: list[Award] = []
    if points.revoke_side is not None:
        awards.append(Award(points.revoke_side, points.revoke_points, Reason.REVOKE, rb.laws_for(Reason.REVOKE)))
    for side, pts, reason, counted in points.parts:
        void: Reason | None = None
        if not counted:
            void = Reason.WRONG_CARDS_VOID
        elif lost_to_revoke and side is points.play_side:
            counted, void = False, Reason.LOST_TO_PRECEDENCE
        laws = rb.laws_for(reason) + (rb.laws_for(void) if void else ())
        awards.append(Award(side, pts, reason, tuple(dict.fromkeys(laws)), counted, void))
    notes = ((Reason.DEAL_OUT_OF_TURN, rb.laws_for(Reason.DEAL_OUT_OF_TURN)),) if hand.out_of_turn else ()
    return HandScore(
        number=number,
        hand=hand,
        game=game,
        awards=tuple(awards),
        score_after=score_after,
        games_closed=tuple(g.number for g in closed),
        next_dealer=next_dealer,
        notes=notes,
    )


def _unplayed(
    number: int, hand: ReportedHand, rb: Rulebook, game: int, score: Score, next_dealer: Seat | None,
) -> HandScore:
    reason = _NOT_PLAYED_REASON[hand.result]
    notes = [(reason, rb.laws_for(reason))]
    if hand.out_of_turn:
        notes.append((Reason.DEAL_OUT_OF_TURN, rb.laws_for(Reason.DEAL_OUT_OF_TURN)))
    return HandScore(
        number=number,
        hand=hand,
        game=game,
        awards=(),
        score_after=score,
        games_closed=(),
        next_dealer=next_dealer,
        notes=tuple(notes),
    )
