"""Scoring a match under the codes without laps: the Official Laws of 1862, the 1877 rules, the standard game.

A hand's points come in order (the rulebooks note, point 7): the revoke award, then the other penalties'
awards (XXXIII's signal, 1877 §9's cards thrown in), then the points of the play, which a side that paid a
penalty does not count (XXXIV). The first side to reach the game wins it there and the rest of the hand is
lost; the next hand opens a new game at love. A match is one game or the best of three.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from scoring.engine.awards import ScoringTables, scoring_tables
from scoring.engine.deals import deal_rotation
from scoring.engine.errors import IllegalReport
from scoring.engine.hands import NO_MISCOUNT, NO_REVOKES, HandResult, ReportedHand
from scoring.engine.results import Award, GameResult, HandScore, Note, RubberResult
from scoring.engine.rulebook import Reason, Rulebook
from scoring.engine.seats import Seat, Side

_NS, _EW = Side.NS, Side.EW
_N, _S = Seat.N, Seat.S
_PLAYED = HandResult.PLAYED

Entry = tuple[Side, int, Reason, Reason | None]
"""One line of a hand's account: the side, the points, why, and why they are not counted (None: counted)."""


def hand_entries(hand: ReportedHand, rb: Rulebook, tables: ScoringTables) -> tuple[Entry, ...]:
    """What a played hand gives, in the order it is scored; empty when revokes on both sides void it (XXVI)."""
    makers = hand.makers
    assert makers is not None, "a played hand has a maker"
    to_makers, points, reason = tables.play_parcel(hand)
    play_side = makers if to_makers else makers.other
    revokes, signal, thrown_in, wrong = hand.revokes, hand.signal, hand.thrown_in, hand.wrong_cards
    miscount, refused = hand.miscount, hand.refused_penalty
    if (not revokes and signal is None and thrown_in is None and wrong is None and not miscount and refused is None
            and not hand.uncounted):
        return ((play_side, points, reason, None),)
    penalties = rb.penalties
    if revokes.ns and revokes.ew and penalties.revokes_offset:
        return ()
    entries: list[Entry] = []
    offenders: set[Side] = set()
    if revokes:
        revoked = _NS if revokes.ns > revokes.ew else _EW
        count = rb.awards_for(abs(revokes.ns - revokes.ew))
        entries.append((revoked.other, count * rb.revoke_award(revoked, makers, hand.alone), Reason.REVOKE, None))
        offenders.add(revoked)
        if penalties.revoke_ends_hand:
            entries.append((play_side, points, reason, Reason.REVOKE_ENDED_HAND))
            return tuple(entries)
    hand_points = rb.points
    if signal is not None and hand_points.signal:
        entries.append((signal.other, hand_points.signal, Reason.SIGNAL, None))
        offenders.add(signal)
    replaced = None
    if thrown_in is not None:
        # 1877 §9: the other side counts what it would have had for all five tricks.
        replaced = thrown_in.other
        march = ((hand_points.lone_march if hand.alone else hand_points.march) if replaced is makers
                 else hand_points.euchre)
        entries.append((replaced, march, Reason.THROWN_IN, None))
        offenders.add(thrown_in)
    for side in (_NS, _EW):
        added = miscount.ns if side is _NS else miscount.ew
        if added:
            entries.append((side.other, added, Reason.COUNTER_ERROR, None))  # XXXI: the opponents count them
    if refused is not None:
        offenders.add(refused)  # XXXVI with XXXIV: the side refusing a penalty counts nothing from the hand
    void: Reason | None = None
    if play_side is wrong:
        void = Reason.WRONG_CARDS_VOID  # XVIII
    elif play_side is replaced:
        void = Reason.REPLACED_BY_THROWN_IN
    elif play_side in offenders and penalties.offenders_count_nothing:
        void = Reason.OFFENDERS_VOID  # XXXIV
    entries.append((play_side, points, reason, void))
    if refused is not None:
        # XXXVI: the game goes to the other side; the points it still needs are counted when the hand is scored.
        entries.append((refused.other, 0, Reason.PENALTY_REFUSED, None))
    return _uncounted(entries, hand) if hand.uncounted else tuple(entries)


