"""What a hand gives and why, worked out once for each rulebook.

A played hand yields at most two parcels of points: the revoke parcel (laws 63 and 71) and the
play parcel (laws 2, 3, 50, 90, 102). Law 4 decides in the scorer how they meet the score. Both
the bulk and the explained scoring read the parcels, and the laws each award and game cites,
from the rulebook's `ScoringTables`, so each law's numbers and the reason they give are
written once, here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scoring.engine.hands import NO_REVOKES, HandResult, ReportedHand
from scoring.engine.results import Award, Note
from scoring.engine.rulebook import Reason, Rulebook
from scoring.engine.seats import Seat, Side

_N, _S = Seat.N, Seat.S  # the revoke parcel asks the makers' side by identity, the scorer's quickest test

Parcel = tuple[bool, int, Reason]
"""The play parcel before law 90: (to the makers?, points, reason)."""

Parcels = tuple[Parcel, bool, int, bool, tuple[bool, int] | None]
"""A played hand's parcels before law 4 weighs them against the tally (`ScoringTables.parcels`): the play parcel,
where its points go after law 90 (to NS?, points) and whether law 90 voided the offenders' own, and the revoke
parcel (to NS?, points), None when no revoke is left over."""

UNPLAYED_REASON: Mapping[HandResult, Reason] = {
    HandResult.PASSED: Reason.PASSED,
    HandResult.NEW_DEAL: Reason.NEW_DEAL,
    HandResult.MISDEAL: Reason.MISDEAL,
}
"""Why a deal that was not played scored nothing."""

_VOIDS = (None, Reason.WRONG_CARDS_VOID, Reason.LOST_TO_PRECEDENCE, Reason.OFFENDERS_VOID, Reason.REVOKE_ENDED_HAND,
          Reason.REPLACED_BY_THROWN_IN, Reason.GAME_ALREADY_WON, Reason.UNCOUNTED)


class ScoringTables:
    """A rulebook's scoring of one hand, and the laws its explanations cite, as tables (see `scoring_tables`)."""

    __slots__ = ("abandoned", "award_laws", "awards_for", "defended", "forfeit", "game_laws", "game_values", "lone",
                 "lone_partner_exposed", "partnership", "played_notes", "revoke", "unplayed_notes")

    def __init__(self, rb: Rulebook) -> None:
        point = (True, rb.points.point, Reason.POINT)
        lone_point = (True, rb.points.lone_point, Reason.LONE_POINT)
        lone_euchre = (False, rb.points.lone_euchre, Reason.LONE_EUCHRE)
        # The play parcel by the makers' tricks, none to all.
        self.partnership = _by_tricks(rb, (True, rb.points.march, Reason.MARCH), point,
                                      (False, rb.points.euchre, Reason.EUCHRE))  # law 2
        self.lone = _by_tricks(rb, (True, rb.points.lone_march, Reason.LONE_MARCH), lone_point, lone_euchre)  # law 3
        self.lone_partner_exposed = _by_tricks(  # law 102: a march is capped, a euchre still scores in full
            rb, (True, rb.points.partner_exposed_march, Reason.LONE_MARCH_PARTNER_EXPOSED), lone_point, lone_euchre)
        self.abandoned: Parcel = (True, rb.points.abandoned_lone_hand, Reason.ABANDONED)  # law 50, whatever the tricks
        # House rule: a lone hand defended alone scores as a lone hand, but its euchre gives its own points.
        self.defended = _by_tricks(rb, (True, rb.points.lone_march, Reason.LONE_MARCH), lone_point,
                                   (False, rb.points.defended_lone_euchre, Reason.DEFENDED_LONE_EUCHRE))
        # Penalties, indexed by `alone`.
        self.forfeit = (rb.points.wrong_cards_forfeit, rb.points.lone_wrong_cards_forfeit)  # law 90
        # Law 63, for each revoke left after law 71: the rulebook's award, by `alone` and by whether the makers
        # revoked (XXV: a lone hand's award is paid only by his adversaries, where the code says so).
        self.awards_for = rb.awards_for
        self.revoke = tuple(tuple(rb.revoke_award(Side.NS, Side.NS if by_makers else Side.EW, alone)
                                  for by_makers in (False, True)) for alone in (False, True))

        # The laws cited, by (reason, why the points were not counted).
        self.award_laws = {(reason, void): _once(rb.laws_for(reason), rb.laws_for(void) if void else ())
                           for reason in Reason for void in _VOIDS}
        # Law 7: what a game is worth, by whether it is a double.
        self.game_values = (rb.points.single_game, rb.points.double_game)
        # By (double, won at once by a lap carried in, lapped).
        self.game_laws = {
            (double, by_lap, lapped): _once(
                rb.laws_for(Reason.GAME), rb.laws_for(Reason.DOUBLE if double else Reason.SINGLE),
                rb.laws_for(Reason.WON_BY_LAP) if by_lap else (), rb.laws_for(Reason.LAP) if lapped else ())
            for double in (False, True) for by_lap in (False, True) for lapped in (False, True)
        }
        out_of_turn: Note = (Reason.DEAL_OUT_OF_TURN, rb.laws_for(Reason.DEAL_OUT_OF_TURN))
        self.played_notes: tuple[tuple[Note, ...], tuple[Note, ...]] = ((), (out_of_turn,))  # by `out_of_turn`
        self.unplayed_notes: dict[tuple[HandResult, bool], tuple[Note, ...]] = {}
        for result, reason in UNPLAYED_REASON.items():
            note = (reason, rb.laws_for(reason))
            self.unplayed_notes[result, False] = (note,)
            self.unplayed_notes[result, True] = (note, out_of_turn)

    def play_parcel(self, hand: ReportedHand) -> Parcel:
        """Laws 2, 3, 50 and 102 (and a house rule's lone defender): whether the makers or the defenders score
        from the play, how much, and why."""
        tricks = hand.tricks or 0
        if not hand.alone:
            return self.partnership[tricks]
        if hand.adversary_abandoned:
            return self.abandoned
        if hand.defended_alone is not None:
            return self.defended[tricks]
        return (self.lone_partner_exposed if hand.partner_exposed else self.lone)[tricks]

    def parcels(self, hand: ReportedHand) -> Parcels:
        """A played hand's parcels, a pure function of the hand: the tally weighs them in the scorer (law 4)."""
        parcel = self.play_parcel(hand)
        to_ns, points, voided = (hand.maker is _N or hand.maker is _S) is parcel[0], parcel[1], False
        if hand.wrong_cards is not None:
            to_ns, points, voided = self.wrong_cards(hand, to_ns, points)
        revokes = hand.revokes
        revoke = self.revoke_parcel(hand) if revokes is not NO_REVOKES and revokes.ns != revokes.ew else None
        return parcel, to_ns, points, voided, revoke

    def wrong_cards(self, hand: ReportedHand, to_ns: bool, points: int) -> tuple[bool, int, bool]:
        """Law 90: the side with the wrong cards scores nothing from the play; the other side takes the forfeit.

        From the play parcel (to NS?, points), returns the parcel as law 90 leaves it and whether the
        offenders' own points were voided.
        """
        voided = to_ns is (hand.wrong_cards is Side.NS)
        if voided:
            to_ns, points = not to_ns, 0
        return to_ns, points + self.forfeit[hand.alone], voided

    def revoke_parcel(self, hand: ReportedHand) -> tuple[bool, int]:
        """Laws 63 and 71: revokes on the two sides cancel one for one; each left over scores the rulebook's award
        (`Rulebook.revoke_award`) for the other side.

        Returns (to NS?, points); no points when the revokes cancel.
        """
        net = hand.revokes.ns - hand.revokes.ew
        maker = hand.maker
        return net < 0, self.awards_for(abs(net)) * self.revoke[hand.alone][(net > 0) is (maker is _N or maker is _S)]

    def awards(self, hand: ReportedHand, parcel: Parcel, voided: bool, lost: bool) -> tuple[Award, ...]:
        """A played hand's account: the revoke parcel, then the play parcel line by line, uncounted lines included.

        `voided` says law 90 took the play points from their side; `lost`, that law 4 did (revoke
        points ended the game first).
        """
        makers = hand.makers
        assert makers is not None, "a played hand has a maker"
        to_makers, points, reason = parcel
        void = Reason.WRONG_CARDS_VOID if voided else Reason.LOST_TO_PRECEDENCE if lost else None
        play = Award(makers if to_makers else makers.other, points, reason, self.award_laws[reason, void],
                     void is None, void)
        revokes, offenders = hand.revokes, hand.wrong_cards
        if offenders is None and revokes.ns == revokes.ew:
            return (play,)
        awards = []
        if revokes.ns != revokes.ew:
            to_ns, revoke_points = self.revoke_parcel(hand)
            awards.append(Award(Side.NS if to_ns else Side.EW, revoke_points, Reason.REVOKE,
                                self.award_laws[Reason.REVOKE, None]))
        awards.append(play)
        if offenders is not None:
            void = Reason.LOST_TO_PRECEDENCE if lost else None
            awards.append(Award(offenders.other, self.forfeit[hand.alone], Reason.WRONG_CARDS,
                                self.award_laws[Reason.WRONG_CARDS, void], void is None, void))
        return tuple(awards)


def _by_tricks(rb: Rulebook, march: Parcel, point: Parcel, euchre: Parcel) -> tuple[Parcel, ...]:
    """A parcel for each number of tricks the makers may take: all (a march), enough (a point), or too few."""
    tricks_per_hand, tricks_to_make = rb.points.tricks_per_hand, rb.points.tricks_to_make
    return tuple(march if tricks == tricks_per_hand else point if tricks >= tricks_to_make else euchre
                 for tricks in range(tricks_per_hand + 1))


def _once(*laws: Iterable[int]) -> tuple[int, ...]:
    """The laws in the order first cited, each once."""
    return tuple(dict.fromkeys(n for group in laws for n in group))


_KEPT: dict[int, tuple[Rulebook, ScoringTables]] = {}


def scoring_tables(rulebook: Rulebook) -> ScoringTables:
    """The rulebook's tables, built on first use and kept with the rulebook (rulebooks are few and never change)."""
    kept = _KEPT.get(id(rulebook))
    if kept is None:
        kept = _KEPT[id(rulebook)] = (rulebook, ScoringTables(rulebook))
    return kept[1]
