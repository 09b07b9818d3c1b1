"""The hands the readers have read, each with its step on the tally, worked out once under each rulebook.

A club's rubbers repeat a few hundred shapes of hand, and the readers hand back one kept object for each
shape they have read under a rulebook (`interchange`). For such a hand the bulk scorer needs only its step:
whose deal it was, whose deal is next, and which side the play gives how many points. The step is a pure
function of the hand and the rulebook, so it is worked out when the hand is first kept, by the same tables
and rules the scorer reads (`awards`, `deals`), and looked up by the hand's identity after that. A hand with a
penalty keeps only whose deal it was and whose is next (and, under a code without laps, its entries), and is
scored on its own in its place. A hand whose deal the scorer must check itself (a deal out of turn, a declaration
from the wrong seat, no dealer named) keeps neither: its rubber is then scored hand by hand, which also says what
is wrong.
"""

from __future__ import annotations

from scoring.engine.awards import Parcels, scoring_tables
from scoring.engine.deals import deals_again, misdeclared_by
from scoring.engine.hands import NO_MISCOUNT, NO_REVOKES, HandResult, ReportedHand
from scoring.engine.match import Entry, hand_entries
from scoring.engine.rulebook import Rulebook
from scoring.engine.seats import LEFT_OF, Seat, Side

Step = tuple[Seat, Seat, int]
"""A hand's step: its dealer, the next dealer, and the points the play gives, counted up for North-South and down
for East-West (none for a deal not played): one number, so the bulk scorer asks one question a hand."""

Ahead = tuple[Entry, ...] | Parcels | None
"""What a hand with a penalty gives, worked out ahead: its entries under a code without laps (`hand_entries`), its
parcels under one with laps (`ScoringTables.parcels`), for the games to weigh against the tally; None, not yet."""

Dealt = tuple[Seat, Seat, Ahead]
"""A hand with a penalty: its dealer, the next dealer, and what it gives (`Ahead`)."""

_PLAYED = HandResult.PLAYED


class KnownHands:
    """The hands kept under one rulebook, by the hand's identity: the step of each plain hand (`steps`), and whose
    deal it was and whose is next for each hand with a penalty (`dealt`, the hand then scored on its own, and
    under a code without laps, whose tally does not change what the hand gives, its entries worked out too). The
    hands are kept here too, so an identity looked up always names the hand it was taken from."""

    __slots__ = ("dealt", "hands", "laps", "rulebook", "steps", "tables")

    def __init__(self, rulebook: Rulebook) -> None:
        self.rulebook = rulebook
        self.tables = scoring_tables(rulebook)
        self.laps = rulebook.winning.laps
        self.steps: dict[int, Step] = {}
        self.dealt: dict[int, Dealt] = {}
        self.hands: list[ReportedHand] = []

    def keep(self, hand: ReportedHand) -> None:
        """Work out and keep the hand's step, or whose deal it was, if the bulk scorer can take it."""
        key = id(hand)
        if key in self.steps or key in self.dealt:
            return
        dealt = dealt_of(hand, self.rulebook)
        if dealt is None:
            return
        self.hands.append(hand)
        if hand.result is not _PLAYED:
            self.steps[key] = (*dealt, 0)
        elif plain(hand):
            to_makers, points, _ = self.tables.play_parcel(hand)
            maker = hand.maker
            assert maker is not None, "a played hand has a maker"
            self.steps[key] = (*dealt, points if (maker.side is Side.NS) is to_makers else -points)
        else:
            tables = self.tables
            self.dealt[key] = (*dealt, tables.parcels(hand) if self.laps else hand_entries(hand, self.rulebook, tables))


_KNOWN: dict[int, KnownHands] = {}


def known_hands(rulebook: Rulebook) -> KnownHands:
    """The hands kept under the rulebook (rulebooks are few, never change, and are kept by the readers)."""
    known = _KNOWN.get(id(rulebook))
    if known is None or known.rulebook is not rulebook:
        known = _KNOWN[id(rulebook)] = KnownHands(rulebook)
    return known


def dealt_of(hand: ReportedHand, rulebook: Rulebook) -> tuple[Seat, Seat] | None:
    """Whose deal the hand was and whose deal is next (laws 28, 33, 41, 77; XXVI's offset revokes deal again),
    or None where the scorer must check the deal itself: no dealer named, a deal out of turn, or a trump declared
    from a seat that could not declare it."""
    dealer = hand.dealer
    if dealer is None or hand.out_of_turn:
        return None
    if (hand.declaration is not None or hand.declared_by is not None) and misdeclared_by(hand, dealer, rulebook):
        return None
    return dealer, dealer if deals_again(hand, rulebook) else LEFT_OF[dealer]


def plain(hand: ReportedHand) -> bool:
    """Whether a played hand carries no penalty: its points are the play's alone."""
    return (hand.revokes is NO_REVOKES and hand.wrong_cards is None and hand.signal is None
            and hand.thrown_in is None and hand.miscount is NO_MISCOUNT and hand.uncounted is NO_MISCOUNT
            and hand.refused_penalty is None)