def _uncounted(entries: list[Entry], hand: ReportedHand) -> tuple[Entry, ...]:
    """XXXI: a side that failed to count points it won, and claimed them only after the next deal, loses them:
    taken from its last counted points in the hand, never more than it counted."""
    out = list(entries)
    for side in (_NS, _EW):
        lost = hand.uncounted.ns if side is _NS else hand.uncounted.ew
        for at in range(len(out) - 1, -1, -1):
            entry_side, points, reason, void = out[at]
            if lost <= 0 or entry_side is not side or void is not None or points <= 0:
                continue
            taken = min(points, lost)
            kept = [(side, points - taken, reason, None)] if points > taken else []
            out[at:at + 1] = [*kept, (side, taken, reason, Reason.UNCOUNTED)]
            lost -= taken
    return tuple(out)


class MatchGames:
    """The games closed so far and what they mean for the match."""

    __slots__ = ("complete", "complete_at", "games", "laws", "number", "rb", "winner", "wins")

    def __init__(self, rb: Rulebook, explain: bool) -> None:
        self.rb = rb
        self.laws = rb.laws_for(Reason.GAME) if explain else ()
        self.number = 1
        self.games: list[GameResult] = []
        self.wins = {_NS: 0, _EW: 0}
        self.winner: Side | None = None
        self.complete = False
        self.complete_at: int | None = None

    def close(self, winner: Side, ns: int, ew: int, hand_number: int) -> tuple[int, int]:
        """`winner` has reached game at (ns, ew). Returns the next game's opening tally: love all."""
        rb = self.rb
        self.games.append(GameResult(self.number, winner, (ns, ew), 0, False, rb.points.single_game, hand_number,
                                     self.laws))
        self.wins[winner] += 1
        if self.wins[winner] == rb.winning.games_to_win_rubber:
            self.winner, self.complete, self.complete_at = winner, True, hand_number
        self.number += 1
        return 0, 0

    def play(self, hand: ReportedHand, ns: int, ew: int, hand_number: int, ahead: object = None) -> tuple[int, int]:
        """A played hand, its penalties and all, put on the tally (ns, ew): the tally after it. `ahead`, the hand's
        entries (`hand_entries`), where they were worked out ahead (`steps.Ahead`)."""
        entries = hand_entries(hand, self.rb, scoring_tables(self.rb)) if ahead is None else cast(
            "tuple[Entry, ...]", ahead)
        _, ns, ew = _scored(entries, self, ns, ew, hand_number)
        return ns, ew

    def result(self, score: tuple[int, int], next_dealer: Seat | None,
               hands: tuple[HandScore, ...]) -> RubberResult:
        return RubberResult(
            complete=self.complete,
            rubber_winner=self.winner,
            rubber_points=(self.wins[_NS], self.wins[_EW]),
            games=tuple(self.games),
            current_score=None if self.complete else score,
            next_dealer=None if self.complete else next_dealer,
            hands=hands,
            rubber_won_at_hand=self.complete_at,
            complete_at_hand=self.complete_at,
        )


def _scored(entries: tuple[Entry, ...], match: MatchGames, ns: int, ew: int,
            number: int) -> tuple[list[Entry], int, int]:
    """The hand's entries put on the tally in order; once a side reaches the game, the rest are lost. Returns the
    entries as scored (a refused penalty's points filled in) and the tally after the hand."""
    game_points = match.rb.winning.game_points
    closed = False
    scored: list[Entry] = []
    for side, points, reason, void in entries:
        if void is None and closed:
            void = Reason.GAME_ALREADY_WON
        elif void is None:
            if reason is Reason.PENALTY_REFUSED:
                points = game_points - (ns if side is _NS else ew)
            if side is _NS:
                ns += points
            else:
                ew += points
            if ns >= game_points or ew >= game_points:
                match.close(side, ns, ew, number)
                closed, ns, ew = True, 0, 0
        scored.append((side, points, reason, void))
    return scored, ns, ew


