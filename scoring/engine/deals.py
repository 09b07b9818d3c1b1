"""Whose deal each hand was and whose is next, and whether the trump could have been declared from where
it was: checks every code shares, each reading its own rules from the rulebook."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.engine.errors import IllegalReport, MalformedRubber, RubberError
from scoring.engine.hands import NO_REVOKES, Declaration, HandResult, ReportedHand
from scoring.engine.rulebook import SEATS_WORDS, Rulebook
from scoring.engine.rulebook.matters import Matter
from scoring.engine.seats import LEFT_OF, Seat
from scoring.engine.words import DECLARATION_WORDS, SEAT_WORDS

_NEW_DEAL, _PLAYED = HandResult.NEW_DEAL, HandResult.PLAYED


def deals_again(hand: ReportedHand, rulebook: Rulebook) -> bool:
    """Whether the same dealer deals the next hand: a new deal (laws 33, 34, 39, 43-44), or a hand whose
    revokes on both sides offset (XXVI)."""
    if hand.result is _NEW_DEAL:
        return True
    return rulebook.penalties.revokes_offset and hand.result is _PLAYED and bool(hand.revokes.ns and hand.revokes.ew)


def deal_rotation(hands: Sequence[ReportedHand], first_dealer: Seat | None,
                  rulebook: Rulebook) -> tuple[list[Seat | None], RubberError | None]:
    """Who is to deal after each hand (laws 28, 33, 40, 41, 77), up to the first hand whose dealer is wrong
    or whose trump was declared from a seat that could not declare it (laws 74-76, 93-95; 1877 §6-§7).

    Returns those dealers and the error for the wrong hand, if there is one; the scorer raises
    it on reaching that hand, unless the rubber was already over. A rubber names no dealers
    at all, or names every one.
    """
    if not hands or hands[0].dealer is None:
        for number, hand in enumerate(hands, 1):
            if hand.dealer is not None:
                return [first_dealer] * (number - 1), _mixed_dealers(number)
        return [first_dealer] * len(hands), None
    dealers: list[Seat | None] = []
    expected = first_dealer
    offsets = rulebook.penalties.revokes_offset
    for number, hand in enumerate(hands, 1):
        dealer = hand.dealer
        if dealer is None:
            return dealers, _mixed_dealers(number)
        if dealer is not expected and expected is not None and not hand.out_of_turn:
            return dealers, IllegalReport(
                f"{SEAT_WORDS[dealer]} dealt out of turn; it was {SEAT_WORDS[expected]}'s deal "
                "(if the deal stood under law 40, mark it as dealt out of turn)",
                hand=number, field="dealer",
            )
        # Only a hand that says how trump was made, or who declared it, can have declared it from the wrong seat.
        if hand.declaration is not None or hand.declared_by is not None:
            misdeclared = misdeclared_by(hand, dealer, rulebook)
            if misdeclared:
                return dealers, IllegalReport(misdeclared, hand=number, field="declaration")
        # A played hand is dealt again only when its revokes offset (`deals_again`, XXVI).
        if hand.result is not _PLAYED or (offsets and hand.revokes is not NO_REVOKES):
            expected = dealer if deals_again(hand, rulebook) else LEFT_OF[dealer]
        else:
            expected = LEFT_OF[dealer]
        dealers.append(expected)
    return dealers, None


def misdeclared_by(hand: ReportedHand, dealer: Seat, rulebook: Rulebook) -> str:
    """Why the hand's declaration cannot come from its declarer's seat, or "" when it can."""
    declarer, maker = hand.declarer, hand.maker
    if declarer is None or maker is None:
        return ""
    if rulebook.house.canadian_loner and hand.declaration is Declaration.ASSISTED and (
            maker is not dealer.partner or not hand.alone or hand.declared_by is not None):
        return (f"{SEAT_WORDS[dealer.partner]} ordered {SEAT_WORDS[dealer]} up, so {SEAT_WORDS[dealer.partner]} "
                f"plays the hand alone himself{rulebook.noted(Matter.CANADIAN_LONER)}")
    rule = rulebook.declarers.get(hand.declaration) if hand.declaration is not None else None
    if rule is not None and declarer.position_after(dealer) not in rule[0]:
        seats, laws = rule
        word = DECLARATION_WORDS[hand.declaration] if hand.declaration else ""
        return (f"{SEAT_WORDS[declarer]} cannot have {word} when {SEAT_WORDS[dealer]} dealt: only "
                f"{SEATS_WORDS[seats]} can ({rulebook.cite(laws)})")
    laws = rulebook.lone_taken_by_later_partner
    if laws and hand.declared_by is not None and maker.position_after(dealer) < declarer.position_after(dealer):
        return (f"{SEAT_WORDS[maker]} cannot take the hand out of {SEAT_WORDS[declarer]}'s hands and play it "
                f"alone: he had his turn first and passed ({rulebook.cite(laws)})")
    return ""


def _mixed_dealers(number: int) -> MalformedRubber:
    return MalformedRubber("either every hand names its dealer or none does", hand=number, field="dealer")