def _explained(number: int, hand: ReportedHand, game: int, scored: list[Entry], score_after: tuple[int, int],
               match: MatchGames, tables: ScoringTables, next_dealer: Seat | None,
               offset: tuple[Note, ...]) -> HandScore:
    notes = tables.played_notes[hand.out_of_turn] + (offset if not scored else ())
    closed = (game,) if match.number > game else ()
    return HandScore(
        number=number, hand=hand, game=game,
        awards=tuple(Award(side, points, reason, tables.award_laws[reason, void], void is None, void)
                     for side, points, reason, void in scored),
        score_after=score_after, games_closed=closed, next_dealer=next_dealer, notes=notes)


def score_match(hands: Sequence[ReportedHand], rulebook: Rulebook, *, explain: bool = True,
                first_dealer: Seat | None = None) -> RubberResult:
    """Score a match's hands in the order played (`score_rubber` calls this for a code without laps).

    Under the standard game to ten, a revoke by East-West ends the hand with North-South's two points:

    >>> from scoring.engine import parse_rubber
    >>> report = parse_rubber({"rulebook": "standard", "hands": [
    ...     {"maker": "N", "tricks": 3}, {"maker": "N", "tricks": 4, "revokes": {"EW": 1}}]})
    >>> result = score_match(report.hands, report.rulebook)
    >>> result.current_score, [(a.side.value, a.points, a.counted) for a in result.hands[1].awards]
    ((3, 0), [('NS', 2, True), ('NS', 1, False)])
    """
    rb, tables = rulebook, scoring_tables(rulebook)
    partnership, play_parcel, game_points = tables.partnership, tables.play_parcel, rb.winning.game_points
    dealers, refusal = deal_rotation(hands, first_dealer, rb)
    refused_at = len(dealers) + 1 if refusal is not None else 0
    match = MatchGames(rb, explain)
    explained: list[HandScore] = []
    ns = ew = 0
    offset: tuple[Note, ...] = ((Reason.REVOKES_OFFSET, rb.laws_for(Reason.REVOKES_OFFSET)),)

    for number, hand in enumerate(hands, 1):
        if match.complete:
            raise IllegalReport(f"the {rb.wording.match_word} was complete after hand {match.complete_at}; no more "
                                "hands may follow", hand=number)
        if number == refused_at and refusal is not None:
            raise refusal
        next_dealer = dealers[number - 1]
        if hand.result is not _PLAYED:
            if explain:
                explained.append(HandScore(number=number, hand=hand, game=match.number, awards=(),
                                           score_after=(ns, ew), games_closed=(), next_dealer=next_dealer,
                                           notes=tables.unplayed_notes[hand.result, hand.out_of_turn]))
            continue
        if (not explain and hand.revokes is NO_REVOKES and hand.wrong_cards is None and hand.signal is None
                and hand.thrown_in is None and hand.miscount is NO_MISCOUNT and hand.refused_penalty is None
                and hand.uncounted is NO_MISCOUNT):
            # The bulk path for a hand without penalties: one parcel, straight onto the tally.
            to_makers, points, _ = play_parcel(hand) if hand.alone else partnership[hand.tricks or 0]
            maker = hand.maker
            if (maker is _N or maker is _S) is to_makers:
                ns += points
                if ns >= game_points:
                    match.close(_NS, ns, ew, number)
                    ns = ew = 0
            else:
                ew += points
                if ew >= game_points:
                    match.close(_EW, ns, ew, number)
                    ns = ew = 0
            continue
        game = match.number
        scored, ns, ew = _scored(hand_entries(hand, rb, tables), match, ns, ew, number)
        if explain:
            explained.append(_explained(number, hand, game, scored, (ns, ew), match, tables,
                                        None if match.complete else next_dealer, offset))

    next_dealer = first_dealer if not hands else dealers[-1] if hands[0].dealer is not None else None
    return match.result((ns, ew), next_dealer, tuple(explained))
